import MotionFitting
import MotionIO

extension BezierFit {
    /// The `fit bezier` document of SPEC §7: `controlPoints`, `startTime`, `duration`, `from`,
    /// `to`, the fit quality, `standardErrors`, `css` (`cubic-bezier()`), `cssLinear`, `swiftUI`,
    /// and how the recording was read: `startAssumption`, `endAssumption`, `selection`, `warnings`.
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
            ("startAssumption", .string(startAssumption.rawValue)),
            ("endAssumption", .string(endAssumption.rawValue)),
            ("selection", selection.json),
            ("warnings", .array(warnings.map(JSONValue.string))),
        ]
        return .object(pairs)
    }
}
