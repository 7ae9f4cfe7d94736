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

    /// The documented range of durations (and responses): 1 µs to 10⁶ s. Outside it ω0² or the
    /// decay over a frame leave double precision.
    public static let durationRange: ClosedRange<Double> = 1e-6...1e6

    /// The largest damping ratio the validated constructors accept. SwiftUI's (ω, λ)
    /// representation forms an overdamped spring's slow rate λ − |ω| by cancellation, losing
    /// about ζ² in relative accuracy: 1e-8 at ζ = 10⁴ (bounce −0.9999).
    public static let maximumDampingRatio = 1e4

    private static let durationText = "in [1e-06, 1e+06] seconds"

    /// ``init(duration:bounce:)`` for user input: duration in ``durationRange``, bounce in
    /// [−0.9999, 1] (ζ ≤ ``maximumDampingRatio``).
    ///
    /// SwiftUI itself maps bounce > 1 to an undamped spring and bounce ≤ −1 to NaN; both are
    /// rejected here.
    public static func validated(duration: Double, bounce: Double) throws(SpringParameterError) -> Spring {
        try require(duration, "duration", durationText) { durationRange.contains($0) }
        try require(bounce, "bounce", "in [-0.9999, 1] (bounce ≤ -1 has no motion; below -0.9999 the damping ratio exceeds 1e4)") {
            $0 >= -0.9999 && $0 <= 1
        }
        return Spring(duration: duration, bounce: bounce)
    }

    /// ``init(response:dampingRatio:)`` for user input: response in ``durationRange``, damping
    /// ratio in [0, ``maximumDampingRatio``].
    public static func validated(response: Double, dampingRatio: Double) throws(SpringParameterError) -> Spring {
        try require(response, "response", durationText) { durationRange.contains($0) }
        try require(dampingRatio, "dampingRatio", "in [0, 1e4]") { $0 >= 0 && $0 <= maximumDampingRatio }
        return Spring(response: response, dampingRatio: dampingRatio)
    }

    /// Checks what mass, stiffness and damping imply: a duration in ``durationRange`` and ζ ≤ 10⁴.
    private static func requirePhysicalRange(mass: Double, stiffness: Double, damping: Double) throws(SpringParameterError) {
        let duration = 2 * Double.pi * (mass / stiffness).squareRoot()
        guard durationRange.contains(duration) else {
            throw SpringParameterError(parameter: "stiffness", value: stiffness,
                                       validRange: "such that 2π·√(mass/stiffness) is \(durationText) (it is \(duration) s)")
        }
        let critical = 2 * stiffness.squareRoot() * mass.squareRoot()  // not √(k·m): that can underflow
        guard damping / critical <= maximumDampingRatio else {
            throw SpringParameterError(parameter: "damping", value: damping,
                                       validRange: "at most 1e4 times critical (2√(stiffness·mass) = \(critical))")
        }
    }

    /// ``init(mass:stiffness:damping:allowOverDamping:)`` for user input: mass > 0,
    /// stiffness > 0, damping ≥ 0.
    public static func validated(
        mass: Double = 1, stiffness: Double, damping: Double, allowOverDamping: Bool = false
    ) throws(SpringParameterError) -> Spring {
        try require(mass, "mass", "a finite number > 0") { $0 > 0 }
        try require(stiffness, "stiffness", "a finite number > 0") { $0 > 0 }
        try require(damping, "damping", "a finite number ≥ 0") { $0 >= 0 }
        try requirePhysicalRange(mass: mass, stiffness: stiffness, damping: damping)
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
        // The envelope ζ/√(1−ζ²)·e^(−ζTω0) starts at ζ/√(1−ζ²): it must exceed ε to fall to it.
        if dampingRatio < 1 {
            let start = dampingRatio / (1 - dampingRatio * dampingRatio).squareRoot()
            try require(dampingRatio, "dampingRatio", "such that ζ/√(1−ζ²) > epsilon (\(epsilon)), so that the envelope can fall to epsilon") {
                _ in start > epsilon
            }
        }
        let spring = Spring(settlingDuration: settlingDuration, dampingRatio: dampingRatio, epsilon: epsilon)
        try require(spring.duration, "settlingDuration", "one whose spring has a duration \(durationText) (this one gives \(spring.duration) s)") {
            durationRange.contains($0)
        }
        return spring
    }

    /// Checks a spring built some other way (another platform's vocabulary): finite, a duration
    /// in ``durationRange`` and a damping ratio in [0, ``maximumDampingRatio``].
    public static func validated(_ spring: Spring, source: String) throws(SpringParameterError) -> Spring {
        let duration = spring.duration, zeta = spring.physicalDampingRatio
        guard duration.isFinite, durationRange.contains(duration) else {
            throw SpringParameterError(parameter: source, value: duration.isNaN ? .nan : duration,  // not "-nan"
                                       validRange: "a spring whose duration 2π/ω0 is \(durationText)")
        }
        guard zeta.isFinite, zeta >= 0, zeta <= maximumDampingRatio else {
            throw SpringParameterError(parameter: source, value: zeta.isNaN ? .nan : zeta, validRange: "a spring whose damping ratio is in [0, 1e4]")
        }
        return spring
    }

    /// A physical spring (overdamping allowed) for user input: mass > 0, stiffness > 0, damping ≥ 0.
    public static func validated(physicalMass mass: Double, stiffness: Double, damping: Double) throws(SpringParameterError) -> Spring {
        try require(mass, "mass", "a finite number > 0") { $0 > 0 }
        try require(stiffness, "stiffness", "a finite number > 0") { $0 > 0 }
        try require(damping, "damping", "a finite number ≥ 0") { $0 >= 0 }
        try requirePhysicalRange(mass: mass, stiffness: stiffness, damping: damping)
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
        try require(extraBounce, "extraBounce", "a finite number with \(preset.bounce) + extraBounce in [-0.9999, 1]") {
            preset.bounce + $0 >= -0.9999 && preset.bounce + $0 <= 1
        }
        return try validated(duration: duration, bounce: preset.bounce + extraBounce)
    }
}
