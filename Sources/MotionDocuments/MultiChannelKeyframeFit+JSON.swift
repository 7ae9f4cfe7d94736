import MotionExports
import MotionFitting
import MotionJSON
import MotionKeyframes

extension MultiChannelKeyframeFit {
    /// The `fit keyframes --columns`/`--all-columns` document:
    /// - `timeline`: timeline JSON, `initialValue` an object of the channels' values, one track per
    ///   channel (`property` = the channel's name);
    /// - `rmse`, `maxError`, `maxErrorTime`, `samples` over every sample of every channel, with
    ///   `maxErrorChannel`; `r2` is the worst channel's;
    /// - `keyframes`: with shared times, one entry per shared keyframe — a cubic keyframe whose
    ///   `to` is an object of every channel's value (the shape of `initialValue`) and whose
    ///   `duration` all tracks share; with independent times `null` (each channel's keyframes are
    ///   in `channels`);
    /// - `channels`: one `fit keyframes` document per channel (`channel`, `keyframes`, `rmse`,
    ///   `maxError`, `r2`, `startTime`, `initialValue`, `endTimes`, `standardErrors`, `swiftUI`,
    ///   `css`, `warnings`, and its own one-track `timeline`);
    /// - `startTime`, `initialValue` (object), `endTimes` (shared, or `null`), `sharedTimes`,
    ///   `swiftUI` (a `KeyframeAnimator` over a struct of every channel) and `warnings`.
    public func json(cssTolerance: Double) -> JSONValue {
        let names = channelNames
        var shared: JSONValue = .null
        if let endTimes {
            var previous = startTime
            shared = .array(endTimes.indices.map { i in
                let duration = endTimes[i] - previous
                previous = endTimes[i]
                return .object([
                    ("type", .string("cubic")),
                    ("to", .object(zip(names, channels).map { ($0, .number($1.keyframes[i].to)) })),
                    ("duration", .number(duration)),
                ])
            })
        }
        var pairs: [(String, JSONValue)] = [("keyframes", shared), ("timeline", timeline.json)]
        pairs += quality.jsonPairs
        pairs += [
            ("maxErrorChannel", .string(maxErrorChannel)),
            ("channels", .array(zip(names, channels).map { $1.json(channel: $0, cssTolerance: cssTolerance) })),
            ("startTime", .number(startTime)),
            ("initialValue", timeline.initialValue.json),
            ("endTimes", endTimes.map { .array($0.map(JSONValue.number)) } ?? .null),
            ("sharedTimes", .bool(sharedTimes)),
            ("swiftUI", .string(swiftUICode)),
            ("warnings", .array(warnings.map(JSONValue.string))),
        ]
        return .object(pairs)
    }
}
