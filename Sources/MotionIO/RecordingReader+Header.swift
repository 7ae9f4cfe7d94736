import Foundation
import MotionNumerics

extension RecordingReader.Tokenizer {
    /// The header's names checked for what every reader needs — a time or frame column that
    /// suits the clock, at least one channel, no name twice — without a byte-order mark; sets
    /// `frames`. The header is kept (`header`) once the rows' reader has taken it too.
    mutating func headerNames(_ fields: [String]) throws(RecordingError) -> [String] {
        var fields = fields
        // A UTF-8 byte-order mark, as spreadsheet exports write, is not part of the name.
        if let first = fields.first, first.hasPrefix("\u{FEFF}") {
            fields[0] = String(first.dropFirst()).trimmingCharacters(in: .whitespaces)
        }
        let first = fields.first ?? ""
        let isTime = ["time", "t"].contains(first.lowercased()), isFrame = first.lowercased() == "frame"
        guard isTime || isFrame else {
            // A delimiter given that is not the file's: say which one the header has.
            let other = RecordingDialect.Delimiter.allCases.first { $0 != delimiter && first.utf8.contains($0.byte) }
            let hint = other.map { ". The header's fields look separated by \($0.shown), not \(delimiter.shown): give --delimiter \($0.rawValue), or leave it out to detect it" } ?? ""
            throw RecordingError(file: file, line: lineNumber,
                                 message: "the header's first column must be 'time' or 't' (seconds), or 'frame' (frame numbers, with a frame rate); got '\(first)'" + hint)
        }
        if isTime, let fps = clock.fps {
            throw RecordingError(file: file, line: lineNumber,
                                 message: "the first column '\(first)' holds times, so the frame rate \(DecimalText.shortest(fps)) (--fps) does not apply: it is for a 'frame' column; drop it")
        }
        if isFrame {
            guard clock.fps != nil else {
                throw RecordingError(file: file, line: lineNumber,
                                     message: "the first column '\(first)' numbers frames: give the capture's frame rate with --fps F (time = frame / fps)")
            }
            guard clock.timeUnit == .s else {
                throw RecordingError(file: file, line: lineNumber,
                                     message: "the first column '\(first)' numbers frames, timed by the frame rate: the time unit \(clock.timeUnit.rawValue) (--time-unit) does not apply; drop it")
            }
            frames = true
        }
        guard fields.count >= 2 else {
            throw RecordingError(file: file, line: lineNumber, message: "the header names no channel after '\(first)'")
        }
        var seen = Set<String>()
        for name in fields where !seen.insert(name).inserted {
            throw RecordingError(file: file, line: lineNumber, message: "names the column '\(name)' twice; column names must be unique")
        }
        return fields
    }

    /// The error for a channel asked for that the header (its channels `channels`) lacks.
    func missingColumn(_ name: String, channels: ArraySlice<String>) -> RecordingError {
        RecordingError(file: file, line: lineNumber, message: "has no column '\(name)'; its channels are \(channels.joined(separator: ", "))")
    }
}
