import Foundation
import MotionTestSupport
import Testing

/// The HTML report in a real browser: it renders, logs no errors, and every plot has a size.
@Suite("motionlab report in a browser")
struct ReportBrowserTests {
    typealias S = ReportTestSupport

    /// A report with every kind of section, written to `directory/report.html`.
    private func makeReport(in directory: URL) throws -> (path: String, plots: Int) {
        let csv = directory.appendingPathComponent("step.csv")
        try S.write(S.stepCSV(), csv)
        let timeline = MotionLabExecutable.repositoryRoot.appendingPathComponent("data/timelines/spec-example.json").path
        let out = directory.appendingPathComponent("report.html").path
        let result = try MotionLabExecutable.run(["report", "--preset", "bouncy", "easeInOut", timeline, csv.path, "--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOfFile: out, encoding: .utf8)
        return (out, html.components(separatedBy: "<svg ").count - 1)
    }

    @Test(.chromiumInstalled, .timeLimit(.minutes(5)))
    func rendersWithoutErrors() throws {
        let dir = try S.temporaryDirectory()
        defer { S.remove(dir) }
        let profile = dir.appendingPathComponent("profile")
        let (report, plotCount) = try makeReport(in: dir)
        #expect(plotCount == 3 + 2 + 1 + 2)  // spring, curve, timeline, recording

        // 1. A screenshot of the report as it is (its CSP forbids scripts and network loads).
        let screenshot = dir.appendingPathComponent("report.png")
        let shot = try Chromium.run(["--enable-logging=stderr", "--v=0", "--screenshot=\(screenshot.path)",
                                     "--window-size=1200,2000", URL(fileURLWithPath: report).absoluteString], profile: profile)
        #expect(shot.status == 0, "\(shot.stderr.suffix(2000))")
        #expect(Chromium.consoleErrors(shot.stderr).isEmpty, "\(Chromium.consoleErrors(shot.stderr))")
        let png = try Data(contentsOf: screenshot)
        #expect(png.count > 20_000, "a blank screenshot? \(png.count) bytes")
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        // IHDR: width and height, big-endian, at bytes 16–23.
        let size = (png[16..<20].reduce(0) { $0 << 8 | Int($1) }, png[20..<24].reduce(0) { $0 << 8 | Int($1) })
        #expect(size.0 == 1200 && size.1 == 2000, "\(size)")
        if let keep = ProcessInfo.processInfo.environment["MOTIONLAB_KEEP_SCREENSHOT"] {
            try? FileManager.default.removeItem(atPath: keep)
            try FileManager.default.copyItem(at: screenshot, to: URL(fileURLWithPath: keep))
        }

        // 2. The layout, measured by the browser: a copy of the page with a probe script (and
        // without the CSP that would block it) writes each plot's rendered size into the DOM.
        let probe = """
            <script>
            window.__errors = [];
            window.addEventListener('error', function (e) { window.__errors.push(String(e.message)); });
            (function () {
              var out = [];
              document.querySelectorAll('svg.plot').forEach(function (svg) {
                var r = svg.getBoundingClientRect();
                out.push({ id: svg.id, width: r.width, height: r.height,
                           polylines: svg.querySelectorAll('polyline').length,
                           points: Array.prototype.map.call(svg.querySelectorAll('polyline'), function (p) { return p.points.numberOfItems; }) });
              });
              var pre = document.createElement('pre');
              pre.id = 'probe';
              pre.textContent = JSON.stringify({ plots: out, errors: window.__errors });
              document.body.appendChild(pre);
            })();
            </script>
            """
        let probed = dir.appendingPathComponent("probe.html")
        try Chromium.writeProbe(of: try String(contentsOfFile: report, encoding: .utf8), script: probe, to: probed)
        let dump = try Chromium.run(["--enable-logging=stderr", "--v=0", "--dump-dom", probed.absoluteString], profile: profile)
        #expect(dump.status == 0)
        #expect(Chromium.consoleErrors(dump.stderr).isEmpty, "\(Chromium.consoleErrors(dump.stderr))")
        let json = try Chromium.probeResult(dump.stdout)
        #expect((json["errors"] as? [Any])?.isEmpty == true, "\(json["errors"] ?? "")")
        let plots = try #require(json["plots"] as? [[String: Any]])
        #expect(plots.count == plotCount)
        for plot in plots {
            let (width, height) = ((plot["width"] as? Double) ?? 0, (plot["height"] as? Double) ?? 0)
            #expect(width > 200 && height > 100, "\(plot["id"] ?? "?") is \(width) × \(height)")
            #expect((plot["polylines"] as? Int ?? 0) > 0)
            #expect((plot["points"] as? [Int] ?? []).allSatisfy { $0 >= 2 })
        }
    }
}
