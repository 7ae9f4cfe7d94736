import MotionFitting
import MotionIO
import MotionKeyframes

extension KeyframeFit {
    /// The `fit keyframes` document of SPEC §7: `keyframes`, `timeline` (SPEC §6), the fit
    /// quality, `channel`, `startTime`, `initialValue`, `endTimes`, `standardErrors`, `swiftUI`
    /// and `css` (the `linear()` easing, or null).
    public func json(channel: String, cssTolerance: Double) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("keyframes", .array(keyframes.map { Keyframe.cubic($0).json })),
            ("timeline", timeline.json),
        ]
        pairs += quality.jsonPairs
        pairs += [
            ("channel", .string(channel)),
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
