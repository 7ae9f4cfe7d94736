import MotionFitting
import MotionIO

extension BezierFit {
    /// The `fit bezier` document of SPEC §7: `controlPoints`, `startTime`, `duration`, `from`,
    /// `to`, the fit quality, `standardErrors`, `css` (`cubic-bezier()`), `cssLinear` and `swiftUI`.
    public func json(cssTolerance: Double) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("controlPoints", .array(controlPoints.map(JSONValue.number))),
            ("startTime", .number(startTime)), ("duration", .number(duration)),
            ("from", .number(from)), ("to", .number(to)),
        ]
        pairs += quality.jsonPairs
        pairs += [
            ("standardErrors", standardErrors.map { .object($0.map { ($0.name, .number($0.value)) }) } ?? .null),
            ("css", .string(css)),
            ("cssLinear", cssLinear(tolerance: cssTolerance).json),
            ("swiftUI", .string(swiftUICode)),
        ]
        return .object(pairs)
    }
}
