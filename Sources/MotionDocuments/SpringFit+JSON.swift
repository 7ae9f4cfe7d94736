import MotionExports
import MotionFitting
import MotionIO
import MotionJSON

extension SpringFit {
    /// The `fit spring` document: `spring` {duration, bounce, mass, stiffness (physical),
    /// damping, dampingRatio, response}, `startTime`, `from`, `to`, `initialVelocity`, the fit
    /// quality, `standardErrors`, `poorlyDetermined`, `swiftUI`, `css` (the `linear()` easing,
    /// or null), `cssDuration`, and how the recording was read: `startAssumption`,
    /// `endAssumption`, `initialVelocityFitted`, `selection` and `warnings`.
    public func json(cssTolerance: Double) -> JSONValue {
        document(channelPairs: [], cssTolerance: cssTolerance)
    }

    /// The `fit spring` document of a fit of one channel of a recording: the keys of
    /// ``json(cssTolerance:)`` with `channel` and `ignoredChannels` (the recording's other
    /// channels, which were not fitted; an empty array when it has one) after the fit quality.
    public func json(channel: RecordingChannel, cssTolerance: Double) -> JSONValue {
        document(channelPairs: channel.jsonPairs, cssTolerance: cssTolerance)
    }

    private func document(channelPairs: [(String, JSONValue)], cssTolerance: Double) -> JSONValue {
        let css = cssLinear(tolerance: cssTolerance)
        var pairs: [(String, JSONValue)] = [
            ("spring", .object(spring.parametersJSON)),
            ("startTime", .number(startTime)), ("from", .number(from)), ("to", .number(to)),
            ("initialVelocity", .number(initialVelocity)),
        ]
        pairs += quality.jsonPairs
        pairs += channelPairs
        pairs += [
            ("standardErrors", standardErrors.map { .object($0.map { ($0.name, .number($0.value)) }) } ?? .null),
            ("poorlyDetermined", .array(poorlyDetermined.map(JSONValue.string))),
            ("swiftUI", .string(swiftUICode)),
            ("css", css?.json ?? .null),
            ("cssDuration", css.map { .number($0.duration) } ?? .null),
            ("startAssumption", .string(startAssumption.rawValue)),
            ("endAssumption", .string(endAssumption.rawValue)),
            ("initialVelocityFitted", .bool(initialVelocityFitted)),
            ("selection", selection.json),
            ("warnings", .array(warnings.map(JSONValue.string))),
        ]
        return .object(pairs)
    }
}
