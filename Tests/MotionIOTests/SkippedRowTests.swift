import Foundation
@testable import MotionIO
import Testing

/// Dropped frames written as empty or NaN cells: an error by default that names the option,
/// and with `skipsInvalidRows` gaps whose lines are kept.
@Suite("Recording reader: dropped frames as gaps")
struct SkippedRowTests {
    /// Line 1 is the header; line 3 has no y, line 4 a NaN z, line 5 a NaN y.
    static let text = "time,y,z\n0,1,10\n0.1,,11\n0.2,3,nan\n0.3,NaN,13\n0.4,5,14\n"
    static let skipping = RecordingDialect(skipsInvalidRows: true)

    /// Each channel read with gaps is the file with those rows removed, written by hand.
    @Test("a channel reads as the file without its bad rows", arguments: [
        ("y", "time,y\n0,1\n0.2,3\n0.4,5\n", [3, 5]),
        ("z", "time,z\n0,10\n0.1,11\n0.3,13\n0.4,14\n", [4]),
    ], Path.allCases)
    func oneChannel(_ case_: (column: String, without: String, lines: [Int]), path: Path) {
        let expected = parse(case_.without, path: .careful)
        for chunks in [[], Array(repeating: 1, count: Self.text.utf8.count)] {
            let outcome = parse(Self.text, column: case_.column, path: path, chunks: chunks, dialect: Self.skipping)
            #expect(outcome.error == nil, "\(outcome)")
            #expect(outcome.times == expected.times && outcome.values == expected.values, "\(outcome)")
        }
        let recording = try? RecordingReader.parse(Self.text, column: case_.column, dialect: Self.skipping)
        #expect(recording?.skippedLines == case_.lines)
    }

    /// Every row skipped: reading and streaming the file say so alike (not "no data rows").
    @Test func everyRowSkippedIsOneMessageForReadAndStream() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("skipped-\(UUID().uuidString).csv").path
        try "time,y\n0,\n0.1,nan\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let message = "has no data row left: all 2 were skipped for empty or NaN cells"
        #expect(throws: RecordingError(file: path, message: message)) {
            try RecordingReader.read(path: path, column: "y", dialect: Self.skipping)
        }
        #expect(throws: RecordingError(file: path, message: message)) {
            try RecordingReader.stream(path: path, column: "y", dialect: Self.skipping) { _, _ in }
        }
    }

    @Test func severalChannelsSkipTheWholeRow() throws {
        let recording = try RecordingReader.parseChannels(Self.text, dialect: Self.skipping)
        #expect(recording.channels.map(\.times) == [[0, 0.4], [0, 0.4]])
        #expect(recording.channels.map(\.values) == [[1, 5], [10, 14]])
        #expect(recording.channels.allSatisfy { $0.skippedLines == [3, 4, 5] })
    }

    /// Without the option: the first bad row is an error with its line, naming the option.
    @Test("by default an error naming the option", arguments: [
        ("y", 3, "'' is not a number"), ("z", 4, "nan is not a finite number"),
    ], Path.allCases)
    func errorByDefault(_ case_: (column: String, line: Int, message: String), path: Path) {
        let outcome = parse(Self.text, column: case_.column, path: path)
        #expect(outcome.error?.line == case_.line, "\(outcome)")
        #expect(outcome.error?.message.contains(case_.message) == true, "\(outcome)")
        #expect(outcome.error?.message.contains("--skip-invalid-rows") == true, "\(outcome)")
    }

    @Test("what is not a dropped frame stays an error", arguments: [
        ("time,y\n0,1\n0.1,abc\n", 3, "'abc' is not a number"),
        ("time,y\n0,1\n0.1,inf\n", 3, "not a finite number"),
        ("time,y\n0,1\n0.1\n", 3, "has 1 fields"),
    ])
    func otherErrors(_ case_: (text: String, line: Int, message: String)) {
        let outcome = parse(case_.text, path: .fast, dialect: Self.skipping)
        #expect(outcome.error?.line == case_.line, "\(outcome)")
        #expect(outcome.error?.message.contains(case_.message) == true, "\(outcome)")
        #expect(outcome.error?.message.contains("--skip-invalid-rows") == false, "\(outcome)")
    }

    @Test func anEmptyTimeAndEveryRowSkipped() {
        let time = parse("time,y\n0,1\n,2\n0.2,3\n", path: .fast, dialect: Self.skipping)
        #expect(time.times == [0, 0.2].map(\.bitPattern) && time.values == [1, 3].map(\.bitPattern), "\(time)")
        let none = parse("time,y\n0,\n0.1,nan\n", path: .fast, dialect: Self.skipping)
        #expect(none.error?.message.contains("all 2 were skipped") == true, "\(none)")
    }

    @Test func trackerRows() throws {
        let text = "time,id,x\n0,a,1\n0,b,\n0.1,a,2\n0.1,b,7\n"
        let recording = try RecordingReader.parseChannels(text, dialect: Self.skipping)
        #expect(recording.names == ["a.x", "b.x"])
        #expect(recording["b.x"]?.times == [0.1] && recording["b.x"]?.skippedLines == [3])
        #expect(throws: RecordingError.self) { try RecordingReader.parseChannels(text) }
    }

    /// A file past the parallel threshold with one dropped frame near its end: the serial
    /// reader decides, so the line is right.
    @Test func largeFileLinesAreExact() throws {
        var text = "time,y\n"
        let rows = RecordingReader.parallelThreshold / 12 + 1000
        for i in 0..<rows { text += i == rows - 3 ? "\(i).5,\n" : "\(i).5,\(i % 97)\n" }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("motionlab-gaps-\(UUID().uuidString).csv")
        try text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let recording = try RecordingReader.read(path: url.path, dialect: Self.skipping)
        #expect(recording.count == rows - 1)
        #expect(recording.skippedLines == [rows - 3 + 2])  // the header is line 1, row i line i + 2
    }
}
