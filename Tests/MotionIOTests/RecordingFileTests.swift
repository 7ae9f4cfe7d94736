import Foundation
@testable import MotionIO
import Testing

/// The file readers stream 1 MiB blocks through the parser: rows that straddle a block's end read
/// as the same rows parsed in one piece, through `read` and through `stream`'s sink.
@Suite("Recording reader: files in 1 MiB blocks")
struct RecordingFileTests {
    /// About 2.5 MiB of rows of uneven length, with a few CRLF ends and comments.
    static func bigCSV() -> (bytes: [UInt8], times: [String], values: [String]) {
        var text = "time,x,y\n"
        var times: [String] = [], values: [String] = []
        var row = 0
        while text.utf8.count < 2_600_000 {
            let t = String(format: "%.17g", Double(row) / 240)
            let y = String(format: "%.\(row % 19)e", sin(Double(row) * 0.37) * 1e3)
            text += "\(t), \(row % 7 == 0 ? "n/a" : String(row)),\(y)\(row % 5 == 0 ? "\r\n" : "\n")"
            if row % 1000 == 0 { text += "# row \(row)\n" }
            times.append(t)
            values.append(y)
            row += 1
        }
        return (Array(text.utf8), times, values)
    }

    static func write(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("motionlab-io-\(UUID().uuidString).csv").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func rowsAcrossBlockEnds() throws {
        let (bytes, times, values) = Self.bigCSV()
        // The block ends (1 MiB, 2 MiB) fall inside rows, not just after a newline.
        for end in [1 << 20, 2 << 20] { try #require(bytes[end - 1] != UInt8(ascii: "\n") && bytes[end] != UInt8(ascii: "\n")) }
        let path = try Self.write(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }

        let read = try RecordingReader.read(path: path, column: "y")
        let whole = parse(bytes, column: "y", path: .careful)
        #expect(Outcome(read) == whole)
        #expect(parse(bytes, column: "y", path: .fast) == whole)
        // Each number is Double(String) of its text, an independent reading.
        #expect(read.times.map(\.bitPattern) == times.map { Double($0)!.bitPattern })
        #expect(read.values.map(\.bitPattern) == values.map { Double($0)!.bitPattern })
        #expect(read.channel == "y" && read.channels == ["x", "y"])

        var streamed: [(Double, Double)] = []
        let result = try RecordingReader.stream(path: path, column: "y") { streamed.append(($0, $1)) }
        #expect(result.count == times.count && result.channel == "y")
        #expect(streamed.map(\.0.bitPattern) == whole.times)
        #expect(streamed.map(\.1.bitPattern) == whole.values)
    }

    /// An error in a row that straddles the first block's end names that row's line.
    @Test func errorAcrossABlockEnd() throws {
        var (bytes, _, _) = Self.bigCSV()
        let end = 1 << 20
        let lineStart = bytes[..<end].lastIndex(of: UInt8(ascii: "\n"))! + 1
        let line = bytes[..<lineStart].count { $0 == UInt8(ascii: "\n") } + 1
        bytes.insert(contentsOf: Array("x".utf8), at: lineStart)  // "x0.123…": not a number
        let path = try Self.write(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let expected = parse(bytes, column: "y", path: .careful)
        #expect(expected.error?.line == line, "\(expected)")
        #expect(expected.error?.message.contains("column 'time': 'x") == true, "\(expected)")
        do {
            _ = try RecordingReader.read(path: path, column: "y")
            Issue.record("read a file with a bad row")
        } catch {
            #expect(error.line == line)
            #expect(error.message == expected.error?.message)
            #expect(error.file == path)
        }
        #expect(throws: RecordingError.self) { try RecordingReader.stream(path: path) { _, _ in } }
    }
}
