import Foundation

/// Reads recording CSVs: a header row whose first column is `time` or `t` (or `frame`,
/// with a frame rate), one numeric column per channel, `#` comment lines; every bad row is
/// reported with its line number. Tracker CSVs (`time,id,x,y`: one row per object per frame)
/// are recognised by their header and pivoted into channels `ID.x`, `ID.y`.
///
/// The file is streamed in blocks and only the time column and the chosen channels are kept, so
/// memory grows with the samples kept (16 bytes a row for one channel), not with the file's width.
/// ``readChannels(path:columns:clock:dialect:maximumSamples:)`` reads several channels in one pass.
public enum RecordingReader {
    /// Reads channel `column` (default: the first channel) of the CSV file at `path`.
    ///
    /// - Parameters:
    ///   - path: the CSV file.
    ///   - column: the channel's header name (for a tracker CSV, `ID.x`); `nil` for the first channel.
    ///   - clock: how the first column becomes seconds: a `time` column's unit, or a `frame`
    ///     column's frame rate. The times returned are in seconds.
    ///   - dialect: the delimiter (detected from the header unless given) and whether rows with
    ///     empty or NaN cells are skipped as gaps (their lines in ``Recording/skippedLines``).
    ///   - maximumSamples: a limit on the samples held in memory (16 bytes each); a longer
    ///     recording is an error raised as soon as the limit is passed, so memory stays bounded
    ///     by the limit, not the file. ``stream(path:column:clock:dialect:_:)`` has no limit.
    ///
    /// A file of at least ``parallelThreshold`` bytes is mapped and parsed in two halves on two
    /// cores, with the same result, errors and line numbers as the serial reader.
    public static func read(
        path: String, column: String? = nil, clock: RecordingClock = .seconds, dialect: RecordingDialect = .automatic,
        maximumSamples: Int = 20_000_000
    ) throws(RecordingError) -> Recording {
        var parser = Parser(file: path, column: column, clock: clock, dialect: dialect)
        try parser.checkClock()
        if let recording = readInParallel(path: path, column: column, clock: clock, dialect: dialect, maximumSamples: maximumSamples) {
            return recording
        }
        try read(path, into: &parser, maximumSamples: maximumSamples)
        return try parser.finish()
    }

    /// Streams channel `column` of the CSV file at `path` through `body`, one sample at a time
    /// (times in seconds), with the same checks as ``read(path:column:clock:dialect:maximumSamples:)``;
    /// memory stays O(1) whatever the file's size — except for a tracker CSV, whose rows must all
    /// be read before an object's channel is known: it is pivoted in memory, then streamed.
    /// - Returns: the number of samples and the channel's name.
    @discardableResult
    public static func stream(
        path: String, column: String? = nil, clock: RecordingClock = .seconds, dialect: RecordingDialect = .automatic,
        _ body: (Double, Double) -> Void
    ) throws(RecordingError) -> (count: Int, channel: String) {
        try withoutActuallyEscaping(body) { (sink) throws(RecordingError) -> (count: Int, channel: String) in
            // The parser lives only inside this closure, so the sink cannot outlive the call.
            var parser = Parser(file: path, column: column, clock: clock, dialect: dialect, body: sink)
            try parser.checkClock()
            try forEachBlock(of: path) { (block) throws(RecordingError) in try parser.consume(block) }
            _ = try parser.finishInput()
            if let tracker = parser.tracker {
                let recording = try parser.trackerChannels(tracker, columns: column.map { [$0] })[0]
                for i in recording.times.indices { sink(recording.times[i], recording.values[i]) }
                return (recording.count, recording.channel)
            }
            try parser.tokens.checkRows(parser.tokens.count)
            return (parser.tokens.count, parser.sink.choice.name)
        }
    }

    /// Parses CSV text (for tests and standard input).
    public static func parse(
        _ text: String, name: String = "<text>", column: String? = nil, clock: RecordingClock = .seconds,
        dialect: RecordingDialect = .automatic
    ) throws(RecordingError) -> Recording {
        var parser = Parser(file: name, column: column, clock: clock, dialect: dialect)
        try parser.checkClock()
        try parser.consume(Data(text.utf8))
        return try parser.finish()
    }

    /// The file at `path` read by `parser` a block at a time, serially; an error once it holds
    /// more than `maximumSamples` rows.
    static func read<Sink: RowSink>(_ path: String, into parser: inout Parser<Sink>, maximumSamples: Int) throws(RecordingError) {
        try forEachBlock(of: path) { (block) throws(RecordingError) in
            try parser.consume(block)
            try parser.checkLimit(maximumSamples)
        }
    }

    /// The file's bytes in blocks of 1 MiB, with errors that say what is wrong with the path.
    /// The file is streamed (``InputReading``), so a pipe, a FIFO or `/dev/stdin` reads as a
    /// regular file does.
    static func forEachBlock(of path: String, _ body: (Data) throws(RecordingError) -> Void) throws(RecordingError) {
        func failure(_ error: InputReadError) -> RecordingError {
            RecordingError(file: path, message: error.reason == .directory ? "is a directory, not a CSV file" : error.message)
        }
        let handle: FileHandle
        do { handle = try InputReading.open(path) } catch { throw failure(error) }
        while true {
            let block: Data?
            do { block = try InputReading.nextBlock(of: handle, path: path, size: 1 << 20) } catch { throw failure(error) }
            guard let block else { return }
            try body(block)
        }
    }
}
