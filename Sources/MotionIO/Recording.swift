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
    /// The 1-based lines of the data rows skipped as gaps (empty or NaN cells, read with
    /// ``RecordingDialect/skipsInvalidRows``), in order; empty when none was.
    public var skippedLines: [Int]

    public init(times: [Double], values: [Double], channel: String = "value", channels: [String]? = nil, skippedLines: [Int] = []) {
        self.times = times
        self.values = values
        self.channel = channel
        self.channels = channels ?? [channel]
        self.skippedLines = skippedLines
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

