import Foundation
import MotionSprings
import Testing

/// The times at which a spring's velocity vanishes, against closed forms derived on paper.
@Suite("Spring extremum times")
struct ExtremumTimeTests {
    /// From rest, x(t) = Δ(1 − e^(−λt)(cos ωt + (λ/ω) sin ωt)), so x'(t) = Δ(ω0²/ω)e^(−λt) sin ωt:
    /// the extrema are at kπ/ω.
    @Test(arguments: [(0.5, 0.3), (1.0, 0.7), (0.2, 0.05)])
    func underdampedFromRest(duration: Double, bounce: Double) {
        let spring = Spring(duration: duration, bounce: bounce)
        let omega = spring.signedFrequency
        let times = SpringMotion(spring: spring, target: 3).extremumTimes(count: 3)
        #expect(times.count == 3)
        for (k, t) in times.enumerated() {
            #expect(abs(t - Double(k + 1) * .pi / omega) <= 1e-14 * t, "extremum \(k + 1): \(t)")
        }
    }

    /// Critical damping, e = x − Δ = e^(−λt)(e0 + (v0 + λe0)t) with e0 = −Δ: e'(t) = 0 at
    /// t = v0 / (λ(v0 + λe0)), when that is positive.
    @Test func criticalWithVelocity() {
        let spring = Spring(duration: 1, bounce: 0)
        let lambda = spring.decayRate
        let (delta, v0) = (1.0, 20.0)
        let expected = v0 / (lambda * (v0 - lambda * delta))
        let times = SpringMotion(spring: spring, target: delta, initialVelocity: v0).extremumTimes(count: 2)
        #expect(times.count == 1)
        #expect(abs(times[0] - expected) <= 1e-14 * expected, "\(times) vs \(expected)")
        // From rest a critically damped motion is monotone: no extremum.
        #expect(SpringMotion(spring: spring, target: delta).extremumTimes(count: 2).isEmpty)
    }

    /// Overdamped, e' ∝ v0·cosh μt + D·sinh(μt)/μ with D = ω0²Δ − λv0: zero at atanh(−μv0/D)/μ.
    @Test func overdampedWithVelocity() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 30, allowOverDamping: true)
        let (lambda, mu) = (15.0, 125.0.squareRoot())
        let (delta, v0) = (1.0, 50.0)
        let d = 100 * delta - lambda * v0
        let expected = atanh(-mu * v0 / d) / mu
        let times = SpringMotion(spring: spring, target: delta, initialVelocity: v0).extremumTimes(count: 3)
        #expect(times.count == 1)
        #expect(abs(times[0] - expected) <= 1e-13 * expected, "\(times) vs \(expected)")
    }
}
