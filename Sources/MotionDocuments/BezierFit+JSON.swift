import MotionExports
import MotionFitting
import MotionIO
import MotionJSON

extension BezierFit {
    /// The `fit bezier` document: `controlPoints`, `startTime`, `duration`, `from`,
    /// `to`, the fit quality, `standardErrors`, `css` (`cubic-bezier()`), `cssLinear`, `swiftUI`,
    /// and how the recording was read: `startAssumption`, `endAssumption`, `selection`, `warnings`.
    public func json(cssTolerance: Double) -> JSONValue {
        document(channelPairs: [], cssTolerance: cssTolerance)
    }

    /// The `fit bezier` document of a fit of one channel of a recording: the keys of
    /// ``json(cssTolerance:)`` with `channel` and `ignoredChannels` (the recording's other
    /// channels, which were not fitted; an empty array when it has one) after the fit quality.
    public func json(channel: RecordingChannel, cssTolerance: Double) -> JSONValue {
        document(channelPairs: channel.jsonPairs, cssTolerance: cssTolerance)
    }

    private func document(channelPairs: [(String, JSONValue)], cssTolerance: Double) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("controlPoints", .array(controlPoints.map(JSONValue.number))),
            ("startTime", .number(startTime)), ("duration", .number(duration)),
            ("from", .number(from)), ("to", .number(to)),
        ]
        pairs += quality.jsonPairs
        pairs += channelPairs
        pairs += [
            ("standardErrors", standardErrors.map { .object($0.map { ($0.name, .number($0.value)) }) } ?? .null),
            ("css", .string(css)),
            ("cssLinear", cssLinear(tolerance: cssTolerance).json),
            ("swiftUI", .string(swiftUICode)),
            ("startAssumption", .string(startAssumption.rawValue)),
            ("endAssumption", .string(endAssumption.rawValue)),
            ("selection", selection.json),
            ("warnings", .array(warnings.map(JSONValue.string))),
        ]
        return .object(pairs)
    }
}
