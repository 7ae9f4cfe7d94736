import Foundation
import MotionNumerics

extension RecordingReader {
    /// What every way of reading a recording shares, whatever keeps its rows: the bytes of an
    /// unfinished line, line numbers, the header and delimiter, the time column (its unit or
    /// frame rate, and the order of its values), the rows skipped as gaps, and the careful
    /// path's fields and error wording.
    struct Tokenizer {
        let file: String
        let clock: RecordingClock
        /// The delimiter asked for, if any (else it is detected from the header line).
        let dialect: RecordingDialect
        /// The delimiter in use: the one asked for, or the header's once it is read.
        var delimiter: RecordingDialect.Delimiter
        /// Seconds per unit of a time column.
        let timeScale: Double
        /// The bytes after the last line break read so far: a line still to be completed.
        private var pending: [UInt8] = []
        var lineNumber = 0
        var header: [String]? = nil
        /// Whether the first column numbers frames (time = frame / fps).
        var frames = false
        /// The data rows read.
        var count = 0
        /// The previous row's first field as written (a time in the file's unit, or a frame).
        var lastTime = -Double.infinity
        /// The lines of the rows skipped as gaps.
        var skippedLines: [Int] = []

        init(file: String, clock: RecordingClock, dialect: RecordingDialect) {
            self.file = file
            self.clock = clock
            self.dialect = dialect
            delimiter = dialect.delimiter ?? .comma
            timeScale = clock.timeUnit.seconds
        }

        /// A frame rate out of range is an error before anything is read.
        func checkClock() throws(RecordingError) {
            if let problem = clock.fpsProblem { throw RecordingError(file: file, message: problem) }
        }

        func checkLimit(_ maximumSamples: Int) throws(RecordingError) {
            if count > maximumSamples {
                throw RecordingError(file: file, message: "has more than \(maximumSamples) samples, the most this command holds in memory; resample it, or use a command that streams (fit keyframes --times/--keyframes)")
            }
        }

        /// The complete lines of `data` after what was left of the last block, each ending in a
        /// newline (`nil`: none); the rest waits for the next block.
        mutating func completeLines(_ data: Data) -> [UInt8]? {
            var buffer = pending
            buffer.append(contentsOf: data)
            pending = []
            guard let lastNewline = buffer.lastIndex(of: UInt8(ascii: "\n")) else {
                pending = buffer
                return nil
            }
            pending = Array(buffer[(lastNewline + 1)...])
            buffer.removeSubrange((lastNewline + 1)...)
            return buffer
        }

        /// The last line when the input does not end in a line break, with one added (`nil`: none).
        mutating func lastLine() -> [UInt8]? {
            guard !pending.isEmpty else { return nil }
            var rest = pending
            pending = []
            rest.append(UInt8(ascii: "\n"))
            return rest
        }

        /// The header once the input is read; an error when there was none.
        func finalHeader() throws(RecordingError) -> [String] {
            guard let header else { throw RecordingError(file: file, message: "is empty: expected a header row such as 'time,value'") }
            return header
        }

        /// The fields of the line `raw` (without its line break) by the careful path: `nil` for a
        /// blank or comment line. The header line sets the delimiter unless one was asked for.
        mutating func fields(ofLine raw: Slice<UnsafeBufferPointer<UInt8>>) throws(RecordingError) -> [String]? {
            var text = raw
            if text.last == UInt8(ascii: "\r") { text = text.dropLast() }
            let trimmed = text.drop { $0 == 0x20 || $0 == 0x09 }
            if trimmed.isEmpty || trimmed.first == UInt8(ascii: "#") { return nil }
            guard let string = String(validating: text, as: UTF8.self) else {
                throw RecordingError(file: file, line: lineNumber, message: "is not UTF-8 text")
            }
            if header == nil, dialect.delimiter == nil { delimiter = .detect(header: text) }
            guard let fields = Self.fields(of: string, delimiter: delimiter) else {
                throw RecordingError(file: file, line: lineNumber, message: "has a quoted field that is not closed")
            }
            return fields
        }

        /// A data row has the header's fields.
        func checkFieldCount(_ fields: [String], header: [String]) throws(RecordingError) {
            guard fields.count == header.count else {
                throw RecordingError(file: file, line: lineNumber,
                                     message: "has \(fields.count) fields; the header has \(header.count) (\(header.joined(separator: ",")))")
            }
        }

        /// Whether the row is skipped as a gap (a dropped frame): an empty or NaN cell among the
        /// fields read, when the dialect skips such rows. Its line is kept.
        mutating func skipsGap(_ fields: [String], read: [Int]) -> Bool {
            guard dialect.skipsInvalidRows, read.contains(where: { RecordingDialect.isMissing(fields[$0]) }) else { return false }
            skippedLines.append(lineNumber)
            return true
        }

        /// Seconds for the first field `raw` of a row (already checked finite).
        @inline(__always)
        func seconds(_ raw: Double) -> Double {
            frames ? raw / clock.fps! : raw * timeScale
        }

        /// The first field as seconds, when the fast path may take it after the previous row: it
        /// must increase, a frame must be a whole number, and the time must be finite.
        @inline(__always)
        func fastTime(_ raw: Double) -> Double? {
            guard raw > lastTime else { return nil }
            if !frames { return raw * timeScale }
            guard raw == raw.rounded(.towardZero) else { return nil }
            let t = raw / clock.fps!
            return t.isFinite ? t : nil
        }

        /// A row with first field `raw` was kept.
        @inline(__always)
        mutating func accept(_ raw: Double) {
            count += 1
            lastTime = raw
        }

        /// The seconds of a row's first field read by the careful path: an error when it is not
        /// a whole frame, does not follow the previous row's, or is a frame beyond a double's times.
        func dataTime(_ first: Double) throws(RecordingError) -> Double {
            try checkFrame(first)
            if count > 0, !(first > lastTime) {
                throw RecordingError(file: file, line: lineNumber, message: orderMessage(first, previous: lastTime))
            }
            return try time(first)
        }

        /// Why `value` may not follow `previous` in the first column.
        private func orderMessage(_ value: Double, previous: Double) -> String {
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

        /// A recording needs a data row; when every one was skipped as a gap, the error says so.
        func checkRows(_ count: Int) throws(RecordingError) {
            guard count == 0 else { return }
            guard skippedLines.isEmpty else {
                throw RecordingError(file: file, message: "has no data row left: all \(skippedLines.count) were skipped for empty or NaN cells")
            }
            throw RecordingError(file: file, message: "has a header but no data rows")
        }
    }
}
