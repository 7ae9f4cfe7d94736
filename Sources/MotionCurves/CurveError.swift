/// Why a timing curve could not be built or parsed. Every case names the offending value and,
/// where there is one, the valid range, so command-line messages can be passed through as is.
public enum CurveError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A control point is NaN or ±∞.
    case nonFinite(parameter: String, value: Double)
    /// A control point lies outside the range its context allows (x in [0, 1] for a monotone curve).
    case outOfRange(parameter: String, value: Double, range: String)
    /// A curve name that is not one of `valid`.
    case unknownName(String, valid: [String])
    /// Text that is not a curve: what was wrong and what was expected.
    case syntax(String)

    public var description: String {
        switch self {
        case .nonFinite(let parameter, let value):
            "\(parameter) must be a finite number; got \(value)"
        case .outOfRange(let parameter, let value, let range):
            "\(parameter) must be in \(range); got \(value)"
        case .unknownName(let name, let valid):
            "unknown curve '\(name)'; valid names: \(valid.joined(separator: ", "))"
        case .syntax(let message):
            message
        }
    }
}
