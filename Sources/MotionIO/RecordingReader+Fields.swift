import Foundation

extension RecordingReader.Tokenizer {
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
