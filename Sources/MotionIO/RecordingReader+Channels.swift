import Foundation

extension RecordingReader {
    /// Reads several channels of the CSV file at `path` in one pass.
    ///
    /// A plain CSV gives every channel the rows' times; a tracker CSV (`time|t|frame,
    /// id|object|track, x, y`, recognised by its second column's name) is pivoted into channels
    /// `ID.x`, `ID.y`, …, each with the times its object was seen at. Missing cells are not
    /// allowed in a plain CSV (a row has exactly the header's fields, each a number); in a
    /// tracker CSV an object may be absent from a frame (no row), but a row it has is complete.
    ///
    /// - Parameters:
    ///   - path: the CSV file.
    ///   - columns: the channels to read, in the order wanted; `nil` for every channel in the
    ///     file's order (a tracker's: objects in order of first appearance, then their columns).
    ///   - clock: how the first column becomes seconds (a `time` column's unit or a `frame`
    ///     column's frame rate).
    ///   - dialect: the delimiter (detected from the header unless given) and whether rows with
    ///     empty or NaN cells are skipped as gaps.
    ///   - maximumSamples: a limit on the rows held in memory.
    /// - Throws: ``RecordingError`` naming the file, the line where there is one, and the rule
    ///   broken — including a channel asked for that the file does not have (with the list of
    ///   those it has).
    ///
    /// A plain CSV of at least ``parallelThreshold`` bytes is parsed in two halves on two cores,
    /// with the serial reader's result, errors and line numbers.
    public static func readChannels(
        path: String, columns: [String]? = nil, clock: RecordingClock = .seconds, dialect: RecordingDialect = .automatic,
        maximumSamples: Int = 20_000_000
    ) throws(RecordingError) -> MultiChannelRecording {
        var parser = Parser(file: path, columns: columns, clock: clock, dialect: dialect)
        try parser.checkClock()
        try parser.checkRequest()
        if let recording = readChannelsInParallel(path: path, columns: columns, clock: clock, dialect: dialect, maximumSamples: maximumSamples) {
            return recording
        }
        try read(path, into: &parser, maximumSamples: maximumSamples)
        return try parser.finishChannels()
    }

    /// Parses several channels of CSV text (for tests and standard input), as
    /// ``readChannels(path:columns:clock:dialect:maximumSamples:)`` reads a file.
    public static func parseChannels(
        _ text: String, name: String = "<text>", columns: [String]? = nil, clock: RecordingClock = .seconds,
        dialect: RecordingDialect = .automatic
    ) throws(RecordingError) -> MultiChannelRecording {
        var parser = Parser(file: name, columns: columns, clock: clock, dialect: dialect)
        try parser.checkClock()
        try parser.checkRequest()
        try parser.consume(Data(text.utf8))
        return try parser.finishChannels()
    }
}
