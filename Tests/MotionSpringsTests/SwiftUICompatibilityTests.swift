import Foundation
import MotionSprings
import RealModule
import Testing

/// Rounds to `places` decimals, as Apple's documentation prints its values.
private func rounded(_ x: Double, _ places: Int) -> Double {
    let scale = Foundation.pow(10.0, Double(places))
    return (x * scale).rounded() / scale
}

@Suite("SwiftUI-compatible Spring")
struct SwiftUICompatibilityTests {
    /// Apple's documentation: Spring(duration: 0.5, bounce: 0.3) → (mass, stiffness, damping) = (1.0, 157.9, 17.6).
    @Test func appleDocumentedDurationBounce() {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        #expect(spring.mass == 1.0)
        #expect(rounded(spring.stiffness, 1) == 157.9)
        #expect(rounded(spring.damping, 1) == 17.6)
        // On paper: k = (2π/0.5)² = 16π², c = 2ζ·ω0 = 2·0.7·4π.
        #expect(spring.stiffness.isApproximatelyEqual(to: 16 * .pi * .pi, relativeTolerance: 1e-15))
        #expect(spring.damping.isApproximatelyEqual(to: 5.6 * .pi, relativeTolerance: 1e-15))
    }

    /// Apple's documentation: Spring(mass: 1, stiffness: 100, damping: 10) → (duration, bounce) = (0.63, 0.5).
    @Test func appleDocumentedMassStiffnessDamping() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 10)
        #expect(rounded(spring.duration, 2) == 0.63)
        #expect(rounded(spring.bounce, 2) == 0.5)
        #expect(spring.duration.isApproximatelyEqual(to: 2 * .pi / 10, relativeTolerance: 1e-15))
        #expect(spring.bounce.isApproximatelyEqual(to: 0.5, relativeTolerance: 1e-15))
    }

    /// SwiftUI clamps an overdamped spring to critical unless told otherwise.
    @Test func overdampedClampToCritical() {
        let clamped = Spring(mass: 1, stiffness: 100, damping: 30)
        #expect(clamped.regime == .critical)
        #expect(clamped.dampingRatio == 1)
        #expect(clamped.damping == 20)  // 2·m·ω0
        let kept = Spring(mass: 1, stiffness: 100, damping: 30, allowOverDamping: true)
        #expect(kept.regime == .overdamped)
        #expect(kept.dampingRatio.isApproximatelyEqual(to: 1.5, relativeTolerance: 1e-15))
        // SwiftUI's stiffness getter, m(ω² + λ²) = m(2λ² − ω0²) = 2·225 − 100, is not the physical 100.
        #expect(kept.stiffness.isApproximatelyEqual(to: 350, relativeTolerance: 1e-14))
        #expect(kept.physicalStiffness.isApproximatelyEqual(to: 100, relativeTolerance: 1e-14))
        // bounce = 1/ζ − 1 when overdamped.
        #expect(kept.bounce.isApproximatelyEqual(to: -1.0 / 3, relativeTolerance: 1e-14))
    }

    /// bounce ↦ ζ: 1/(1+b) below 0, 1 − b up to 1, 0 above; ζ = ∞ (NaN motion) at b ≤ −1.
    @Test(arguments: [(-0.5, 2.0), (-0.2, 1.25), (0.0, 1.0), (0.3, 0.7), (1.0, 0.0), (1.7, 0.0)])
    func bounceToDampingRatio(bounce: Double, zeta: Double) {
        #expect(Spring.dampingRatio(forBounce: bounce).isApproximatelyEqual(to: zeta, absoluteTolerance: 1e-15))
        let spring = Spring(duration: 0.5, bounce: bounce)
        #expect(spring.dampingRatio.isApproximatelyEqual(to: zeta, absoluteTolerance: 1e-14))
    }

    @Test(arguments: [-1.0, -1.5, -100])
    func bounceAtOrBelowMinusOneIsNaN(bounce: Double) {
        let spring = Spring(duration: 0.5, bounce: bounce)
        #expect(spring.value(target: 1, time: 0.25).isNaN)
    }

    /// The 0.1 s scan: Spring.smooth settles "at 0.8 s" (0.1 accumulated eight times), though
    /// the error first falls below 1e-3 at t = 0.7348 s.
    @Test func smoothSettlingDurationIsTheScan() {
        var eight = 0.0
        for _ in 0..<8 { eight += 0.1 }
        #expect(Spring.smooth.settlingDuration() == eight)
        #expect(abs(Spring.smooth.settlingDuration() - 0.8) < 1e-15)
    }

    /// Underdamped: the envelope bound −ln(ε/(|Δλ − v0| + |Δ|))/λ, with λ = 2πζ/d from paper.
    @Test(arguments: [(0.5, 0.3, 1.0, 0.0), (0.4, 0.5, -2.0, 3.0), (1.0, 0.1, 10, -4)])
    func underdampedSettlingIsTheEnvelopeBound(duration: Double, bounce: Double, target: Double, v0: Double) {
        let lambda = 2 * Double.pi * (1 - bounce) / duration
        let expected = -Foundation.log(0.001 / (abs(target * lambda - v0) + abs(target))) / lambda
        let spring = Spring(duration: duration, bounce: bounce)
        #expect(spring.settlingDuration(target: target, initialVelocity: v0).isApproximatelyEqual(to: expected, relativeTolerance: 1e-13))
    }

    @Test func undampedNeverSettles() {
        #expect(Spring(duration: 1, bounce: 1).settlingDuration() == .infinity)
        #expect(Spring(duration: 1, bounce: 1).exactSettlingTime() == .infinity)
    }

    /// init(settlingDuration:dampingRatio:) solves the envelope equation for ω0; the roots were
    /// computed with mpmath: e^(−ω)(1 + ω) = 1e-3 at ω = 9.2334134764515857…; for ζ = 0.5, T = 1:
    /// ω0 = ln(ζ/√(1−ζ²)/ε)/(ζT) = 12.716898269296164….
    @Test func settlingDurationInitializer() {
        let critical = Spring(settlingDuration: 1, dampingRatio: 1)
        #expect(critical.naturalFrequency.isApproximatelyEqual(to: 9.23341347645158573, relativeTolerance: 1e-13))
        let under = Spring(settlingDuration: 1, dampingRatio: 0.5)
        #expect(under.naturalFrequency.isApproximatelyEqual(to: 12.7168982692961644, relativeTolerance: 1e-13))
        #expect(under.dampingRatio.isApproximatelyEqual(to: 0.5, relativeTolerance: 1e-14))
        // Clamps: ζ > 1 → 1, T > 10 → 10 (mpmath: ω0 = 0.923341347645158573 at T = 10).
        let clamped = Spring(settlingDuration: 50, dampingRatio: 3)
        #expect(clamped.dampingRatio.isApproximatelyEqual(to: 1, relativeTolerance: 1e-14))
        #expect(clamped.naturalFrequency.isApproximatelyEqual(to: 0.923341347645158573, relativeTolerance: 1e-13))
    }

    @Test func presets() {
        #expect(Spring.smooth == Spring(duration: 0.5, bounce: 0))
        #expect(Spring.snappy == Spring(duration: 0.5, bounce: 0.15))
        #expect(Spring.bouncy == Spring(duration: 0.5, bounce: 0.3))
        #expect(Spring.bouncy(duration: 0.8, extraBounce: 0.1) == Spring(duration: 0.8, bounce: 0.4))
        #expect(Spring.snappy(extraBounce: -0.15).bounce.isApproximatelyEqual(to: 0, absoluteTolerance: 1e-15))
    }

    /// Flutter's withDurationAndBounce maps bounce as SwiftUI's animations do (the animations
    /// themselves are tested in MotionAnimationsTests).
    @Test func flutterDurationAndBounce() {
        #expect(FlutterSpringDescription.withDurationAndBounce(duration: 0.4, bounce: -0.2).spring.dampingRatio.isApproximatelyEqual(to: 1.25, relativeTolerance: 1e-14))
    }
}

