import MotionJSON
import MotionNumerics

/// A motion as a CSS transition or animation: a `linear()` easing over a duration, for a step
/// of a given size (the error in value units is the easing's error times the step).
public struct CSSLinearAnimation: Sendable, Hashable {
    /// The `linear()` easing, in progress units.
    public var easing: CSSLinearEasing
    /// Seconds.
    public var duration: Double
    /// The value change the easing's output 0 → 1 stands for.
    public var step: Double

    /// The largest error of the printed easing, in value units.
    public var maxErrorInValueUnits: Double { easing.maxError * abs(step) }

    /// Declarations to paste: `transition-duration` and `transition-timing-function`.
    public var declarations: String {
        "transition-duration: \(DecimalText.significant(duration, digits: 4))s;\ntransition-timing-function: \(easing);"
    }

    /// `{"linear", "maxError", "maxErrorInValueUnits", "duration", "stops"}`.
    public var json: JSONValue {
        .object([("linear", .string(easing.description)), ("maxError", .number(easing.maxError)),
                 ("maxErrorInValueUnits", .number(maxErrorInValueUnits)), ("duration", .number(duration)),
                 ("stops", .integer(easing.stops.count))])
    }
}
