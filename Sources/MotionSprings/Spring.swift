import RealModule

/// A representation of a spring's motion, computed exactly as SwiftUI's `Spring` computes it.
///
/// A spring obeys `m·x'' + c·x' + k·(x − target) = 0`. Like SwiftUI, `Spring` stores exactly
/// three numbers — the signed oscillation frequency ω, the decay rate λ and the mass m — and
/// derives every other parameterization from them:
///
/// - ω0 = √(k/m), the natural frequency; ζ = c / (2√(km)), the damping ratio; λ = ζ·ω0.
/// - ω = √(ω0² − λ²) when underdamped, 0 when critically damped, −√(λ² − ω0²) when overdamped.
///
/// The initializers and getters mirror SwiftUI's, quirks included (see ``stiffness`` for an
/// overdamped spring, and ``init(mass:stiffness:damping:allowOverDamping:)`` for the clamp).
/// Use the `validated` factories (``validated(duration:bounce:)`` …) to reject non-physical input
/// with an error instead of producing NaN, and the exact-physics additions (``exactSettlingTime(target:initialVelocity:epsilon:)``,
/// ``peak(target:initialVelocity:)``) for what SwiftUI only estimates.
///
/// Because the representation is SwiftUI's, so is its conditioning: for an overdamped spring
/// ω0² = λ² − ω² loses about ζ² in relative accuracy (1e-12 at ζ = 100), in the stored numbers
/// themselves. Near critical damping there is no such loss: the closed forms are written in terms
/// of sin(ωt)/ω and expm1, which stay accurate as ω → 0.
///
/// ```swift
/// let spring = Spring(duration: 0.5, bounce: 0.3)
/// (spring.mass, spring.stiffness, spring.damping)   // (1.0, 157.9…, 17.59…)
/// ```
public struct Spring: Sendable, Hashable {
    /// The signed oscillation frequency ω in rad/s: > 0 underdamped, 0 critical, < 0 overdamped
    /// (then −√(λ² − ω0²)).
    public let signedFrequency: Double
    /// The decay rate λ = c / 2m in 1/s.
    public let decayRate: Double
    /// The mass m.
    public let mass: Double

    /// A spring from its stored representation (ω, λ, m), exactly as given.
    public init(signedFrequency: Double, decayRate: Double, mass: Double = 1) {
        self.signedFrequency = signedFrequency
        self.decayRate = decayRate
        self.mass = mass
    }

    // MARK: SwiftUI's initializers

    /// SwiftUI's `init(duration:bounce:)`: a spring with perceptual duration `duration` and
    /// bounce in (−1, 1] (0 critically damped, 1 undamped, < 0 overdamped).
    ///
    /// ζ = 1/(1 + b) for b < 0, 1 − b for 0 ≤ b ≤ 1, 0 for b > 1. As in SwiftUI, b ≤ −1 gives ζ = ∞
    /// and a spring whose values are NaN; ``validated(duration:bounce:)`` rejects it instead.
    public init(duration: Double = 0.5, bounce: Double = 0) {
        self.init(response: duration, dampingRatio: Spring.dampingRatio(forBounce: bounce))
    }

    /// SwiftUI's `init(response:dampingRatio:)`: `response` is the period 2π/ω0 in seconds.
    public init(response: Double, dampingRatio: Double) {
        let zeta = dampingRatio
        let scale = 2 * Double.pi / response
        let root = abs(1 - zeta * zeta).squareRoot()
        self.signedFrequency = zeta > 1 ? -root * scale : root * scale
        self.decayRate = scale * zeta
        self.mass = 1
    }

    /// SwiftUI's `init(mass:stiffness:damping:allowOverDamping:)`.
    ///
    /// Unless `allowOverDamping` is true, a spring with more damping than critical becomes
    /// critically damped (ω = 0, λ = ω0) — SwiftUI's clamp. The physical parameters are then
    /// not the ones given: ``damping`` reports 2m·ω0.
    public init(mass: Double = 1, stiffness: Double, damping: Double, allowOverDamping: Bool = false) {
        let omega0Squared = stiffness / mass
        let lambda = damping / (2 * mass)
        let difference = omega0Squared - lambda * lambda
        if difference >= 0 {
            self.signedFrequency = difference.squareRoot()
            self.decayRate = lambda
        } else if allowOverDamping {
            self.signedFrequency = -(-difference).squareRoot()
            self.decayRate = lambda
        } else {
            self.signedFrequency = 0
            self.decayRate = omega0Squared.squareRoot()
        }
        self.mass = mass
    }

    /// SwiftUI's `init(settlingDuration:dampingRatio:epsilon:)`: the spring whose envelope
    /// falls to `epsilon` after `settlingDuration` seconds.
    ///
    /// As in SwiftUI, ζ is clamped to [ulpOfOne, 1] and the duration T to [0.01, 10] s, and ω0
    /// solves ε = ζ/√(1−ζ²)·e^(−ζTω0) (ζ < 1) or e^(−Tω0)(1 + Tω0) = ε (ζ = 1) by Newton's method:
    /// 12 iterations from ω0 = 5/T, then, if that did not give a finite positive ω0,
    /// 20 iterations from 1/T.
    public init(settlingDuration: Double, dampingRatio: Double, epsilon: Double = 0.001) {
        let zeta = min(max(dampingRatio, .ulpOfOne), 1)
        let t = min(max(settlingDuration, 0.01), 10)
        let omega0 = Spring.naturalFrequency(settlingDuration: t, dampingRatio: zeta, epsilon: epsilon)
        self.init(response: 2 * .pi / omega0, dampingRatio: zeta)
    }

