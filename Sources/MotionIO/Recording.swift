import CFastFloat
import Foundation

/// One channel of a recorded motion: samples (t, y) with strictly increasing times.
public struct Recording: Sendable, Hashable {
    /// Sample times in seconds, strictly increasing.
    public var times: [Double]
    /// The channel's values at those times.
    public var values: [Double]
    /// The channel's name (the CSV column header).
    public var channel: String
    /// Every channel the file has, in order.
    public var channels: [String]

    public init(times: [Double], values: [Double], channel: String = "value", channels: [String]? = nil) {
        self.times = times
        self.values = values
        self.channel = channel
        self.channels = channels ?? [channel]
    }

    public var count: Int { times.count }
}

/// A recording that cannot be read: the file, the line and column where it went wrong, and why.
public struct RecordingError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    /// 1-based line number, when the problem is on a line.
    public var line: Int?
    public var message: String

    public init(file: String, line: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        line.map { "\(file):\($0): \(message)" } ?? "\(file): \(message)"
    }
}

/// Reads recording CSVs (SPEC §6): a header row whose first column is `time` or `t`, one numeric
/// column per channel, `#` comment lines; every bad row is reported with its line number.
///
/// The file is streamed in blocks and only the time column and the chosen channel are kept, so
/// memory grows with the samples kept (16 bytes a row), not with the file's width.
public enum RecordingReader {
    /// Reads channel `column` (default: the first channel) of the CSV file at `path`.
    ///
    /// - Parameters:
    ///   - path: the CSV file.
    ///   - column: the channel's header name; `nil` for the first channel.
    ///   - maximumSamples: a limit on the samples held in memory (16 bytes each); a longer
    ///     recording is an error raised as soon as the limit is passed, so memory stays bounded
    ///     by the limit, not the file. ``stream(path:column:_:)`` has no limit.
    public static func read(path: String, column: String? = nil, maximumSamples: Int = 20_000_000) throws(RecordingError) -> Recording {
        var parser = Parser(file: path, column: column)
        try forEachBlock(of: path) { (block) throws(RecordingError) in
            try parser.consume(block)
            if parser.count > maximumSamples {
                throw RecordingError(file: path, message: "has more than \(maximumSamples) samples, the most this command holds in memory; resample it, or use a command that streams (fit keyframes --times/--keyframes)")
            }
        }
        return try parser.finish()
    }

    /// Streams channel `column` of the CSV file at `path` through `body`, one sample at a time,
    /// with the same checks as ``read(path:column:maximumSamples:)``; memory stays O(1)
    /// whatever the file's size.
    /// - Returns: the number of samples and the channel's name.
    @discardableResult
    public static func stream(
        path: String, column: String? = nil, _ body: (Double, Double) -> Void
    ) throws(RecordingError) -> (count: Int, channel: String) {
        try withoutActuallyEscaping(body) { (sink) throws(RecordingError) -> (count: Int, channel: String) in
            // The parser lives only inside this closure, so the sink cannot outlive the call.
            var parser = Parser(file: path, column: column)
            parser.sink = sink
            try forEachBlock(of: path) { (block) throws(RecordingError) in try parser.consume(block) }
            try parser.finishLines()
            guard let header = parser.header else { throw RecordingError(file: path, message: "is empty: expected a header row such as 'time,value'") }
            guard parser.count > 0 else { throw RecordingError(file: path, message: "has a header but no data rows") }
            return (parser.count, header[parser.channelIndex])
        }
    }

