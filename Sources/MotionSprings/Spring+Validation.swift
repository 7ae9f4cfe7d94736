/// A spring parameter outside its physical range.
public struct SpringParameterError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The parameter's name as the initializer spells it (`duration`, `bounce`, `mass` …).
    public var parameter: String
    /// The value given.
    public var value: Double
    /// The valid range, in words (`a finite number > 0`, `(−1, 1]` …).
    public var validRange: String

    public init(parameter: String, value: Double, validRange: String) {
        self.parameter = parameter
        self.value = value
        self.validRange = validRange
    }

    public var description: String { "\(parameter) must be \(validRange); got \(value)" }
}

extension Spring {
    private static func require(
        _ value: Double, _ parameter: String, _ validRange: String, _ isValid: (Double) -> Bool
    ) throws(SpringParameterError) {
        guard value.isFinite, isValid(value) else {
            throw SpringParameterError(parameter: parameter, value: value, validRange: validRange)
        }
    }

    /// ``init(duration:bounce:)`` for user input: duration finite and > 0, bounce in (−1, 1].
    ///
    /// SwiftUI itself maps bounce > 1 to an undamped spring and bounce ≤ −1 to NaN; both are
    /// rejected here.
    public static func validated(duration: Double, bounce: Double) throws(SpringParameterError) -> Spring {
        try require(duration, "duration", "a finite number > 0 (seconds)") { $0 > 0 }
        try require(bounce, "bounce", "in (-1, 1]") { $0 > -1 && $0 <= 1 }
        return Spring(duration: duration, bounce: bounce)
    }

    /// ``init(response:dampingRatio:)`` for user input: response > 0, damping ratio ≥ 0.
    public static func validated(response: Double, dampingRatio: Double) throws(SpringParameterError) -> Spring {
        try require(response, "response", "a finite number > 0 (seconds)") { $0 > 0 }
        try require(dampingRatio, "dampingRatio", "a finite number ≥ 0") { $0 >= 0 }
        return Spring(response: response, dampingRatio: dampingRatio)
    }

    /// ``init(mass:stiffness:damping:allowOverDamping:)`` for user input: mass > 0,
    /// stiffness > 0, damping ≥ 0.
    public static func validated(
        mass: Double = 1, stiffness: Double, damping: Double, allowOverDamping: Bool = false
    ) throws(SpringParameterError) -> Spring {
        try require(mass, "mass", "a finite number > 0") { $0 > 0 }
        try require(stiffness, "stiffness", "a finite number > 0") { $0 > 0 }
        try require(damping, "damping", "a finite number ≥ 0") { $0 >= 0 }
        return Spring(mass: mass, stiffness: stiffness, damping: damping, allowOverDamping: allowOverDamping)
    }

    /// ``init(settlingDuration:dampingRatio:epsilon:)`` for user input, inside the ranges SwiftUI
    /// would otherwise clamp to: settling duration in [0.01, 10] s, damping ratio in (0, 1],
    /// epsilon in (0, 1).
    public static func validated(
        settlingDuration: Double, dampingRatio: Double, epsilon: Double = 0.001
    ) throws(SpringParameterError) -> Spring {
        try require(settlingDuration, "settlingDuration", "in [0.01, 10] seconds (SwiftUI clamps to it)") {
            $0 >= 0.01 && $0 <= 10
        }
        try require(dampingRatio, "dampingRatio", "in (0, 1] (SwiftUI clamps to it)") { $0 > 0 && $0 <= 1 }
        try require(epsilon, "epsilon", "in (0, 1)") { $0 > 0 && $0 < 1 }
        return Spring(settlingDuration: settlingDuration, dampingRatio: dampingRatio, epsilon: epsilon)
    }

    /// A physical spring (overdamping allowed) for user input: mass > 0, stiffness > 0, damping ≥ 0.
    public static func validated(physicalMass mass: Double, stiffness: Double, damping: Double) throws(SpringParameterError) -> Spring {
        try require(mass, "mass", "a finite number > 0") { $0 > 0 }
        try require(stiffness, "stiffness", "a finite number > 0") { $0 > 0 }
        try require(damping, "damping", "a finite number ≥ 0") { $0 >= 0 }
        return Spring(physicalMass: mass, stiffness: stiffness, damping: damping)
    }

    /// SwiftUI's spring presets.
    public enum Preset: String, Sendable, Hashable, CaseIterable {
        case smooth, snappy, bouncy

        /// The preset's base bounce: 0, 0.15, 0.3.
        public var bounce: Double {
            switch self {
            case .smooth: 0
            case .snappy: 0.15
            case .bouncy: 0.3
            }
        }
    }

    /// The preset with SwiftUI's `duration` and `extraBounce` arguments, for user input:
    /// duration > 0 and bounce + extraBounce in (−1, 1].
    public static func validated(preset: Preset, duration: Double = 0.5, extraBounce: Double = 0) throws(SpringParameterError) -> Spring {
        try require(extraBounce, "extraBounce", "a finite number with \(preset.bounce) + extraBounce in (-1, 1]") {
            preset.bounce + $0 > -1 && preset.bounce + $0 <= 1
        }
        return try validated(duration: duration, bounce: preset.bounce + extraBounce)
    }
}
