import Foundation
import MotionJSON
import MotionReports
import Testing

@Suite("Writing reports")
struct OutputTests {
    private let rendered = RenderedReport(text: "main\n", files: [.init(name: "r-plot-1.svg", contents: "<svg/>")])

    private func leftovers(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".") }
    }

    @Test func writesMainFileAndPlotsBesideIt() throws {
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("r.md").path
        try ReportWriter.write(rendered, to: out)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "main\n")
        #expect(try String(contentsOfFile: dir.appendingPathComponent("r-plot-1.svg").path, encoding: .utf8) == "<svg/>")
        #expect(try leftovers(dir).isEmpty, "temporary files left behind")
        // Overwriting a writable file is fine.
        try ReportWriter.write(RenderedReport(text: "again\n"), to: out)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "again\n")
    }

    /// chmod 444 is refused even for root (whom access(2) lets write anything): nothing changes.
    @Test func readOnlyFileIsNotOverwritten() throws {
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("r.html").path
        try "old".write(toFile: out, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: out)
        #expect(throws: PathError.self) { try ReportWriter.write(RenderedReport(text: "new"), to: out) }
        do { try ReportWriter.write(RenderedReport(text: "new"), to: out) } catch {
            #expect(error.message.contains("read-only"))
        }
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "old")
        #expect(try leftovers(dir).isEmpty)
    }

    @Test func unwritableDirectory() throws {
        let dir = try Fixtures.temporaryDirectory()
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.path)
            try? FileManager.default.removeItem(at: dir)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: dir.path)
        let out = dir.appendingPathComponent("r.html").path
        #expect(throws: PathError.self) { try ReportWriter.write(rendered, to: out) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    /// A directory the kernel refuses to write in, whoever we are: the failure is reported.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self"), "needs Linux /proc"))
    func kernelRefusesTheWrite() {
        #expect(throws: PathError.self) { try ReportWriter.write(rendered, to: "/proc/motionlab-report.html") }
        #expect(!FileManager.default.fileExists(atPath: "/proc/motionlab-report.html"))
    }

    @Test func badDestinations() throws {
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in.csv").path
        try "time,y\n0,1\n".write(toFile: input, atomically: false, encoding: .utf8)
        for (path, words) in [(dir.path, "is a directory"), (dir.path + "/", "is a directory"),
                              (dir.appendingPathComponent("missing/r.html").path, "does not exist"),
                              (input + "/r.html", "is not a directory")] {
            do {
                try ReportWriter.write(RenderedReport(text: "x"), to: path)
                Issue.record("\(path) was accepted")
            } catch {
                #expect(error.message.contains(words), "\(path): \(error)")
            }
        }
        // An input is never overwritten, however it is spelled.
        let spelled = dir.appendingPathComponent("./in.csv").path
        #expect(throws: PathError.self) { try ReportWriter.write(RenderedReport(text: "x"), to: spelled, inputs: [input]) }
        #expect(try String(contentsOfFile: input, encoding: .utf8) == "time,y\n0,1\n")
    }

    @Test func formats() {
        #expect(ReportFormat(name: "MD") == .markdown)
        #expect(ReportFormat(fileName: "a/b.report.json") == .json)
        #expect(ReportFormat(fileName: "report") == nil)
        #expect(ReportFormat(name: "pdf") == nil)
    }
}

@Suite("Report inputs")
struct InputTests {
    @Test func kindsByExtensionAndContent() throws {
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func file(_ name: String, _ text: String) throws -> String {
            let path = dir.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            return path
        }
        #expect(try ReportInputKind.detect(path: file("a.csv", "anything")) == .recording)
        #expect(try ReportInputKind.detect(path: file("a.JSON", "anything")) == .timeline)
        #expect(try ReportInputKind.detect(path: file("capture.txt", "# comment\n\nTime,x\n0,1\n")) == .recording)
        #expect(try ReportInputKind.detect(path: file("timeline", "  \n{\"initialValue\": 0}")) == .timeline)
        let cases: [(String, String)] = [
            (try file("notes.txt", "hello, world\n"), "unknown file type"),
            (try file("empty.dat", ""), "unknown file type"),
            (dir.path, "is a directory"),
            (dir.appendingPathComponent("missing.csv").path, "no such file"),
        ]
        for (path, words) in cases {
            do {
                _ = try ReportInputKind.detect(path: path)
                Issue.record("\(path) was accepted")
            } catch {
                #expect(error.message.contains(words), "\(error)")
            }
        }
    }

    /// chmod 000 makes a file unreadable even for root, whom access(2) lets read anything.
    @Test func unreadableFile() throws {
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("secret.csv").path
        try "time,y\n0,1\n".write(toFile: path, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: path)
        do {
            _ = try ReportInputKind.detect(path: path)
            Issue.record("an unreadable file was accepted")
        } catch {
            #expect(error.message.contains("not readable"))
        }
    }
}