    /// The file's bytes in blocks of 1 MiB, with errors that say what is wrong with the path.
    private static func forEachBlock(of path: String, _ body: (Data) throws(RecordingError) -> Void) throws(RecordingError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw RecordingError(file: path, message: "no such file")
        }
        guard !isDirectory.boolValue else { throw RecordingError(file: path, message: "is a directory, not a CSV file") }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw RecordingError(file: path, message: "is not readable") }
        defer { try? handle.close() }
        while true {
            let block: Data
            do {
                guard let data = try handle.read(upToCount: 1 << 20), !data.isEmpty else { return }
                block = data
            } catch {
                throw RecordingError(file: path, message: "cannot be read: \(error)")
            }
            try body(block)
        }
    }

    /// Parses CSV text (for tests and standard input).
    public static func parse(_ text: String, name: String = "<text>", column: String? = nil) throws(RecordingError) -> Recording {
        var parser = Parser(file: name, column: column)
        try parser.consume(Data(text.utf8))
        return try parser.finish()
    }

    /// A streaming parser over raw bytes. Data rows take a fast path — fields located with
    /// `memchr`, numbers read in place by `ml_parse_double` (fast_float, correctly rounded like
    /// strtod: the same bits), no strings made — and fall back to the careful path only to word
    /// an error.
    struct Parser {
        let file: String
        let column: String?
        var pending: [UInt8] = []
        var lineNumber = 0
        var header: [String]? = nil
        var channelIndex = 1
        var times: [Double] = []
        var values: [Double] = []
        /// When set, samples go here instead of into `times` and `values`.
        var sink: ((Double, Double) -> Void)? = nil
        var count = 0
        var lastTime = -Double.infinity
        /// When false, every row takes the careful path (tests compare the two paths).
        var fastPath = true
        /// The rows the fast path read (tests check which rows it declines).
        var fastRows = 0

        init(file: String, column: String?) {
            self.file = file
            self.column = column
        }

        mutating func consume(_ data: Data) throws(RecordingError) {
            var buffer = pending
            buffer.append(contentsOf: data)
            pending = []
            // Everything up to the last newline is complete lines; the rest waits for more data.
            guard let lastNewline = buffer.lastIndex(of: UInt8(ascii: "\n")) else {
                pending = buffer
                return
            }
            pending = Array(buffer[(lastNewline + 1)...])
            buffer.removeSubrange((lastNewline + 1)...)
            try lines(in: buffer, count: lastNewline + 1)
        }

        mutating func emit(_ t: Double, _ y: Double) {
            count += 1
            lastTime = t
            if let sink { sink(t, y) } else { times.append(t); values.append(y) }
        }

        mutating func finishLines() throws(RecordingError) {
            if !pending.isEmpty {
                var rest = pending
                pending = []
                rest.append(UInt8(ascii: "\n"))
                try lines(in: rest, count: rest.count)
            }
        }

        mutating func finish() throws(RecordingError) -> Recording {
            try finishLines()
            guard let header else { throw RecordingError(file: file, message: "is empty: expected a header row such as 'time,value'") }
            guard !times.isEmpty else { throw RecordingError(file: file, message: "has a header but no data rows") }
            return Recording(times: times, values: values, channel: header[channelIndex], channels: Array(header.dropFirst()))
        }

        /// Parses the complete lines in `buffer[0..<count]` (each ending in a newline).
        private mutating func lines(in buffer: [UInt8], count: Int) throws(RecordingError) {
            var failure: RecordingError? = nil
            buffer.withUnsafeBufferPointer { raw in
                let base = raw.baseAddress!
                var start = 0
                while start < count {
                    let found = memchr(base + start, Int32(UInt8(ascii: "\n")), count - start)!
                    let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    lineNumber += 1
                    if !(fastPath && fastRow(base, start, end)) {
                        do throws(RecordingError) { try line(raw[start..<end]) } catch { failure = error; return }
                    }
                    start = end + 1
                }
            }
            if let failure { throw failure }
        }

        /// A data row of plain numbers, parsed in place; false when the careful path must look.
        private mutating func fastRow(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
            guard let header, end > start else { return false }
            // Bytes beyond ASCII (the careful path checks that they are UTF-8) or a double quote
            // (a quoted field may hold commas) anywhere in the row: the careful path reads it.
            // (Two simple scans: an OR the compiler vectorises, and memchr.)
            var high: UInt8 = 0
            for i in start..<end { high |= base[i] }
            guard high < 0x80, memchr(base + start, 0x22, end - start) == nil else { return false }
            let fieldCount = header.count
            var position = start
            var t = 0.0, y = 0.0
            for field in 0..<fieldCount {
                let fieldEnd: Int
                if field == fieldCount - 1 {
                    fieldEnd = end
                    // More commas than the header has columns: the careful path words the error.
                    if memchr(base + position, Int32(UInt8(ascii: ",")), end - position) != nil { return false }
                } else {
                    guard let comma = memchr(base + position, Int32(UInt8(ascii: ",")), end - position) else { return false }
                    fieldEnd = base.distance(to: comma.assumingMemoryBound(to: UInt8.self))
                }
                if field == 0 || field == channelIndex {
                    // Leading spaces and tabs only (the careful path trims those; it rejects CR,
                    // VT, FF and LF, which strtod would skip).
                    var first = position
                    while first < fieldEnd && (base[first] == 0x20 || base[first] == 0x09) { first += 1 }
                    guard first < fieldEnd, base[first] > 0x20 else { return false }
                    // A '+' sign, which the careful path (strtod's syntax) reads and
                    // ml_parse_double does not: skipped when a digit or a point follows, as after
                    // '-' ("+-1" and "+inf" are for the careful path).
                    if base[first] == 0x2B {
                        first += 1
                        guard first < fieldEnd, base[first] == 0x2E || base[first] &- 0x30 < 10 else { return false }
                    }
                    // The number: decimal only (ml_parse_double reads "0x10" as "0", and the 'x'
                    // then declines the row, so the careful path words the hexadecimal error).
                    var value = 0.0
                    let pointer = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
                    let length = ml_parse_double(pointer + first, pointer + fieldEnd, &value)
                    guard length > 0 else { return false }
                    var after = first + length
                    // Only trailing blanks may follow the number, and a CR only as the line's last byte.
                    while after < fieldEnd && (base[after] == 0x20 || base[after] == 0x09 || (base[after] == 0x0D && after == end - 1)) {
                        after += 1
                    }
                    // ±inf, NaN and numbers beyond the largest double (read as ±inf): the careful
                    // path words the error.
                    guard after == fieldEnd, value.isFinite else { return false }
                    if field == 0 { t = value } else { y = value }
                }
                position = fieldEnd + 1
            }
            guard t > lastTime else { return false }
            emit(t, y)
            fastRows += 1
            return true
        }

        mutating func line(_ raw: Slice<UnsafeBufferPointer<UInt8>>) throws(RecordingError) {
            var text = raw
            if text.last == UInt8(ascii: "\r") { text = text.dropLast() }
            let trimmed = text.drop { $0 == 0x20 || $0 == 0x09 }
            if trimmed.isEmpty || trimmed.first == UInt8(ascii: "#") { return }
            guard let string = String(validating: text, as: UTF8.self) else {
                throw RecordingError(file: file, line: lineNumber, message: "is not UTF-8 text")
            }
            guard let fields = Self.fields(of: string) else {
                throw RecordingError(file: file, line: lineNumber, message: "has a quoted field that is not closed")
            }
            guard let header else {
                try readHeader(fields)
                return
            }
            guard fields.count == header.count else {
                throw RecordingError(file: file, line: lineNumber,
                                     message: "has \(fields.count) fields; the header has \(header.count) (\(header.joined(separator: ",")))")
            }
            let t = try number(fields[0], column: header[0])
            let y = try number(fields[channelIndex], column: header[channelIndex])
            if count > 0, !(t > lastTime) {
                throw RecordingError(file: file, line: lineNumber, message: t == lastTime
                    ? "time \(t) repeats the previous row's time: times must strictly increase"
                    : "time \(t) comes before the previous row's time \(lastTime): times must strictly increase (sort the file)")
            }
            emit(t, y)
        }

        /// The comma-separated fields of a line, trimmed of spaces and tabs; a field in double
        /// quotes (as spreadsheets export) may hold commas, and `""` inside it is one quote.
        /// `nil` when a quote is not closed.
        static func fields(of line: String) -> [String]? {
            guard line.contains("\"") else {
                return line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
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
                } else if c == "," {
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
            guard let first = fields.first, ["time", "t"].contains(first.lowercased()) else {
                throw RecordingError(file: file, line: lineNumber,
                                     message: "the header's first column must be 'time' or 't' (seconds); got '\(fields.first ?? "")'")
            }
            guard fields.count >= 2 else {
                throw RecordingError(file: file, line: lineNumber, message: "the header names no channel after '\(first)'")
            }
            var seen = Set<String>()
            for name in fields where !seen.insert(name).inserted {
                throw RecordingError(file: file, line: lineNumber, message: "names the column '\(name)' twice; column names must be unique")
            }
            if let column {
                guard let index = fields.dropFirst().firstIndex(of: column) else {
                    throw RecordingError(file: file, line: lineNumber,
                                         message: "has no column '\(column)'; its channels are \(fields.dropFirst().joined(separator: ", "))")
                }
                channelIndex = index
            }
            header = fields
        }

        func number(_ field: String, column: String) throws(RecordingError) -> Double {
            // Double(String) stops at a NUL, as strtod does, and would read "1\0x" as 1.
            guard !field.utf8.contains(0), let value = Double(field) else {
                let decimalComma = field.contains(",") && Double(field.replacingOccurrences(of: ",", with: ".")) != nil
                throw RecordingError(file: file, line: lineNumber, message: "column '\(column)': '\(field)' is not a number"
                                     + (decimalComma ? " (write decimals with a point)" : ""))
            }
            // Double(String) also reads hexadecimal ("0x10" is 16): a recording holds decimal numbers.
            guard !field.utf8.contains(where: { $0 | 0x20 == 0x78 }) else {
                throw RecordingError(file: file, line: lineNumber,
                                     message: "column '\(column)': '\(field)' is not a decimal number (hexadecimal is not accepted)")
            }
            guard value.isFinite else {
                throw RecordingError(file: file, line: lineNumber, message: "column '\(column)': \(field) is not a finite number")
            }
            return value
        }
    }
}