@Suite("Closed forms derived on paper")
struct ClosedFormTests {
    static let times: [Double] = [0, 1e-6, 0.01, 0.1, 0.25, 0.5, 1, 2.5]

    /// Critical (ζ = 1, λ = ω0): x(t) = Δ − e^(−λt)(Δ + (λΔ − v0)t).
    @Test(arguments: times)
    func critical(t: Double) {
        let spring = Spring(duration: 0.5, bounce: 0)
        let lambda = 4 * Double.pi
        for (target, v0) in [(1.0, 0.0), (-3.0, 5.0)] {
            let expected = target - Foundation.exp(-lambda * t) * (target + (lambda * target - v0) * t)
            let velocity = Foundation.exp(-lambda * t) * (v0 + lambda * (lambda * target - v0) * t)
            #expect(spring.value(target: target, initialVelocity: v0, time: t).isApproximatelyEqual(to: expected, absoluteTolerance: 1e-14))
            #expect(spring.velocity(target: target, initialVelocity: v0, time: t).isApproximatelyEqual(to: velocity, absoluteTolerance: 1e-12))
        }
    }

    /// Underdamped from rest: x(t) = 1 − e^(−λt)(cos ωt + (λ/ω) sin ωt).
    @Test(arguments: times)
    func underdamped(t: Double) {
        let spring = Spring(mass: 1, stiffness: 100, damping: 10)  // ω0 = 10, λ = 5, ω = √75
        let omega = 75.0.squareRoot()
        let expected = 1 - Foundation.exp(-5 * t) * (Foundation.cos(omega * t) + 5 / omega * Foundation.sin(omega * t))
        #expect(spring.value(target: 1, time: t).isApproximatelyEqual(to: expected, absoluteTolerance: 1e-15))
    }

