import MotionIO
import MotionJSON

/// The one channel of a recording that a single-channel document describes, and the recording's
/// other channels, which were not read.
///
/// A command that reads one channel of a file with several (`fit keyframes`, `fit spring`,
/// `fit bezier`, `settle`) says which one it read and which it ignored, so a script never takes
/// the first column's result for the whole recording: its document holds `channel` and
/// `ignoredChannels` (an empty array when the recording has one channel).
public struct RecordingChannel: Sendable, Hashable {
    /// The channel read (the CSV column's header).
    public var name: String
    /// The recording's other channels, in the file's order.
    public var ignoredChannels: [String]

    /// The channel `name` of a recording whose channels are `channels` (which may omit it).
    public init(name: String, channels: [String]) {
        self.name = name
        self.ignoredChannels = channels.filter { $0 != name }
    }

    /// The channel a recording holds, among the channels of its file.
    public init(_ recording: Recording) {
        self.init(name: recording.channel, channels: recording.channels)
    }

    /// `channel` and `ignoredChannels`.
    public var jsonPairs: [(String, JSONValue)] {
        [("channel", .string(name)), ("ignoredChannels", .array(ignoredChannels.map(JSONValue.string)))]
    }
}
