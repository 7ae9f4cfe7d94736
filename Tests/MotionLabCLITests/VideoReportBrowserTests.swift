import Foundation
import Testing

/// `motionlab report VIDEO` in a real browser: the page's player script runs under the page's
/// own Content-Security-Policy (admitted by its hash) without a console error.
@Suite("motionlab report of a video in a browser")
struct VideoReportBrowserTests {
    typealias S = ReportTestSupport

    @Test(.enabled(if: Chromium.path != nil,
                   "Chromium is not installed (CI installs it; locally: apt-get install -y chromium) — browser test skipped"),
          .timeLimit(.minutes(5)))
    func playerRunsWithoutErrors() throws {
        let dir = try S.temporaryDirectory()
        defer { S.remove(dir) }
        let video = MotionLabExecutable.repositoryRoot.appendingPathComponent("data/video/css-spring-translate.mp4").path
        let out = dir.appendingPathComponent("report.html")
        let result = try MotionLabExecutable.run(["report", video, "--column", "x", "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let page = try String(contentsOf: out, encoding: .utf8)
        #expect(page.contains("class=\"player\" hidden=\"hidden\""))
        #expect(page.components(separatedBy: "<figure class=\"frame\">").count - 1 == 6)

        let dump = try Chromium.run(["--enable-logging=stderr", "--v=0", "--dump-dom", out.absoluteString],
                                    profile: dir.appendingPathComponent("profile"))
        #expect(dump.status == 0)
        let errors = dump.stderr.split(separator: "\n").filter {
            $0.contains("Uncaught") || $0.contains("CONSOLE") || $0.contains("Refused to") || $0.contains("net::ERR_")
        }
        #expect(errors.isEmpty, "\(errors)")
        // The script ran: the player is shown and shows the first sample's time.
        #expect(dump.stdout.contains("<div class=\"player\" data-t="), "\(dump.stdout.prefix(400))")
        #expect(dump.stdout.contains("<output>0.000 s</output>"))
    }
}
