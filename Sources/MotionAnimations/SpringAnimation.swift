#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// SwiftUI's analytic spring (`SpringAnimation`): `interpolatingSpring(mass:stiffness:damping:initialVelocity:)`
/// and `interpolatingSpring(duration:bounce:initialVelocity:)`.
///
/// It covers `value · f(τ)` with f the closed-form unit step response, the initial velocity in
/// intervals per second. An overdamped spring is evaluated with the critically damped formula at
/// ω0 (SwiftUI's quirk: damping above critical has no further effect). It is logically complete at
/// 2π/√stiffness, finished once τ reaches ``duration`` (the ε = 0.001 estimate), and never merges,
/// so interrupting springs add their effects.
public struct SpringAnimation: CustomAnimation {
    /// The mass.
    public let mass: Double
    /// The stiffness.
    public let stiffness: Double
    /// The damping coefficient.
    public let damping: Double
    /// The initial velocity, in intervals per second (1 = the whole interval per second).
    public let initialVelocity: Double

    /// √(k/m).
    @usableFromInline let omega0: Double
    /// c / (2√(mk)).
    @usableFromInline let zeta: Double
    /// The damped frequency; 0 when ζ ≥ 1.
    @usableFromInline let omegaD: Double
    /// The coefficient of the second basis function (A = 1).
    @usableFromInline let b: Double
    /// When the animation finishes: ``duration(epsilon:)`` at ε = 0.001.
    public let duration: Double

    public init(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        omega0 = (stiffness / mass).squareRoot()
        zeta = damping / ((mass * stiffness).squareRoot() * 2.0)
        if zeta >= 1.0 {
            omegaD = 0
            b = omega0 - initialVelocity
        } else {
            omegaD = omega0 * (1.0 - zeta * zeta).squareRoot()
            b = (omega0 * zeta - initialVelocity) / omegaD
        }
        duration = Self.duration(epsilon: 0.001, zeta: zeta, omega0: omega0, omegaD: omegaD, b: b)
    }

    /// The unit step response at `t`: 1 − (1 + B·t)·e^(−ω0·t) when ζ ≥ 1, else
    /// 1 − e^(−ζω0·t)·(cos ωd·t + B·sin ωd·t).
    @inlinable
    public func unitValue(at t: Double) -> Double {
        Self.unitValue(at: t, zeta: zeta, omega0: omega0, omegaD: omegaD, b: b)
    }

    @inlinable
    static func unitValue(at t: Double, zeta: Double, omega0: Double, omegaD: Double, b: Double) -> Double {
        let amplitude: Double, decay: Double
        if zeta >= 1.0 {
            amplitude = 1.0 + b * t
            decay = exp(-t * omega0)
        } else {
            amplitude = exp((-zeta * omega0) * t)
            decay = 1.0 * cos(omegaD * t) + b * sin(omegaD * t)
        }
        return 1.0 - amplitude * decay
    }

    /// The derivative of ``unitValue(at:)`` at `t`, in intervals per second:
    /// e^(−ω0·t)·(ω0 − B + ω0·B·t) when ζ ≥ 1, else
    /// e^(−ζω0·t)·((ζω0 − B·ωd)·cos ωd·t + (ζω0·B + ωd)·sin ωd·t); the initial velocity at t = 0.
    @inlinable
    public func unitVelocity(at t: Double) -> Double {
        if zeta >= 1.0 {
            return exp(-t * omega0) * (omega0 - b + omega0 * b * t)
        }
        let decay = exp((-zeta * omega0) * t)
        return decay * ((zeta * omega0 - b * omegaD) * cos(omegaD * t) + (zeta * omega0 * b + omegaD) * sin(omegaD * t))
    }

    /// Whether the unit step response is finite at every time in 0…10⁶ s, so that only the time
    /// decides when the animation finishes: ζ ≥ 0 and constants of moderate size (every product
    /// in ``unitValue(at:)`` then stays below 10¹⁰⁶ and every exponent is ≤ 0).
    @usableFromInline
    var hasFiniteResponse: Bool {
        zeta >= 0 && zeta <= 1e100 && omega0 >= 0 && omega0 <= 1e100 && Swift.abs(omegaD) <= 1e100 && Swift.abs(b) <= 1e100
    }

    /// The time after which the motion stays within `epsilon` of the target, as SwiftUI estimates it:
    /// ∞ without damping; max(−ln(ε/(1 + |B|))/(ζ·ω0), 1) when underdamped; otherwise the first
    /// time of a 0.1 s scan (accumulated `t += 0.1`, at most 1024 samples) after which the error
    /// stays below ε for more than 1 s, and 0 when a sample is not finite.
    public func duration(epsilon: Double) -> Double {
        Self.duration(epsilon: epsilon, zeta: zeta, omega0: omega0, omegaD: omegaD, b: b)
    }

    private static func duration(epsilon: Double, zeta: Double, omega0: Double, omegaD: Double, b: Double) -> Double {
        let eps = Swift.max(1e-6, epsilon)
        if zeta == 0 { return .infinity }
        if zeta < 1.0 {
            let v = eps / (Swift.abs(1.0) + Swift.abs(b))
            return Swift.max(-log(v) / (zeta * omega0), 1.0)
        }
        var t = 0.0
        var minValue = Double.infinity
        var minTime = -1.0
        for _ in 0..<1024 {
            let error = Swift.abs(1.0 - unitValue(at: t, zeta: zeta, omega0: omega0, omegaD: omegaD, b: b))
            if !error.isFinite { return 0 }
            if minValue >= eps {
                if error < minValue {
                    minValue = error
                    minTime = t
                }
            } else if error >= eps {
                minValue = .infinity
            } else if !(t - minTime <= 1.0) {
                break
            }
            t += 0.1
        }
        return minTime
    }

    public func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
        guard duration > time else { return nil }
        let s = unitValue(at: time)
        guard s.isFinite else { return nil }
        let end = stiffness.isFinite ? (2 * Double.pi) / stiffness.squareRoot() : 0
        if time >= end { context.isLogicallyComplete = true }
        return value.scaled(by: s)
    }

    public static func == (lhs: SpringAnimation, rhs: SpringAnimation) -> Bool {
        (lhs.mass, lhs.stiffness, lhs.damping, lhs.initialVelocity) == (rhs.mass, rhs.stiffness, rhs.damping, rhs.initialVelocity)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(mass)
        hasher.combine(stiffness)
        hasher.combine(damping)
        hasher.combine(initialVelocity)
    }
}
