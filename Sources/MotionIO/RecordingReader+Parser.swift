import CFastFloat
import Foundation
import MotionNumerics

extension RecordingReader {
    /// A streaming parser over raw bytes. Runs of rows in their simplest form are read a block
    /// at a time by `ml_parse_rows` (one channel, no frames); other data rows take a fast path —
    /// ``RowScanner``: fields located with `memchr`, numbers read in place, no strings made — and
    /// fall back to the careful path only to word an error. Tracker rows (an object id per row) always take the
    /// careful path.
    struct Parser {
        /// The data rows the fast paths read (tests check which rows each declines): not kept by
        /// the parser, returned by each call that reads lines.
        struct RowCounts: Equatable {
            /// Rows read without the careful path: by the block reader or row by row in place.
            var fast = 0
            /// Of those, the rows the block reader read.
            var block = 0

            static func += (sum: inout RowCounts, more: RowCounts) {
                sum.fast += more.fast
                sum.block += more.block
            }
        }

        let file: String
        let column: String?
        /// Whether several channels are read (``RecordingReader/readChannels(path:columns:clock:dialect:maximumSamples:)``).
        let several: Bool
        /// The channels asked for when reading several; `nil` for all.
        let columns: [String]?
        let clock: RecordingClock
        /// The delimiter asked for, if any (else it is detected from the header line).
        let dialect: RecordingDialect
        /// The delimiter in use: the one asked for, or the header's once it is read.
        var delimiter: RecordingDialect.Delimiter
        var pending: [UInt8] = []
        /// The lines of the rows skipped as gaps.
        var skippedLines: [Int] = []
        var lineNumber = 0
        var header: [String]? = nil
        var channelIndex = 1
        var times: [Double] = []
        var values: [Double] = []
        /// The fields read after the first: the channel, or the channels when reading several.
        var selected: [Int] = []
        /// Several channels: the values of each selected field.
        var columnValues: [[Double]] = []
        /// For each field, its slot in `row` (−1: not read; 0: the time, then the selected fields).
        var slotOfField: [Int] = []
        /// The numbers of the row being read.
        var row: [Double] = []
        /// A tracker CSV's objects, once its header says it is one.
        var tracker: TrackerTable? = nil
        /// When set, samples go here instead of into `times` and `values`.
        var sink: ((Double, Double) -> Void)? = nil
        var count = 0
        /// The previous row's first field as written (a time in the file's unit, or a frame).
        var lastTime = -Double.infinity
        /// Whether the first column numbers frames (time = frame / fps).
        var frames = false
        /// Seconds per unit of a time column.
        let timeScale: Double
        /// Lines to read by the row before the block reader tries again (it declined the last
        /// line it was offered).
        private var bulkPause = 0

        /// A parser of one channel: `column`, or the first.
        init(file: String, column: String?, clock: RecordingClock = .seconds, dialect: RecordingDialect = .automatic) {
            self.init(file: file, column: column, several: false, columns: nil, clock: clock, dialect: dialect)
        }

        /// A parser of several channels: `columns`, or all.
        init(file: String, columns: [String]?, clock: RecordingClock = .seconds, dialect: RecordingDialect = .automatic) {
            self.init(file: file, column: nil, several: true, columns: columns, clock: clock, dialect: dialect)
        }

        private init(file: String, column: String?, several: Bool, columns: [String]?, clock: RecordingClock, dialect: RecordingDialect) {
            self.file = file
            self.column = column
            self.several = several
            self.columns = columns
            self.clock = clock
            self.dialect = dialect
            delimiter = dialect.delimiter ?? .comma
            timeScale = clock.timeUnit.seconds
        }

        /// A frame rate out of range is an error before anything is read.
        func checkClock() throws(RecordingError) {
            if let problem = clock.fpsProblem { throw RecordingError(file: file, message: problem) }
        }

        /// Channels asked for must be named once each.
        func checkRequest() throws(RecordingError) {
            guard let columns else { return }
            guard !columns.isEmpty else { throw RecordingError(file: file, message: "no channel was asked for: give at least one column name") }
            var seen = Set<String>()
            for name in columns where !seen.insert(name).inserted {
                throw RecordingError(file: file, message: "the channel '\(name)' is asked for twice; name each channel once")
            }
        }

