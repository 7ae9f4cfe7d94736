import Foundation
import MotionJSON
import MotionReports
import MotionTestSupport
import Testing

/// The default report's sample data, found and read without running the command.
struct SampleDataTests {
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sample-data-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A data directory beside an ancestor of the executable is found, as the repository's is when
    /// motionlab runs from `.build/debug`.
    @Test func locatesDataBesideTheExecutable() throws {
        let root = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("data"), withIntermediateDirectories: true)
        try Data("--preset smooth\n".utf8).write(to: root.appendingPathComponent("data/sample-springs.txt"))
        let elsewhere = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let found = SampleData.locate(currentDirectory: elsewhere.path,
                                      executable: root.appendingPathComponent(".build/x86_64-unknown-linux-gnu/debug/motionlab").path)
        #expect(found.directory == root.appendingPathComponent("data").path)
        // Seven levels up is beyond the search.
        let deep = SampleData.locate(currentDirectory: elsewhere.path,
                                     executable: root.appendingPathComponent("a/b/c/d/e/f/motionlab").path)
        #expect(deep.directory == nil)
        #expect(deep.introduction.joined().contains("No sample data directory was found"))
        #expect(deep.springs.map(\.arguments) == [["--preset", "smooth"], ["--preset", "snappy"], ["--preset", "bouncy"]])
        #expect(deep.files.isEmpty)
    }

    @Test func missingDirectoryIsAnInputError() {
        #expect(throws: PathError(file: "/nonexistent/data", message: "no such directory")) {
            try SampleData(directory: "/nonexistent/data")
        }
    }

    /// The repository's springs file: one option list per line that is neither blank nor a comment.
    @Test func springsAreTheLinesOfTheFile() throws {
        let sample = try SampleData(directory: Repository.url("data").path)
        let text = try String(contentsOf: Repository.url("data/sample-springs.txt"), encoding: .utf8)
        let lines = text.components(separatedBy: "\n").filter { !$0.isEmpty && !$0.hasPrefix("#") }
        #expect(sample.springs.map(\.line) == lines)
        #expect(sample.springs.first?.arguments == ["--preset", "smooth"])
        #expect(sample.springs.allSatisfy { $0.arguments.joined(separator: " ") == $0.line })
        #expect(sample.timelineFiles.map { ($0 as NSString).lastPathComponent } == ["spec-example.json", "emoji-bounce.json"])
    }

    /// A section per spring line (in order), per timeline file and per channel of each recording.
    @Test func sectionsOfADataDirectory() throws {
        let root = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let fm = FileManager.default
        try fm.createDirectory(at: root.appendingPathComponent("recordings"), withIntermediateDirectories: true)
        try Data("# two springs\n--duration 0.5 --bounce 0.3\n\n--preset bouncy\n".utf8).write(to: root.appendingPathComponent("sample-springs.txt"))
        for name in ["card-present-60hz.csv", "bezier-ease-60hz.csv"] {
            try fm.copyItem(at: Repository.url("data/recordings/\(name)"), to: root.appendingPathComponent("recordings/\(name)"))
        }
        let sample = try SampleData(directory: root.path)
        let asked = ArgumentLog()
        let sections = try sample.sections(keyframeTolerance: nil) { arguments in
            asked.append(arguments)
            return Fixtures.springSection()
        }
        #expect(asked.all == [["--duration", "0.5", "--bounce", "0.3"], ["--preset", "bouncy"]])
        // card-present has time and four channels, bezier-ease time and one.
        #expect(sections.map(\.kind) == ["spring", "spring"] + Array(repeating: "recording", count: 5))
        #expect(sections[2].heading.hasSuffix("recordings/bezier-ease-60hz.csv"))
        #expect(sections[3].heading.hasSuffix("recordings/card-present-60hz.csv (x)"))
    }

    /// A spring the caller cannot read is reported with the file and its line.
    @Test func springErrorNamesFileAndLine() throws {
        let root = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("--preset smooth\n--bounce 7\n".utf8).write(to: root.appendingPathComponent("sample-springs.txt"))
        let sample = try SampleData(directory: root.path)
        struct Refused: Error, CustomStringConvertible { var description: String { "--bounce must be in [-0.9999, 1]; got 7" } }
        #expect(throws: SampleDataError("\(sample.springsFile): '--bounce 7': --bounce must be in [-0.9999, 1]; got 7")) {
            try sample.sections(keyframeTolerance: nil) { arguments in
                if arguments.contains("7") { throw Refused() }
                return Fixtures.springSection()
            }
        }
    }
}

/// The argument lists a test's spring closure was given, in order.
private final class ArgumentLog: @unchecked Sendable {
    private(set) var all: [[String]] = []
    func append(_ arguments: [String]) { all.append(arguments) }
}