    /// Overdamped from rest: roots r1,2 = −λ ± μ; x(t) = 1 − (r2·e^(r1 t) − r1·e^(r2 t))/(r2 − r1).
    @Test(arguments: times)
    func overdamped(t: Double) {
        let spring = Spring(mass: 1, stiffness: 100, damping: 30, allowOverDamping: true)  // λ = 15, μ = √125
        let mu = 125.0.squareRoot()
        let r1 = -15 + mu, r2 = -15 - mu
        let expected = 1 - (r2 * Foundation.exp(r1 * t) - r1 * Foundation.exp(r2 * t)) / (r2 - r1)
        #expect(spring.value(target: 1, time: t).isApproximatelyEqual(to: expected, absoluteTolerance: 1e-14))
    }

    /// Overdamped at large times must not overflow: cosh and sinh are folded into the slow mode.
    @Test func overdampedLargeTimeStaysFinite() {
        let spring = Spring(mass: 1, stiffness: 1, damping: 1000, allowOverDamping: true)
        let value = spring.value(target: 1, time: 5000)
        #expect(value.isFinite)
        // Slow rate λ − μ ≈ k/c = 0.001: x ≈ 1 − e^(−5)·(slow-mode weight ≈ 1).
        #expect(abs((1 - value) - Foundation.exp(-5.0 * 1.000001000002)) < 1e-6)
    }

    /// The force is −k(x − target) − c·v with SwiftUI's getters.
    @Test func force() {
        let spring = Spring(mass: 2, stiffness: 50, damping: 4)
        #expect(spring.force(target: 1, position: 0.5, velocity: 3).isApproximatelyEqual(to: -50 * -0.5 - 4 * 3, relativeTolerance: 1e-14))
    }

    /// Energy decays monotonically for a damped spring and is conserved without damping.
    @Test func energy() {
        let undamped = Spring(duration: 1, bounce: 1)
        let e0 = undamped.energy(target: 1, time: 0)
        #expect(e0.isApproximatelyEqual(to: 0.5 * undamped.physicalStiffness, relativeTolerance: 1e-15))
        for t in stride(from: 0.0, through: 3, by: 0.37) {
            #expect(undamped.energy(target: 1, time: t).isApproximatelyEqual(to: e0, relativeTolerance: 1e-12))
        }
        let damped = Spring.bouncy
        var previous = Double.infinity
        for t in stride(from: 0.0, through: 2, by: 0.01) {
            let e = damped.energy(target: 1, time: t)
            #expect(e <= previous)
            previous = e
        }
    }
}
