import MotionJSON
import MotionKeyframes
import MotionSprings

/// The sample documents: a spring's and a timeline's values at given times (a timing curve's:
/// ``CurveSampling``).
public enum SamplesDocument {
    /// `spring sample`: `{"spring": {duration, bounce}, "target", "initialVelocity",
    /// "samples": [{"time", "value", "velocity"}]}`.
    public static func spring(
        _ spring: Spring, target: Double, initialVelocity: Double,
        samples: [(time: Double, value: Double, velocity: Double)]
    ) -> JSONValue {
        .object([
            ("spring", .object([("duration", .number(spring.duration)), ("bounce", .number(spring.bounce))])),
            ("target", .number(target)),
            ("initialVelocity", .number(initialVelocity)),
            ("samples", .array(samples.map {
                .object([("time", .number($0.time)), ("value", .number($0.value)), ("velocity", .number($0.velocity))])
            })),
        ])
    }

    /// `keyframes eval`: `{"duration", "samples": [{"time", "value"}]}`, `value` a number or an
    /// object like the timeline's initial value.
    public static func timeline(duration: Double, times: [Double], values: [AnimatableValue]) -> JSONValue {
        .object([
            ("duration", .number(duration)),
            ("samples", .array(zip(times, values).map { t, v in .object([("time", .number(t)), ("value", v.json)]) })),
        ])
    }
}
