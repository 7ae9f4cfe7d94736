import Foundation
import Testing

/// Headless Chromium, when installed (CI installs Debian's `chromium`; locally:
/// `apt-get install -y chromium`): the browser that judges the HTML pages the tools write.
public enum Chromium {
    /// The browser's executable, found on `PATH`; nil when none is installed.
    public static let path: String? = {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
            for directory in directories {
                let candidate = "\(directory)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }()

    /// What a run of the browser gave.
    public struct Run {
        /// The exit status.
        public var status: Int32
        /// Standard output (the page's DOM with `--dump-dom`).
        public var stdout: String
        /// Standard error (console messages with `--enable-logging=stderr`).
        public var stderr: String
    }

    /// Runs headless Chromium with a throw-away profile; gives up after `timeout` seconds.
    ///
    /// - Parameters:
    ///   - arguments: the arguments after the headless ones, ending with the page's URL.
    ///   - profile: a directory for the browser's profile.
    ///   - timeout: the seconds after which the browser is stopped and the test fails.
    public static func run(_ arguments: [String], profile: URL, timeout: TimeInterval = 90) throws -> Run {
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

    /// The console messages, script errors and refused or failed loads among what Chromium writes
    /// to stderr with `--enable-logging=stderr`.
    ///
    /// - Parameter stderr: a run's standard error.
    public static func consoleErrors(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter { line in
            line.contains("Uncaught") || line.contains("CONSOLE") || line.contains("Refused to")
                || line.contains("Failed to load resource") || line.contains("net::ERR_")
        }
    }

    /// Writes a copy of a page with `script` run in it: the page's Content-Security-Policy,
    /// which would block the script, removed, and the script put before `</body>`.
    ///
    /// - Parameters:
    ///   - html: the page.
    ///   - script: a `<script>` element that measures the page and writes its findings as JSON
    ///     into a `<pre id="probe">` element (read back by ``probeResult(_:)``).
    ///   - url: where to write the copy.
    public static func writeProbe(of html: String, script: String, to url: URL) throws {
        var html = html
        let csp = try #require(html.range(of: #"<meta http-equiv="Content-Security-Policy"[^>]*/>"#, options: .regularExpression))
        html.removeSubrange(csp)
        html = html.replacingOccurrences(of: "</body>", with: script + "\n</body>")
        try html.write(to: url, atomically: true, encoding: .utf8)
    }

    /// The JSON object a probe script (``writeProbe(of:script:to:)``) wrote into the page.
    ///
    /// - Parameter dom: the page's DOM, as `--dump-dom` prints it.
    public static func probeResult(_ dom: String) throws -> [String: Any] {
        let start = try #require(dom.range(of: "<pre id=\"probe\">"))
        let end = try #require(dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex))
        let text = String(dom[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
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

extension Trait where Self == ConditionTrait {
    /// Runs a test only where Chromium is installed (CI installs it); elsewhere it is skipped
    /// with a note saying how to install it.
    public static var chromiumInstalled: Self {
        .enabled(if: Chromium.path != nil,
                 "Chromium is not installed (CI installs it; locally: apt-get install -y chromium) — browser test skipped")
    }
}
