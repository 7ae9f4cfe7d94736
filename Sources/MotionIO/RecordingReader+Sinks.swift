import CFastFloat
import Foundation

extension RecordingReader {
    /// Where a plain recording's data rows go: it picks the fields it reads from the header and
    /// keeps (or passes on) each row. ``Parser`` is generic over it, so the row loop calls it
    /// directly. A tracker CSV's rows go to a ``TrackerTable`` instead, whatever the sink.
    protocol RowSink {
        /// The fields read after the time (indices into `header`), in the order `append` gets
        /// them; an error (worded by `tokens`) when a column asked for is not in the header.
        mutating func select(header: [String], tokens: Tokenizer) throws(RecordingError) -> [Int]
        /// A data row: its time in seconds, and `row[s + 1]` the number of selected field `s`
        /// (`row[0]` is the first field as written).
        mutating func append(_ time: Double, _ row: [Double])
        /// Rows read a block at a time by `ml_parse_rows` from `start`, up to the first it
        /// declines (`start` is moved past those read): how many, or `nil` when this sink's rows
        /// cannot take that path.
        mutating func readBlock(_ base: UnsafePointer<UInt8>, _ start: inout Int, _ end: Int, tokens: inout Tokenizer) -> Int?
    }

    /// A sink that keeps its rows, so that a file's two halves can be read at once and joined.
    protocol KeptRows: RowSink, Sendable {
        /// The times of the rows kept, in seconds.
        var times: [Double] { get }
        /// Room for `rows` rows, so that the arrays do not grow by copying.
        mutating func reserveCapacity(_ rows: Int)
        /// The rows of `other` (read after this sink's) appended.
        mutating func append(contentsOf other: Self)
    }

    /// The one channel read: the column named, or the first.
    struct ChannelChoice {
        let column: String?
        /// The channel's field.
        private(set) var field = 1
        private(set) var name = ""

        init(column: String?) { self.column = column }

        mutating func select(header: [String], tokens: Tokenizer) throws(RecordingError) -> [Int] {
            if let column {
                let channels = header.dropFirst()
                guard let index = channels.firstIndex(of: column) else { throw tokens.missingColumn(column, channels: channels) }
                field = index
            }
            name = header[field]
            return [field]
        }
    }

    /// One channel's samples, kept; plain rows are read by the block reader straight into it.
    struct OneChannelSink: KeptRows {
        var choice: ChannelChoice
        private(set) var times: [Double] = []
        private(set) var values: [Double] = []

        mutating func select(header: [String], tokens: Tokenizer) throws(RecordingError) -> [Int] {
            try choice.select(header: header, tokens: tokens)
        }

        @inline(__always)
        mutating func append(_ time: Double, _ row: [Double]) {
            times.append(time)
            values.append(row[1])
        }

        mutating func reserveCapacity(_ rows: Int) {
            times.reserveCapacity(rows)
            values.reserveCapacity(rows)
        }

        mutating func append(contentsOf other: OneChannelSink) {
            times.append(contentsOf: other.times)
            values.append(contentsOf: other.values)
        }

        /// The recording read, its channels named by `header`.
        func recording(header: [String], skippedLines: [Int]) -> Recording {
            Recording(times: times, values: values, channel: choice.name, channels: Array(header.dropFirst()), skippedLines: skippedLines)
        }

