import MotionJSON
import MotionKeyframes
import MotionSprings

/// The sample documents: a spring's, a timing curve's and a timeline's values at
/// given times or progress.
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

    /// `curve`: `{"curve": {name, semantics, inverse, controlPoints?}, "samples": [{"progress",
    /// "value", "velocity", "exactVelocity"}]}`; `semantics` is `swiftui` or `css`; `velocity`
    /// is what the platform reports (SwiftUI's 1 and 0 where a bezier's dx/dt and dy/dt both
    /// vanish), `exactVelocity` the limit there.
    public static func curve(
        name: String, css: Bool, inverse: Bool, controlPoints: [Double]?,
        samples: [(progress: Double, value: Double, velocity: Double, exactVelocity: Double)]
    ) -> JSONValue {
        var curve: [(String, JSONValue)] = [
            ("name", .string(name)), ("semantics", .string(css ? "css" : "swiftui")), ("inverse", .bool(inverse)),
        ]
        if let controlPoints { curve.append(("controlPoints", .array(controlPoints.map(JSONValue.number)))) }
        return .object([
            ("curve", .object(curve)),
            ("samples", .array(samples.map {
                .object([("progress", .number($0.progress)), ("value", .number($0.value)), ("velocity", .number($0.velocity)),
                         ("exactVelocity", .number($0.exactVelocity))])
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
