import Foundation
import FoundationXML
import MotionTestSupport
import Testing

/// Helpers for the report tests: temporary directories, small recordings, parsed output.
enum ReportTestSupport {
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("motionlab-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Makes `url` and everything in it writable again, then removes it.
    static func remove(_ url: URL) {
        if let names = try? FileManager.default.subpathsOfDirectory(atPath: url.path) {
            for name in names {
                try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.appendingPathComponent(name).path)
            }
        }
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        try? FileManager.default.removeItem(at: url)
    }

    /// A short recorded step (a critically damped spring from 0 to 100 at 0.05 s, 60 Hz).
    static func stepCSV(header: String = "time,y") -> String {
        var lines = [header]
        for i in 0..<48 {
            let t = Double(i) / 60
            let u = max(0, t - 0.05) * 12
            lines.append("\(t),\(100 * (1 - (1 + u) * exp(-u)))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func write(_ text: String, _ url: URL) throws {
        try text.write(to: url, atomically: false, encoding: .utf8)
    }

    static func elements(_ element: XMLElement) -> [XMLElement] {
        [element] + (element.children ?? []).compactMap { $0 as? XMLElement }.flatMap(elements)
    }

    /// An attribute by name (FoundationXML's `attribute(forName:)` misses attributes in SVG's namespace).
    static func attribute(_ element: XMLElement, _ name: String) -> String? {
        element.attributes?.first { $0.name == name || $0.localName == name }?.stringValue
    }

    static func html(_ text: String) throws -> [XMLElement] {
        let document = try XMLDocument(xmlString: text, options: [])
        return elements(try #require(document.rootElement()))
    }
}

@Suite("motionlab report")
struct ReportCommandTests {
    typealias S = ReportTestSupport

    @Test func springToStandardOutput() throws {
        let result = try MotionLabExecutable.run(["report", "--preset", "bouncy"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.hasPrefix("<!DOCTYPE html>"))
        let all = try S.html(result.stdout)
        let svgs = all.filter { $0.localName == "svg" }
        #expect(svgs.count == 3)  // position, settling detail, velocity
        let text = all.compactMap(\.stringValue).joined(separator: "\n")
        for phrase in ["SwiftUI's estimate", "exact settling", "Flutter SpringDescription", "Figma custom spring", "rise time"] {
            #expect(text.contains(phrase), "missing \(phrase)")
        }
    }

    @Test func curves() throws {
        let result = try MotionLabExecutable.run(["report", "circularEaseIn", "--bezier", "0.3,-0.2,0.2,1.1", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try result.json()
        let sections = try #require(json["sections"] as? [[String: Any]])
        #expect(sections.map { $0["kind"] as? String } == ["overview", "curve", "curve"])
        #expect(sections.map { $0["heading"] as? String }.contains("Curve: circularEaseIn"))
        let css = try MotionLabExecutable.run(["report", "--curve", "ease", "--css", "--format", "json"])
        #expect(css.status == 0, "\(css.stderr)")
        #expect(css.stdout.contains("cubic-bezier(0.25, 0.1, 0.25, 1)"))
    }

    @Test func timelineAndRecordingAsJSON() throws {
        let dir = try S.temporaryDirectory()
        defer { S.remove(dir) }
        let csv = dir.appendingPathComponent("step.csv")
        try S.write(S.stepCSV(), csv)
        let timeline = MotionLabExecutable.repositoryRoot.appendingPathComponent("data/timelines/spec-example.json").path
        let result = try MotionLabExecutable.run(["report", timeline, csv.path, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try result.json()
        let sections = try #require(json["sections"] as? [[String: Any]])
        #expect(sections.map { $0["kind"] as? String } == ["overview", "timeline", "recording"])
        let blocks = try #require(sections[2]["blocks"] as? [[String: Any]])
        let code = blocks.filter { $0["type"] as? String == "code" }.compactMap { $0["language"] as? String }
        #expect(Set(code).isSuperset(of: ["swift", "css", "json"]), "\(code)")
        let fits = try #require(blocks.first { ($0["columns"] as? [String])?.first == "model" })
        #expect((fits["rows"] as? [[Any]])?.count == 3)
        let plots = blocks.filter { $0["type"] as? String == "plot" }
        #expect(plots.count == 2)  // data with fits; residuals
    }

    @Test func markdownWithPlotFilesBesideIt() throws {
        let dir = try S.temporaryDirectory()
        defer { S.remove(dir) }
        let out = dir.appendingPathComponent("spring report.md").path
        let result = try MotionLabExecutable.run(["report", "--duration", "0.4", "--bounce", "0.2", "--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Wrote \(out)"))
        let md = try String(contentsOfFile: out, encoding: .utf8)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".svg") }.sorted()
        #expect(names == ["spring report-plot-1.svg", "spring report-plot-2.svg", "spring report-plot-3.svg"])
        for name in names {
            #expect(md.contains("](\(name.replacingOccurrences(of: " ", with: "%20")))"), "\(name) is not linked")
            let svg = try XMLDocument(contentsOf: dir.appendingPathComponent(name), options: [])
            #expect(svg.rootElement()?.localName == "svg")
        }
        // Markdown needs a file to put the plots beside.
        let stdout = try MotionLabExecutable.run(["report", "--preset", "smooth", "--format", "md"])
        #expect(stdout.status != 0)
        #expect(stdout.stdout.isEmpty)
        #expect(stdout.stderr.contains("--out"))
    }

    /// A hostile column header and file name appear escaped in HTML, SVG and Markdown, exactly in JSON.
    @Test func inputStringsAreEscaped() throws {
        let dir = try S.temporaryDirectory()
        defer { S.remove(dir) }
        let hostile = "<script>alert(1)</script>&\"'"
        let csv = dir.appendingPathComponent("rec<1>&\"'.csv")
        try S.write(S.stepCSV(header: "time,\(hostile)"), csv)

        let html = try MotionLabExecutable.run(["report", csv.path])
        #expect(html.status == 0, "\(html.stderr)")
        #expect(!html.stdout.contains("<script"))
        #expect(!html.stdout.contains("rec<1>"))
        #expect(html.stdout.contains("&lt;script&gt;alert(1)&lt;/script&gt;&amp;&quot;&#39;"))
        #expect(html.stdout.contains("rec&lt;1&gt;&amp;&quot;&#39;.csv"))
        let all = try S.html(html.stdout)
        #expect(!all.contains { $0.localName == "script" })
        #expect(all.compactMap(\.stringValue).contains { $0.contains("rec<1>&\"'.csv") }, "the parsed text is the file name")

        let out = dir.appendingPathComponent("r.md").path
        let md = try MotionLabExecutable.run(["report", csv.path, "--out", out])
        #expect(md.status == 0, "\(md.stderr)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(!MarkdownText.outsideFences(text).contains("<script"))
        #expect(!text.contains("rec<1>"))
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) where name.hasSuffix(".svg") {
            let svg = try String(contentsOfFile: dir.appendingPathComponent(name).path, encoding: .utf8)
            #expect(!svg.contains("<script"), "\(name)")
        }

        let json = try MotionLabExecutable.run(["report", csv.path, "--format", "json"])
        #expect(json.status == 0)
        #expect(json.stdout.contains(#""<script>alert(1)</script>&\"'""#))  // JSON escaping only
    }

    @Test func badInputs() throws {
        let dir = try S.temporaryDirectory()
        defer { S.remove(dir) }
        let notes = dir.appendingPathComponent("notes.txt")
        try S.write("hello, world\n", notes)
        let locked = dir.appendingPathComponent("locked.csv")
        try S.write(S.stepCSV(), locked)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked.path)
        let badCSV = dir.appendingPathComponent("bad.csv")
        try S.write("time,y\n0,1\n0.1,oops\n", badCSV)
        let badJSON = dir.appendingPathComponent("bad.json")
        try S.write("{\"initialValue\": 0, \"keyframes\": [{\"type\": \"wobble\"}]}", badJSON)
        let out = dir.appendingPathComponent("out.html").path
        let cases: [([String], String)] = [
            ([notes.path], "unknown file type"),
            ([locked.path], "not readable"),
            ([dir.path], "is a directory"),
            ([dir.appendingPathComponent("missing.csv").path], "no such file"),
            ([badCSV.path], "bad.csv:3: column"),
            ([badJSON.path], "wobble"),
            (["--preset", "smooth", "--format", "pdf"], "--format"),
            (["--curve", "wobbly"], "wobbly"),
        ]
        for (arguments, words) in cases {
            let result = try MotionLabExecutable.run(["report"] + arguments + ["--out", out])
            #expect(result.status != 0, "\(arguments)")
            #expect(result.stdout.isEmpty, "\(arguments)")
            #expect(result.stderr.contains(words), "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Backtracing"))
            #expect(!FileManager.default.fileExists(atPath: out), "\(arguments) wrote a file")
        }
    }

    /// chmod 444 is honoured even when the tests run as root: the file is left as it was.
    @Test func readOnlyOutputIsNotOverwritten() throws {
        let dir = try S.temporaryDirectory()
        defer { S.remove(dir) }
        let out = dir.appendingPathComponent("report.html")
        try S.write("old report", out)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: out.path)
        let result = try MotionLabExecutable.run(["report", "--preset", "smooth", "--out", out.path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("read-only"), "\(result.stderr)")
        #expect(try String(contentsOf: out, encoding: .utf8) == "old report")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["report.html"])
    }

    @Test func unwritableDirectory() throws {
        let dir = try S.temporaryDirectory()
        defer { S.remove(dir) }
        let locked = dir.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked.path)
        for out in [locked.appendingPathComponent("r.html").path, dir.appendingPathComponent("missing/r.html").path, "/proc/motionlab-report.md"] {
            let result = try MotionLabExecutable.run(["report", "--preset", "smooth", "--out", out])
            #expect(result.status != 0, "\(out)")
            #expect(result.stderr.contains("cannot be written") || result.stderr.contains("not writable"), "\(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: locked.path).isEmpty)
    }

    /// Inputs are read, never written: not by the report, and not as its output.
    @Test func inputsAreNeverModified() throws {
        let dir = try S.temporaryDirectory()
        defer { S.remove(dir) }
        let csv = dir.appendingPathComponent("step.csv")
        try S.write(S.stepCSV(), csv)
        let before = try Data(contentsOf: csv)
        let modified = try FileManager.default.attributesOfItem(atPath: csv.path)[.modificationDate] as? Date
        let result = try MotionLabExecutable.run(["report", csv.path, "--format", "html", "--out", csv.path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("input"), "\(result.stderr)")
        let ok = try MotionLabExecutable.run(["report", csv.path, "--out", dir.appendingPathComponent("r.json").path])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(try Data(contentsOf: csv) == before)
        #expect(try FileManager.default.attributesOfItem(atPath: csv.path)[.modificationDate] as? Date == modified)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["r.json", "step.csv"])
    }

    /// Without inputs: the bundled sample data, every kind of section.
    @Test func defaultReport() throws {
        let dir = try S.temporaryDirectory()
        defer { S.remove(dir) }
        let out = dir.appendingPathComponent("default.json").path
        let data = MotionLabExecutable.repositoryRoot.appendingPathComponent("data").path
        let result = try MotionLabExecutable.run(["report", "--data", data, "--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Wrote \(out)"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any])
        let kinds = (json["sections"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
        let springs = try String(contentsOfFile: data + "/sample-springs.txt", encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        let recordings = try FileManager.default.contentsOfDirectory(atPath: data + "/recordings").filter { $0.hasSuffix(".csv") }
        #expect(kinds.first == "overview")
        #expect(kinds.filter { $0 == "spring" }.count == springs.count)
        // A section per channel: a multi-channel capture gives one for each of its columns.
        let channels = try recordings.map { file in
            let header = try String(contentsOfFile: data + "/recordings/" + file, encoding: .utf8)
                .split(separator: "\n").first { !$0.hasPrefix("#") }!
            return header.split(separator: ",").count - 1
        }.reduce(0, +)
        #expect(channels > recordings.count)
        #expect(kinds.filter { $0 == "recording" }.count == channels)
        #expect(kinds.filter { $0 == "timeline" }.count == 1)
    }

    /// report reads every channel unless --column names one, and its help says so (it once shared
    /// the fits' "default: the first"); --column is still read once.
    @Test func columnHelpSaysEveryChannel() throws {
        let help = try MotionLabExecutable.run(["report", "--help"])
        #expect(help.status == 0)
        let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("--column <column> Report only this channel (CSV column) of each recording; default: every channel"), "\(help.stdout)")
        #expect(!text.contains("default: the first"))
        // The commands that read one channel keep theirs.
        let fit = try MotionLabExecutable.run(["fit", "spring", "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(fit.contains("The channel (CSV column) to read; default: the first."))
        let card = MotionLabExecutable.repositoryRoot.appendingPathComponent("data/recordings/card-present-60hz.csv").path
        let twice = try MotionLabExecutable.run(["report", card, "--column", "x", "--column", "y", "--format", "json"])
        #expect(twice.status == 64)
        #expect(twice.stderr.contains("--column was given 2 times (x, y)"), "\(twice.stderr)")
    }
}