        func checkLimit(_ maximumSamples: Int) throws(RecordingError) {
            if count > maximumSamples {
                throw RecordingError(file: file, message: "has more than \(maximumSamples) samples, the most this command holds in memory; resample it, or use a command that streams (fit keyframes --times/--keyframes)")
            }
        }

        /// Reads the complete lines of `data` (with what was left of the last block); the rest waits
        /// for the next block. With `fast` false every row takes the careful path (tests compare
        /// the two paths).
        /// - Returns: how many rows the fast paths read.
        @discardableResult
        mutating func consume(_ data: Data, fast: Bool = true) throws(RecordingError) -> RowCounts {
            var buffer = pending
            buffer.append(contentsOf: data)
            pending = []
            // Everything up to the last newline is complete lines; the rest waits for more data.
            guard let lastNewline = buffer.lastIndex(of: UInt8(ascii: "\n")) else {
                pending = buffer
                return RowCounts()
            }
            pending = Array(buffer[(lastNewline + 1)...])
            buffer.removeSubrange((lastNewline + 1)...)
            return try lines(in: buffer, count: lastNewline + 1, fast: fast)
        }

        /// Seconds for the first field `raw` of a row (already checked finite).
        @inline(__always)
        func seconds(_ raw: Double) -> Double {
            frames ? raw / clock.fps! : raw * timeScale
        }

        mutating func emit(_ raw: Double, _ t: Double, _ y: Double) {
            count += 1
            lastTime = raw
            if let sink { sink(t, y) } else { times.append(t); values.append(y) }
        }

        /// The row read into `row`, its time `t` (`raw` as written).
        mutating func emitRow(_ raw: Double, _ t: Double) {
            guard several else { return emit(raw, t, row[1]) }
            count += 1
            lastTime = raw
            times.append(t)
            for s in selected.indices { columnValues[s].append(row[s + 1]) }
        }

        /// Reads the last line when the input does not end in a line break.
        @discardableResult
        mutating func finishLines(fast: Bool = true) throws(RecordingError) -> RowCounts {
            guard !pending.isEmpty else { return RowCounts() }
            var rest = pending
            pending = []
            rest.append(UInt8(ascii: "\n"))
            return try lines(in: rest, count: rest.count, fast: fast)
        }

        mutating func finish(fast: Bool = true) throws(RecordingError) -> Recording {
            try finishLines(fast: fast)
            guard let header else { throw RecordingError(file: file, message: "is empty: expected a header row such as 'time,value'") }
            if let tracker {
                var channel = try tracker.channels(file: file, columns: column.map { [$0] })[0]
                channel.skippedLines = skippedLines
                return channel
            }
            try checkRows(times.count)
            return Recording(times: times, values: values, channel: header[channelIndex], channels: Array(header.dropFirst()),
                             skippedLines: skippedLines)
        }

        mutating func finishChannels(fast: Bool = true) throws(RecordingError) -> MultiChannelRecording {
            try finishLines(fast: fast)
            guard let header else { throw RecordingError(file: file, message: "is empty: expected a header row such as 'time,value'") }
            if let tracker {
                let channels = try tracker.channels(file: file, columns: columns).map { channel in
                    var channel = channel
                    channel.skippedLines = skippedLines
                    return channel
                }
                return MultiChannelRecording(channels: channels, layout: .tracker)
            }
            try checkRows(times.count)
            let names = Array(header.dropFirst())
            return MultiChannelRecording(channels: selected.indices.map { s in
                Recording(times: times, values: columnValues[s], channel: header[selected[s]], channels: names, skippedLines: skippedLines)
            })
        }

        /// Parses the complete lines in `buffer[0..<count]` (each ending in a newline).
        private mutating func lines(in buffer: [UInt8], count: Int, fast: Bool) throws(RecordingError) -> RowCounts {
            var result: Result<RowCounts, RecordingError> = .success(RowCounts())
            buffer.withUnsafeBufferPointer { raw in
                do throws(RecordingError) { result = .success(try lines(in: raw, from: 0, to: count, fast: fast)) } catch { result = .failure(error) }
            }
            return try result.get()
        }

