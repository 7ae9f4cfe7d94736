import Foundation
import MotionTestSupport
import Testing

/// `motionlab report VIDEO` in a real browser: the page's player script runs under the page's
/// own Content-Security-Policy (admitted by its hash) without a console error.
@Suite("motionlab report of a video in a browser")
struct VideoReportBrowserTests {
    typealias S = ReportTestSupport

    /// The HTML report of the sample video's x channel, written to `directory/report.html`.
    private func makeReport(in directory: URL) throws -> URL {
        let video = MotionLabExecutable.repositoryRoot.appendingPathComponent("data/video/css-spring-translate.mp4").path
        let out = directory.appendingPathComponent("report.html")
        let result = try MotionLabExecutable.run(["report", video, "--column", "x", "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        return out
    }

    @Test(.chromiumInstalled, .timeLimit(.minutes(5)))
    func playerRunsWithoutErrors() throws {
        let dir = try S.temporaryDirectory()
        defer { S.remove(dir) }
        let out = try makeReport(in: dir)
        let page = try String(contentsOf: out, encoding: .utf8)
        #expect(page.contains("class=\"player\" hidden=\"hidden\""))
        #expect(page.components(separatedBy: "<figure class=\"frame\">").count - 1 == 6)

        let dump = try Chromium.run(["--enable-logging=stderr", "--v=0", "--dump-dom", out.absoluteString],
                                    profile: dir.appendingPathComponent("profile"))
        #expect(dump.status == 0)
        let errors = Chromium.consoleErrors(dump.stderr)
        #expect(errors.isEmpty, "\(errors)")
        // The script ran: the player is shown and shows the first sample's time.
        #expect(dump.stdout.contains("<div class=\"player\" data-t="), "\(dump.stdout.prefix(400))")
        #expect(dump.stdout.contains("<output>0.000 s</output>"))
    }

    @Test(.chromiumInstalled, .timeLimit(.minutes(5)))
    func scrubAndPlayMoveTheDots() throws {
        let dir = try S.temporaryDirectory()
        defer { S.remove(dir) }
        let out = try makeReport(in: dir)
        let html = try String(contentsOf: out, encoding: .utf8)
        // The player's numbers, read from the page, give where the dots must be.
        func numbers(_ name: String) throws -> [Double] {
            let range = try #require(html.range(of: "\(name)=\"[^\"]*\"", options: .regularExpression))
            return html[range].dropFirst(name.count + 2).dropLast().split(separator: " ").compactMap { Double($0) }
        }
        let (t, a, b) = (try numbers("data-t"), try numbers("data-a"), try numbers("data-b"))
        let (lo, hi) = ((a + b).min()!, (a + b).max()!)
        let x = { (v: Double) in 20 + 360 * (v - lo) / (hi - lo) }
        // A probe (the CSP removed so it may run) scrubs to the end, then plays from the start for 0.3 s.
        let probe = """
            <script>
            window.addEventListener('load', function () {
              var p = document.querySelector('.player'), s = p.querySelector('input'), c = p.querySelectorAll('circle');
              s.value = s.max; s.dispatchEvent(new Event('input'));
              var scrub = { out: p.querySelector('output').textContent, a: +c[0].getAttribute('cx'), b: +c[1].getAttribute('cx') };
              s.value = 0; s.dispatchEvent(new Event('input'));
              p.querySelectorAll('button')[0].click();
              setTimeout(function () {
                var pre = document.createElement('pre'); pre.id = 'probe';
                pre.textContent = JSON.stringify({ scrub: scrub, played: parseFloat(p.querySelector('output').textContent), hidden: p.hidden });
                document.body.appendChild(pre);
              }, 300);
            });
            </script>
            """
        let probed = dir.appendingPathComponent("probe.html")
        try Chromium.writeProbe(of: html, script: probe, to: probed)
        let dump = try Chromium.run(["--enable-logging=stderr", "--v=0", "--virtual-time-budget=3000", "--dump-dom", probed.absoluteString],
                                    profile: dir.appendingPathComponent("profile"))
        #expect(dump.status == 0)
        let json = try Chromium.probeResult(dump.stdout)
        let scrub = try #require(json["scrub"] as? [String: Any])
        #expect(scrub["out"] as? String == String(format: "%.3f s", t.last!))
        #expect(abs((scrub["a"] as? Double ?? .nan) - x(a.last!)) < 1e-6)
        #expect(abs((scrub["b"] as? Double ?? .nan) - x(b.last!)) < 1e-6)
        #expect(json["hidden"] as? Bool == false)
        // Played in real time for 0.3 s: the time shown moved on, and not past the end.
        let played = json["played"] as? Double ?? .nan
        #expect(played > 0 && played <= t.last!, "\(played)")
    }
}
