import Foundation
import MotionNumerics

extension RecordingReader.Parser {
    /// Why `value` may not follow `previous` in the first column.
    func orderMessage(_ value: Double, previous: Double) -> String {
        if frames {
            return value == previous
                ? "frame \(DecimalText.shortest(value)) repeats the previous row's frame: frames must strictly increase"
                : "frame \(DecimalText.shortest(value)) comes before the previous row's frame \(DecimalText.shortest(previous)): frames must strictly increase (sort the file)"
        }
        return value == previous
            ? "time \(value) repeats the previous row's time: times must strictly increase"
            : "time \(value) comes before the previous row's time \(previous): times must strictly increase (sort the file)"
    }

    /// A frame number must be whole.
    func checkFrame(_ value: Double) throws(RecordingError) {
        guard frames, value != value.rounded(.towardZero) else { return }
        throw RecordingError(file: file, line: lineNumber, message: "column '\(header?[0] ?? "frame")': \(value) is not a whole frame number")
    }

    /// Seconds for a first field, or an error when a frame's time overflows.
    func time(_ first: Double) throws(RecordingError) -> Double {
        let t = seconds(first)
        guard t.isFinite else {
            throw RecordingError(file: file, line: lineNumber,
                                 message: "frame \(first) at \(clock.fps!) fps is at a time beyond the range of a double")
        }
        return t
    }

    /// The fields of a line between `delimiter`s, trimmed of spaces and tabs (a tab
    /// delimiter is not trimmed away: the line is split first); a field in double quotes (as
    /// spreadsheets export) may hold the delimiter, and `""` inside it is one quote. `nil`
    /// when a quote is not closed.
    static func fields(of line: String, delimiter: RecordingDialect.Delimiter = .comma) -> [String]? {
        let separator = Character(UnicodeScalar(delimiter.byte))
        guard line.contains("\"") else {
            return line.split(separator: separator, omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        }
        var fields: [String] = []
        var current = ""
        var quoted = false, wasQuoted = false
        var characters = line.makeIterator()
        while let c = characters.next() {
            if quoted {
                if c == "\"" {
                    // A doubled quote is a quote; a single one closes the field.
                    var lookahead = characters
                    if lookahead.next() == "\"" { current.append("\""); characters = lookahead } else { quoted = false }
                } else {
                    current.append(c)
                }
            } else if c == separator {
                fields.append(wasQuoted ? current : current.trimmingCharacters(in: .whitespaces))
                (current, wasQuoted) = ("", false)
            } else if c == "\"" && current.allSatisfy({ $0 == " " || $0 == "\t" }) {
                (current, quoted, wasQuoted) = ("", true, true)
            } else if wasQuoted && (c == " " || c == "\t") {
                continue  // blanks after the closing quote
            } else {
                current.append(c)
            }
        }
        guard !quoted else { return nil }
        fields.append(wasQuoted ? current : current.trimmingCharacters(in: .whitespaces))
        return fields
    }

    mutating func readHeader(_ fields: [String]) throws(RecordingError) {
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
        if RecordingReader.TrackerTable.identifierNames.contains(fields[1].lowercased()) {
            guard fields.count >= 3 else {
                throw RecordingError(file: file, line: lineNumber,
                                     message: "'\(fields[1])' names the object of each row of a tracker CSV, but no value column follows it (expected e.g. time,id,x,y)")
            }
            tracker = RecordingReader.TrackerTable(valueColumns: Array(fields.dropFirst(2)))
            header = fields
            return
        }
        let channels = fields.dropFirst()
        if several {
            if let columns {
                for name in columns where !channels.contains(name) {
                    throw RecordingError(file: file, line: lineNumber,
                                         message: "has no column '\(name)'; its channels are \(channels.joined(separator: ", "))")
                }
                selected = columns.map { fields.firstIndex(of: $0)! }
            } else {
                selected = Array(1..<fields.count)
            }
            columnValues = Array(repeating: [], count: selected.count)
        } else {
            if let column {
                guard let index = channels.firstIndex(of: column) else {
                    throw RecordingError(file: file, line: lineNumber,
                                         message: "has no column '\(column)'; its channels are \(channels.joined(separator: ", "))")
                }
                channelIndex = index
            }
            selected = [channelIndex]
        }
        slotOfField = Array(repeating: -1, count: fields.count)
        slotOfField[0] = 0
        for (s, field) in selected.enumerated() { slotOfField[field] = s + 1 }
        row = Array(repeating: 0, count: selected.count + 1)
        header = fields
    }

    /// The fields of a data row that are read: the time, and the channel(s) asked for (a
    /// tracker's: every value column).
    func readFields(_ header: [String]) -> [Int] {
        if tracker != nil { return [0] + Array(2..<header.count) }
        return [0] + selected
    }

    /// A recording needs a data row; when every one was skipped as a gap, the error says so.
    func checkRows(_ count: Int) throws(RecordingError) {
        guard count == 0 else { return }
        guard skippedLines.isEmpty else {
            throw RecordingError(file: file, message: "has no data row left: all \(skippedLines.count) were skipped for empty or NaN cells")
        }
        throw RecordingError(file: file, message: "has a header but no data rows")
    }

    /// What a dropped frame's cell says about reading such rows as gaps: nothing when `field`
    /// is not empty or NaN, or when they are already skipped.
    func missingHint(_ field: String) -> String {
        guard !dialect.skipsInvalidRows, RecordingDialect.isMissing(field) else { return "" }
        return "; a dropped frame? \(RecordingDialect.skipOption) reads rows with empty or NaN cells as gaps"
    }

    func number(_ field: String, column: String) throws(RecordingError) -> Double {
        let field = delimiter.decimalPoint(field)
        // Double(String) stops at a NUL, as strtod does, and would read "1\0x" as 1.
        guard !field.utf8.contains(0), let value = Double(field) else {
            let decimalComma = field.contains(",") && Double(field.replacingOccurrences(of: ",", with: ".")) != nil
            let advice = delimiter == .tab
                ? " (write decimals with a point: a comma in a tab-separated file may be a thousands separator)"
                : " (write decimals with a point)"
            throw RecordingError(file: file, line: lineNumber, message: "column '\(column)': '\(field)' is not a number"
                                 + (decimalComma ? advice : "") + missingHint(field))
        }
        // Double(String) also reads hexadecimal ("0x10" is 16): a recording holds decimal numbers.
        guard !field.utf8.contains(where: { $0 | 0x20 == 0x78 }) else {
            throw RecordingError(file: file, line: lineNumber,
                                 message: "column '\(column)': '\(field)' is not a decimal number (hexadecimal is not accepted)")
        }
        guard value.isFinite else {
            throw RecordingError(file: file, line: lineNumber, message: "column '\(column)': \(field) is not a finite number" + missingHint(field))
        }
        return value
    }
}
