import Foundation
@testable import MotionIO

/// What one parse of a recording CSV gives: the samples as bit patterns (so −0 and 0, or two NaN
/// payloads, never compare equal by accident), the channel names, or the error.
struct Outcome: Equatable, CustomStringConvertible {
    var times: [UInt64] = []
    var values: [UInt64] = []
    var channel = ""
    var channels: [String] = []
    var error: RecordingError? = nil

    init(_ recording: Recording) {
        times = recording.times.map(\.bitPattern)
        values = recording.values.map(\.bitPattern)
        channel = recording.channel
        channels = recording.channels
    }

    init(_ error: RecordingError) { self.error = error }

    var description: String {
        if let error { return "error: \(error)" }
        let pairs = zip(times, values).map { "(\(Double(bitPattern: $0)), \(Double(bitPattern: $1)))" }
        return "\(times.count) samples of '\(channel)' \(channels): \(pairs.prefix(12).joined(separator: " "))\(times.count > 12 ? " …" : "")"
    }
}

/// Which of the parser's two row paths to use.
enum Path: CaseIterable, CustomStringConvertible {
    /// `fastRow` first (memchr + strtod in place), the careful path only for what it declines.
    case fast
    /// `line(_:)` for every row.
    case careful

    var description: String { self == .fast ? "fast path" : "careful path" }
}

/// Parses `bytes` with one `consume` per chunk (`chunks` are chunk sizes; the rest, if any, goes in
/// one last chunk), then `finish`.
func parse(
    _ bytes: [UInt8], column: String? = nil, path: Path, chunks: [Int] = [], dialect: RecordingDialect = .automatic
) -> Outcome {
    var parser = RecordingReader.Parser(file: "test.csv", column: column, dialect: dialect)
    let fast = path == .fast
    do throws(RecordingError) {
        var start = 0
        for size in chunks where start < bytes.count {
            let end = min(bytes.count, start + size)
            try parser.consume(Data(bytes[start..<end]), fast: fast)
            start = end
        }
        if start < bytes.count || chunks.isEmpty { try parser.consume(Data(bytes[start...]), fast: fast) }
        return Outcome(try parser.finish(fast: fast))
    } catch {
        return Outcome(error)
    }
}

func parse(
    _ text: String, column: String? = nil, path: Path, chunks: [Int] = [], dialect: RecordingDialect = .automatic
) -> Outcome {
    parse(Array(text.utf8), column: column, path: path, chunks: chunks, dialect: dialect)
}

/// Chunkings of an input of `count` bytes: every split in two (for inputs over 4 kB, 16 evenly
/// spaced splits), and for short inputs one byte at a time.
func chunkings(of count: Int) -> [[Int]] {
    let step = count <= 4096 ? 1 : count / 16 + 1
    var result = stride(from: 0, through: count, by: step).map { [$0, count] }
    if count <= 1024 { result.append(Array(repeating: 1, count: count)) }
    return result
}

/// A printable form of bytes for failure messages: control bytes and non-ASCII escaped.
func visible(_ bytes: [UInt8]) -> String {
    var text = ""
    for byte in bytes.prefix(400) {
        switch byte {
        case 0x0A: text += "\\n"
        case 0x0D: text += "\\r"
        case 0x09: text += "\\t"
        case 0x20...0x7E: text.append(Character(Unicode.Scalar(byte)))
        default: text += String(format: "\\x%02X", byte)
        }
    }
    return bytes.count > 400 ? text + "… (\(bytes.count) bytes)" : text
}
