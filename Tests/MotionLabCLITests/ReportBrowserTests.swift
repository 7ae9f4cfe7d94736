import Foundation
import Testing

/// Chromium, when installed (CI installs Debian's `chromium`; locally: `apt-get install -y chromium`).
enum Chromium {
    static let path: String? = {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
            for directory in directories {
                let candidate = "\(directory)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }()

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs headless Chromium with a throw-away profile; gives up after `timeout` seconds.
    static func run(_ arguments: [String], profile: URL, timeout: TimeInterval = 90) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(path))
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
                             "--no-first-run", "--disable-extensions", "--user-data-dir=\(profile.path)"] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        // Collect both pipes on their own threads so neither can fill up and block Chromium.
        let collected = Collected()
        let group = DispatchGroup()
        for (pipe, isError) in [(out, false), (err, true)] {
            group.enter()
            DispatchQueue.global().async {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                collected.set(data, isError: isError)
                group.leave()
            }
        }
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning {
            process.terminate()
            Issue.record("chromium did not finish within \(Int(timeout)) s")
        }
        process.waitUntilExit()
        group.wait()
        return Run(status: process.terminationStatus, stdout: String(decoding: collected.out, as: UTF8.self),
                   stderr: String(decoding: collected.err, as: UTF8.self))
    }

    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        var out = Data(), err = Data()
        func set(_ data: Data, isError: Bool) {
            lock.lock()
            if isError { err = data } else { out = data }
            lock.unlock()
        }
    }
}

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

    /// Console messages and script errors Chromium writes to stderr with --enable-logging=stderr.
    private func consoleErrors(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter { line in
            line.contains("Uncaught") || line.contains("CONSOLE") || line.contains("Refused to")
                || line.contains("Failed to load resource") || line.contains("net::ERR_")
        }
    }

    @Test(.enabled(if: Chromium.path != nil,
                   "Chromium is not installed (CI installs it; locally: apt-get install -y chromium) — browser test skipped"),
          .timeLimit(.minutes(5)))
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
        #expect(consoleErrors(shot.stderr).isEmpty, "\(consoleErrors(shot.stderr))")
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
        var html = try String(contentsOfFile: report, encoding: .utf8)
        let csp = try #require(html.range(of: #"<meta http-equiv="Content-Security-Policy"[^>]*/>"#, options: .regularExpression))
        html.removeSubrange(csp)
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
        html = html.replacingOccurrences(of: "</body>", with: probe + "\n</body>")
        let probed = dir.appendingPathComponent("probe.html")
        try html.write(to: probed, atomically: true, encoding: .utf8)
        let dump = try Chromium.run(["--enable-logging=stderr", "--v=0", "--dump-dom", probed.absoluteString], profile: profile)
        #expect(dump.status == 0)
        #expect(consoleErrors(dump.stderr).isEmpty, "\(consoleErrors(dump.stderr))")
        let start = try #require(dump.stdout.range(of: "<pre id=\"probe\">"))
        let end = try #require(dump.stdout.range(of: "</pre>", range: start.upperBound..<dump.stdout.endIndex))
        let text = String(dump.stdout[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
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
