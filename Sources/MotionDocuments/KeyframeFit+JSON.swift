import MotionExports
import MotionFitting
import MotionIO
import MotionJSON
import MotionKeyframes

extension KeyframeFit {
    /// The `fit keyframes` document: `keyframes`, `timeline`, the fit
    /// quality, `channel`, `startTime`, `initialValue`, `endTimes`, `standardErrors`, `swiftUI`
    /// and `css` (the `linear()` easing, or null).
    ///
    /// This is the document of one track among several (``MultiChannelKeyframeFit``). A fit of
    /// one channel of a recording is described by the overload that takes a ``RecordingChannel``,
    /// which also names the channels that were not read.
    public func json(channel: String, cssTolerance: Double) -> JSONValue {
        document(channel: channel, channelPairs: [("channel", .string(channel))], cssTolerance: cssTolerance)
    }

    /// The `fit keyframes` document of a fit of one channel of a recording: the keys of the
    /// one-track document with `ignoredChannels` after `channel` — the recording's other
    /// channels, which were not fitted (an empty array when it has one).
    public func json(channel: RecordingChannel, cssTolerance: Double) -> JSONValue {
        document(channel: channel.name, channelPairs: channel.jsonPairs, cssTolerance: cssTolerance)
    }

    private func document(channel: String, channelPairs: [(String, JSONValue)], cssTolerance: Double) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("keyframes", .array(keyframes.map { Keyframe<Double>.cubic($0).json })),
            ("timeline", timeline.json),
        ]
        pairs += quality.jsonPairs
        pairs += channelPairs
        pairs += [
            ("startTime", .number(startTime)),
            ("initialValue", .number(initialValue)),
            ("endTimes", .array(endTimes.map(JSONValue.number))),
            ("standardErrors", standardErrors.map { .array($0.map(JSONValue.number)) } ?? .null),
            ("swiftUI", .string(swiftUICode(property: channel.isEmpty ? "value" : channel))),
            ("css", cssLinear(tolerance: cssTolerance)?.json ?? .null),
            ("warnings", .array(warnings.map(JSONValue.string))),
        ]
        return .object(pairs)
    }
}