        /// Rows in their simplest form (comma-separated times, no frames) read by `ml_parse_rows`:
        /// the rows ``RowScanner`` would read, with the same numbers.
        @inline(__always)
        mutating func readBlock(_ base: UnsafePointer<UInt8>, _ start: inout Int, _ count: Int, tokens: inout Tokenizer) -> Int? {
            guard tokens.delimiter == .comma, !tokens.frames, let header = tokens.header,
                  header.count >= 2, choice.field < header.count else { return nil }
            let block = 2048
            return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * block) { buffer in
                let pointer = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
                var position = start, last = tokens.lastTime, read = 0
                while position < count {
                    let rows = ml_parse_rows(pointer, &position, count, header.count, choice.field, &last, tokens.timeScale,
                                             buffer.baseAddress!, buffer.baseAddress! + block, block)
                    guard rows > 0 else { break }
                    times.append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress!, count: rows))
                    values.append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress! + block, count: rows))
                    tokens.count += rows
                    tokens.lineNumber += rows
                    read += rows
                    if rows < block { break }
                }
                tokens.lastTime = last
                start = position
                return read
            }
        }
    }

    /// One channel's samples passed on one at a time, none kept.
    struct StreamingSink: RowSink {
        var choice: ChannelChoice
        /// Where each sample goes: its time in seconds and its value.
        let body: (Double, Double) -> Void

        mutating func select(header: [String], tokens: Tokenizer) throws(RecordingError) -> [Int] {
            try choice.select(header: header, tokens: tokens)
        }

        @inline(__always)
        func append(_ time: Double, _ row: [Double]) { body(time, row[1]) }
    }

    /// Several channels' samples, kept: the channels asked for, or all.
    struct SeveralChannelsSink: KeptRows {
        /// The channels asked for; `nil` for all.
        let columns: [String]?
        /// The channels read, by name, in the order kept.
        private(set) var names: [String] = []
        /// One array for every channel.
        private(set) var times: [Double] = []
        /// The values of each channel read.
        private(set) var columnValues: [[Double]] = []

        init(columns: [String]?) { self.columns = columns }

        /// Channels asked for must be named once each.
        func checkRequest(file: String) throws(RecordingError) {
            guard let columns else { return }
            guard !columns.isEmpty else { throw RecordingError(file: file, message: "no channel was asked for: give at least one column name") }
            var seen = Set<String>()
            for name in columns where !seen.insert(name).inserted {
                throw RecordingError(file: file, message: "the channel '\(name)' is asked for twice; name each channel once")
            }
        }

        mutating func select(header: [String], tokens: Tokenizer) throws(RecordingError) -> [Int] {
            let selected: [Int]
            if let columns {
                let channels = header.dropFirst()
                for name in columns where !channels.contains(name) { throw tokens.missingColumn(name, channels: channels) }
                selected = columns.map { header.firstIndex(of: $0)! }
            } else {
                selected = Array(1..<header.count)
            }
            names = selected.map { header[$0] }
            columnValues = Array(repeating: [], count: selected.count)
            return selected
        }

        @inline(__always)
        mutating func append(_ time: Double, _ row: [Double]) {
            times.append(time)
            for s in columnValues.indices { columnValues[s].append(row[s + 1]) }
        }

        mutating func reserveCapacity(_ rows: Int) {
            times.reserveCapacity(rows)
            for s in columnValues.indices { columnValues[s].reserveCapacity(rows) }
        }

        mutating func append(contentsOf other: SeveralChannelsSink) {
            times.append(contentsOf: other.times)
            for s in columnValues.indices { columnValues[s].append(contentsOf: other.columnValues[s]) }
        }

        /// The channels read, named after `header`'s channels.
        func recording(header: [String], skippedLines: [Int]) -> MultiChannelRecording {
            let all = Array(header.dropFirst())
            return MultiChannelRecording(channels: names.indices.map { s in
                Recording(times: times, values: columnValues[s], channel: names[s], channels: all, skippedLines: skippedLines)
            })
        }
    }
}

extension RecordingReader.RowSink {
    /// Only plain one-channel rows take the block reader.
    func readBlock(_ base: UnsafePointer<UInt8>, _ start: inout Int, _ end: Int, tokens: inout RecordingReader.Tokenizer) -> Int? { nil }
}

extension RecordingReader.Parser where Sink == RecordingReader.OneChannelSink {
    /// A parser of one channel: `column`, or the first.
    init(file: String, column: String?, clock: RecordingClock = .seconds, dialect: RecordingDialect = .automatic) {
        self.init(tokens: RecordingReader.Tokenizer(file: file, clock: clock, dialect: dialect),
                  sink: RecordingReader.OneChannelSink(choice: RecordingReader.ChannelChoice(column: column)))
    }

    /// The channel read, once the last line is.
    mutating func finish(fast: Bool = true) throws(RecordingError) -> Recording {
        let header = try finishInput(fast: fast)
        if let tracker { return try trackerChannels(tracker, columns: sink.choice.column.map { [$0] })[0] }
        try tokens.checkRows(sink.times.count)
        return sink.recording(header: header, skippedLines: tokens.skippedLines)
    }
}

extension RecordingReader.Parser where Sink == RecordingReader.StreamingSink {
    /// A parser of one channel (`column`, or the first) that passes each sample to `body`.
    init(file: String, column: String?, clock: RecordingClock, dialect: RecordingDialect, body: @escaping (Double, Double) -> Void) {
        self.init(tokens: RecordingReader.Tokenizer(file: file, clock: clock, dialect: dialect),
                  sink: RecordingReader.StreamingSink(choice: RecordingReader.ChannelChoice(column: column), body: body))
    }
}

extension RecordingReader.Parser where Sink == RecordingReader.SeveralChannelsSink {
    /// A parser of several channels: `columns`, or all.
    init(file: String, columns: [String]?, clock: RecordingClock = .seconds, dialect: RecordingDialect = .automatic) {
        self.init(tokens: RecordingReader.Tokenizer(file: file, clock: clock, dialect: dialect),
                  sink: RecordingReader.SeveralChannelsSink(columns: columns))
    }

    /// Channels asked for must be named once each.
    func checkRequest() throws(RecordingError) { try sink.checkRequest(file: tokens.file) }

    /// The channels read, once the last line is.
    mutating func finishChannels(fast: Bool = true) throws(RecordingError) -> MultiChannelRecording {
        let header = try finishInput(fast: fast)
        if let tracker { return MultiChannelRecording(channels: try trackerChannels(tracker, columns: sink.columns), layout: .tracker) }
        try tokens.checkRows(sink.times.count)
        return sink.recording(header: header, skippedLines: tokens.skippedLines)
    }
}
