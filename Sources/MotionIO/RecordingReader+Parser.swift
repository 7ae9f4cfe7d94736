import Foundation

extension RecordingReader {
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

    /// A streaming parser over raw bytes: the ``Tokenizer`` frames lines and reads the time
    /// column, the `Sink` keeps the rows. Runs of rows in their simplest form are read a block at
    /// a time by the sink when it can (``RowSink/readBlock(_:_:_:tokens:)``); other data rows take
    /// a fast path — ``RowScanner``: fields located with `memchr`, numbers read in place, no
    /// strings made — and fall back to the careful path only to word an error. A tracker CSV
    /// (an object id per row, known from its header) fills a ``TrackerTable`` by the careful path.
    struct Parser<Sink: RowSink> {
        var tokens: Tokenizer
        var sink: Sink
        /// A tracker CSV's objects, once its header says it is one.
        var tracker: TrackerTable? = nil
        /// The fields of a data row that are read: the time, then the sink's (a tracker's: every value column).
        private var readFields: [Int] = []
        /// For each field, its slot in `row` (−1: not read; 0: the time, then the sink's fields).
        private var slotOfField: [Int] = []
        /// The numbers of the row being read.
        private var row: [Double] = []
        /// Lines to read by the row before the block reader tries again (it declined the last
        /// line it was offered).
        private var bulkPause = 0

        init(tokens: Tokenizer, sink: Sink) {
            self.tokens = tokens
            self.sink = sink
        }

        /// A frame rate out of range is an error before anything is read.
        func checkClock() throws(RecordingError) { try tokens.checkClock() }

        func checkLimit(_ maximumSamples: Int) throws(RecordingError) { try tokens.checkLimit(maximumSamples) }

        /// Reads the complete lines of `data` (with what was left of the last block); the rest waits
        /// for the next block. With `fast` false every row takes the careful path (tests compare
        /// the two paths).
        /// - Returns: how many rows the fast paths read.
        @discardableResult
        mutating func consume(_ data: Data, fast: Bool = true) throws(RecordingError) -> RowCounts {
            guard let buffer = tokens.completeLines(data) else { return RowCounts() }
            return try lines(in: buffer, fast: fast)
        }

        /// Reads the last line when the input does not end in a line break.
        @discardableResult
        mutating func finishLines(fast: Bool = true) throws(RecordingError) -> RowCounts {
            guard let rest = tokens.lastLine() else { return RowCounts() }
            return try lines(in: rest, fast: fast)
        }

        /// The header once every line is read; an error when the input had none.
        mutating func finishInput(fast: Bool = true) throws(RecordingError) -> [String] {
            try finishLines(fast: fast)
            return try tokens.finalHeader()
        }

        /// A tracker CSV's channels (those named in `columns`, in that order; `nil` for all), each
        /// with the lines skipped as gaps.
        func trackerChannels(_ table: TrackerTable, columns: [String]?) throws(RecordingError) -> [Recording] {
            try table.channels(file: tokens.file, columns: columns).map { channel in
                var channel = channel
                channel.skippedLines = tokens.skippedLines
                return channel
            }
        }

        /// Parses the complete lines in `buffer` (each ending in a newline).
        private mutating func lines(in buffer: [UInt8], fast: Bool) throws(RecordingError) -> RowCounts {
            var result: Result<RowCounts, RecordingError> = .success(RowCounts())
            buffer.withUnsafeBufferPointer { raw in
                do throws(RecordingError) { result = .success(try lines(in: raw, from: 0, to: raw.count, fast: fast)) } catch { result = .failure(error) }
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
                } else if fast, tracker == nil, let rows = sink.readBlock(base, &start, count, tokens: &tokens) {
                    // Declined at once: read the next lines by the row, so that a file whose
                    // rows all decline is not read twice.
                    if rows == 0 { bulkPause = 32 }
                    counts.fast += rows
                    counts.block += rows
                    if start >= count { break }
                }
                let found = memchr(base + start, Int32(UInt8(ascii: "\n")), count - start)!
                let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                tokens.lineNumber += 1
                if fast && fastRow(base, start, end) {
                    counts.fast += 1
                } else {
                    try line(raw[start..<end])
                }
                start = end + 1
            }
            return counts
        }

        /// A data row of plain numbers, read in place into `row` by ``RowScanner`` and given to the
        /// sink; false when the careful path must look.
        @inline(__always)
        private mutating func fastRow(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
            guard tracker == nil, !slotOfField.isEmpty,
                  RowScanner.scan(base, start, end, fieldCount: slotOfField.count, delimiter: tokens.delimiter.byte, slots: slotOfField, into: &row),
                  let t = tokens.fastTime(row[0])
            else { return false }
            tokens.accept(row[0])
            sink.append(t, row)
            return true
        }

        /// A line by the careful path: the header, a comment, or a data row (or its error).
        mutating func line(_ raw: Slice<UnsafeBufferPointer<UInt8>>) throws(RecordingError) {
            guard let fields = try tokens.fields(ofLine: raw) else { return }
            guard let header = tokens.header else { return try readHeader(fields) }
            try tokens.checkFieldCount(fields, header: header)
            if tokens.skipsGap(fields, read: readFields) { return }
            if tracker != nil {
                try tracker!.append(fields, header: header, tokens: tokens)
                tokens.count += 1
                return
            }
            let first = try tokens.number(fields[0], column: header[0])
            row[0] = first
            for s in 1..<readFields.count {
                let field = readFields[s]
                row[s] = try tokens.number(fields[field], column: header[field])
            }
            let t = try tokens.dataTime(first)
            tokens.accept(first)
            sink.append(t, row)
        }

        /// The header: checked by the tokenizer, then taken by a tracker's table or by the sink.
        private mutating func readHeader(_ fields: [String]) throws(RecordingError) {
            let names = try tokens.headerNames(fields)
            if let table = try TrackerTable(header: names, tokens: tokens) {
                tracker = table
                readFields = [0] + Array(2..<names.count)
            } else {
                let selected = try sink.select(header: names, tokens: tokens)
                readFields = [0] + selected
                slotOfField = Array(repeating: -1, count: names.count)
                for (slot, field) in readFields.enumerated() { slotOfField[field] = slot }
                row = Array(repeating: 0, count: readFields.count)
            }
            tokens.header = names
        }
    }
}
