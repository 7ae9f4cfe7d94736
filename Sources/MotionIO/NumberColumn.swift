import Foundation

/// A list of numbers read from text: one number per line, or one column of a CSV — the times
/// (or progress values) at which a command evaluates, when there are too many for the command
/// line.
///
/// - Blank lines and lines starting with `#` are skipped; `\r\n` line ends are accepted.
/// - The first line is a header when any of its fields is not a number. The column read is the
///   first whose name is one of the preferred names (case-insensitively, e.g. `time` or `t`), else
///   the first column.
/// - Fields are split as in a recording, double quotes included: the delimiter (comma, semicolon
///   or tab) comes from the first line (``RecordingDialect/Delimiter/detect(header:)``); in a
///   semicolon file a number may have a decimal comma (`0,5`). A file of one column has none.
/// - Every number is a finite decimal number; anything else is an error naming its line.
public enum NumberColumn {
    /// The most numbers read (as many as a command's grid may have).
    public static let maximumCount = 10_000_000

    /// The numbers of `text`, a file called `name` in errors.
    ///
    /// - Parameters:
    ///   - text: the file's text.
    ///   - name: the file's name, as errors give it.
    ///   - preferred: the column names looked for in a header, in order of preference.
    /// - Throws: ``RecordingError`` naming the line and the field when a value is not a finite
    ///   number, a row lacks the column, or there is no number at all.
    public static func parse(_ text: String, name: String, preferred: [String] = ["time", "t"]) throws(RecordingError) -> [Double] {
        var numbers: [Double] = []
        var delimiter: RecordingDialect.Delimiter? = nil
        var column = 0, columnName: String? = nil
        var lineNumber = 0
        // "\r\n" is one Character in Swift: split on it as well as on "\n".
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            let line = String(raw.hasSuffix("\r") ? raw.dropLast() : raw)
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let isFirst = delimiter == nil
            let lineDelimiter = delimiter ?? RecordingDialect.Delimiter.detect(header: line.utf8)
            delimiter = lineDelimiter
            guard let fields = RecordingReader.Tokenizer.fields(of: line, delimiter: lineDelimiter) else {
                throw RecordingError(file: name, line: lineNumber, message: "has a double quote that is not closed")
            }
            // A first line with a field that is no number at all is a header (inf or 0x10 are
            // bad numbers, not names: their line is an error).
            if isFirst, fields.contains(where: { Double(lineDelimiter.decimalPoint($0)) == nil }) {
                let names = fields.map { $0.lowercased() }
                column = preferred.lazy.compactMap { names.firstIndex(of: $0.lowercased()) }.first ?? 0
                columnName = fields[column]
                continue
            }
            guard column < fields.count else {
                throw RecordingError(file: name, line: lineNumber,
                                     message: "has \(fields.count) field\(fields.count == 1 ? "" : "s"); column '\(columnName ?? "")' is field \(column + 1)")
            }
            let field = fields[column]
            guard let value = number(field, delimiter: lineDelimiter) else {
                let what = columnName.map { "column '\($0)': " } ?? ""
                throw RecordingError(file: name, line: lineNumber, message: "\(what)'\(field)' is not a finite decimal number")
            }
            guard numbers.count < maximumCount else {
                throw RecordingError(file: name, line: lineNumber, message: "has more than \(maximumCount) numbers, the most a command evaluates at once")
            }
            numbers.append(value)
        }
        guard !numbers.isEmpty else {
            throw RecordingError(file: name, message: "has no numbers: expected one number per line, or a CSV column")
        }
        return numbers
    }

    /// A finite decimal number (no hexadecimal, no NUL, no infinity or NaN); a decimal comma in a
    /// semicolon file.
    static func number(_ field: String, delimiter: RecordingDialect.Delimiter) -> Double? {
        let field = delimiter.decimalPoint(field)
        guard !field.isEmpty, !field.utf8.contains(where: { $0 == 0 || $0 | 0x20 == 0x78 }),
              let value = Double(field), value.isFinite else { return nil }
        return value
    }
}