    static func naturalFrequency(settlingDuration t: Double, dampingRatio zeta: Double, epsilon: Double) -> Double {
        func newton(from start: Double, iterations: Int) -> Double {
            var w = start
            if zeta < 1 {
                let a = zeta / (1 - zeta * zeta).squareRoot()
                for _ in 0..<iterations {
                    let e = a * Double.exp(-zeta * t * w)
                    w -= (e - epsilon) / (-zeta * t * e)
                }
            } else {
                for _ in 0..<iterations {
                    let e = Double.exp(-t * w)
                    w -= (e * (1 + t * w) - epsilon) / (-t * t * w * e)
                }
            }
            return w
        }
        let first = newton(from: 5 / t, iterations: 12)
        if first.isFinite && first > 0 { return first }
        return newton(from: 1 / t, iterations: 20)
    }

    /// SwiftUI's bounce → damping-ratio map.
    public static func dampingRatio(forBounce bounce: Double) -> Double {
        if bounce <= -1 || bounce.isNaN { return bounce.isNaN ? .nan : .infinity }
        if bounce < 0 { return 1 / (1 + bounce) }
        if bounce <= 1 { return 1 - bounce }
        return 0
    }

    // MARK: SwiftUI's getters

    /// ω0² as SwiftUI forms it: λ² + ω|ω|.
    @inlinable var naturalFrequencySquared: Double {
        decayRate * decayRate + signedFrequency * abs(signedFrequency)
    }

    /// The perceptual duration 2π/ω0 in seconds (SwiftUI's `duration`).
    public var duration: Double { 2 * .pi / naturalFrequency }

    /// The response 2π/ω0 in seconds; equal to ``duration``.
    public var response: Double { duration }

    /// SwiftUI's `bounce`: 1 − ζ when ω ≥ 0, 1/ζ − 1 when overdamped.
    public var bounce: Double {
        signedFrequency >= 0 ? 1 - dampingRatio : 1 / dampingRatio - 1
    }

    /// The damping ratio ζ = λ/ω0 (SwiftUI's λ·response/2π).
    public var dampingRatio: Double { decayRate * response / (2 * .pi) }

    /// SwiftUI's `stiffness`: m(ω² + λ²).
    ///
    /// This is the physical stiffness m·ω0² only when ω ≥ 0. For an overdamped spring SwiftUI
    /// returns m(2λ² − ω0²); ``physicalStiffness`` gives m·ω0².
    public var stiffness: Double { mass * (signedFrequency * signedFrequency + decayRate * decayRate) }

    /// The damping coefficient c = 2λm.
    public var damping: Double { 2 * decayRate * mass }

    // MARK: Physical values beside SwiftUI's

    /// The natural (undamped) angular frequency ω0 = √(k/m) in rad/s: √(λ² + ω|ω|) as SwiftUI
    /// writes it, formed without squaring (hypot, or √(λ−μ)·√(λ+μ) when overdamped) so that it
    /// neither overflows nor underflows for durations far from 1 s.
    public var naturalFrequency: Double {
        // SwiftUI's own formula wherever it is representable, so the getters match it to the bit.
        let squared = naturalFrequencySquared
        if squared.isNormal && (decayRate * decayRate).isFinite { return squared.squareRoot() }
        if signedFrequency >= 0 { return Double.hypot(decayRate, signedFrequency) }
        let mu = -signedFrequency
        return (decayRate - mu).squareRoot() * (decayRate + mu).squareRoot()
    }

    /// The physical stiffness k = m·ω0², in every regime (SwiftUI's ``stiffness`` differs when overdamped).
    public var physicalStiffness: Double { mass * naturalFrequencySquared }

    /// The regime of the motion.
    public var regime: Regime {
        if decayRate == 0 { return .undamped }
        if signedFrequency > 0 { return .underdamped }
        return signedFrequency == 0 ? .critical : .overdamped
    }

    /// The kind of motion a spring makes.
    public enum Regime: String, Sendable, Hashable, CaseIterable {
        /// No damping: it oscillates forever.
        case undamped
        /// It oscillates with a decaying envelope (0 < ζ < 1).
        case underdamped
        /// The fastest approach without oscillation (ζ = 1).
        case critical
        /// A slow approach without oscillation (ζ > 1).
        case overdamped
    }

    // MARK: Presets

    /// A smooth spring with no bounce (SwiftUI's `.smooth`: duration 0.5, bounce 0).
    public static let smooth = Spring.smooth()
    /// A snappy spring with a small bounce (SwiftUI's `.snappy`: duration 0.5, bounce 0.15).
    public static let snappy = Spring.snappy()
    /// A bouncy spring (SwiftUI's `.bouncy`: duration 0.5, bounce 0.3).
    public static let bouncy = Spring.bouncy()

    /// SwiftUI's `.smooth(duration:extraBounce:)`: bounce 0 + `extraBounce`.
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: 0 + extraBounce)
    }

    /// SwiftUI's `.snappy(duration:extraBounce:)`: bounce 0.15 + `extraBounce`.
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: 0.15 + extraBounce)
    }

    /// SwiftUI's `.bouncy(duration:extraBounce:)`: bounce 0.3 + `extraBounce`.
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: 0.3 + extraBounce)
    }
}