        /// Parses the complete lines in `raw[start..<count]` (each ending in a newline); with
        /// `fast` false, every row by the careful path.
        /// - Returns: how many rows the fast paths read.
        @discardableResult
        mutating func lines(in raw: UnsafeBufferPointer<UInt8>, from start: Int, to count: Int, fast: Bool = true) throws(RecordingError) -> RowCounts {
            let base = raw.baseAddress!
            var start = start
            var counts = RowCounts()
            while start < count {
                if bulkPause > 0 {
                    bulkPause -= 1
                } else if fast, let rows = bulkRows(base, &start, count) {
                    counts.fast += rows
                    counts.block += rows
                    if start >= count { break }
                }
                let found = memchr(base + start, Int32(UInt8(ascii: "\n")), count - start)!
                let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                lineNumber += 1
                if fast && fastRow(base, start, end) {
                    counts.fast += 1
                } else {
                    try line(raw[start..<end])
                }
                start = end + 1
            }
            return counts
        }

        /// Rows in their simplest form read by `ml_parse_rows`, a block at a time, up to the first
        /// row it declines (which the caller then reads by the line): the number of rows read, or
        /// `nil` when this parser's rows cannot take that path (several channels, trackers,
        /// frames, a sink, no header). The rows it reads are the ones ``fastRow(_:_:_:)`` reads,
        /// with the same numbers.
        @inline(__always)
        private mutating func bulkRows(_ base: UnsafePointer<UInt8>, _ start: inout Int, _ count: Int) -> Int? {
            guard delimiter == .comma, !several, !frames, tracker == nil, sink == nil, let header,
                  header.count >= 2, channelIndex < header.count else { return nil }
            let block = 2048
            return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * block) { buffer in
                let pointer = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
                var position = start, last = lastTime, read = 0
                while position < count {
                    let rows = ml_parse_rows(pointer, &position, count, header.count, channelIndex, &last, timeScale,
                                             buffer.baseAddress!, buffer.baseAddress! + block, block)
                    // Declined at once: read the next lines by the row, so that a file whose
                    // rows all decline is not read twice.
                    guard rows > 0 else {
                        if position == start { bulkPause = 32 }
                        break
                    }
                    times.append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress!, count: rows))
                    values.append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress! + block, count: rows))
                    self.count += rows
                    lineNumber += rows
                    read += rows
                    if rows < block { break }
                }
                lastTime = last
                start = position
                return read
            }
        }

        /// The first field as seconds, when it may be emitted after the previous row: it must
        /// increase, a frame must be a whole number, and the time must be finite.
        @inline(__always)
        private func fastTime(_ raw: Double) -> Double? {
            guard raw > lastTime else { return nil }
            if !frames { return raw * timeScale }
            guard raw == raw.rounded(.towardZero) else { return nil }
            let t = raw / clock.fps!
            return t.isFinite ? t : nil
        }

        /// A data row of plain numbers, read in place into `row` by ``RowScanner`` and emitted;
        /// false when the careful path must look.
        private mutating func fastRow(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
            guard let header, tracker == nil,
                  RowScanner.scan(base, start, end, fieldCount: header.count, delimiter: delimiter.byte, slots: slotOfField, into: &row)
            else { return false }
            let raw = row[0]
            guard let t = fastTime(raw) else { return false }
            emitRow(raw, t)
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
            if header == nil, dialect.delimiter == nil { delimiter = .detect(header: text) }
            guard let fields = Self.fields(of: string, delimiter: delimiter) else {
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
            if dialect.skipsInvalidRows, readFields(header).contains(where: { RecordingDialect.isMissing(fields[$0]) }) {
                skippedLines.append(lineNumber)  // a dropped frame: a gap
                return
            }
            if tracker != nil {
                try trackerRow(fields, header: header)
                return
            }
            let first = try number(fields[0], column: header[0])
            row[0] = first
            for (s, field) in selected.enumerated() { row[s + 1] = try number(fields[field], column: header[field]) }
            try checkFrame(first)
            if count > 0, !(first > lastTime) {
                throw RecordingError(file: file, line: lineNumber, message: orderMessage(first, previous: lastTime))
            }
            let t = try time(first)
            emitRow(first, t)
        }
    }
}
