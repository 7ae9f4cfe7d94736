import Foundation
import MotionSprings
import Testing

/// `fillStepResponses` writes the unit step and impulse responses of a spring in one pass: against
/// the closed form written on paper for an underdamped spring, and against `value` for every regime.
@Suite("Step and impulse responses in bulk")
struct StepResponseFillTests {
    static let times = (0...400).map { Double($0) / 200 - 0.25 }

    @Test func underdampedMatchesTheClosedForm() {
        // Spring(duration: 0.5, bounce: 0.3): ω₀ = 2π/0.5, ζ = 0.7.
        let spring = Spring(duration: 0.5, bounce: 0.3)
        let w0 = 2 * Double.pi / 0.5, zeta = 0.7
        let lambda = zeta * w0, wd = w0 * (1 - zeta * zeta).squareRoot()
        var step = [Double](repeating: .nan, count: Self.times.count), kick = step
        spring.fillStepResponses(times: Self.times, start: 0.1, step: &step, kick: &kick)
        for (i, t) in Self.times.enumerated() {
            let tau = t - 0.1
            let s = tau <= 0 ? 0 : 1 - exp(-lambda * tau) * (cos(wd * tau) + lambda / wd * sin(wd * tau))
            let k = tau <= 0 ? 0 : exp(-lambda * tau) * sin(wd * tau) / wd
            #expect(abs(step[i] - s) <= 1e-13 && abs(kick[i] - k) <= 1e-13, "τ = \(tau): \(step[i]) vs \(s), \(kick[i]) vs \(k)")
        }
    }

    @Test(arguments: [Spring(duration: 0.4, bounce: 0.6), Spring(duration: 0.5, bounce: 0), Spring(duration: 0.3, bounce: -0.5),
                      Spring(mass: 1, stiffness: 100, damping: 30, allowOverDamping: true)])
    func matchesValueInEveryRegime(_ spring: Spring) {
        var step = [Double](repeating: .nan, count: Self.times.count), kick = step
        spring.fillStepResponses(times: Self.times, start: 0, step: &step, kick: &kick)
        for (i, t) in Self.times.enumerated() {
            let s = t <= 0 ? 0 : spring.value(target: 1, time: t)
            let k = t <= 0 ? 0 : spring.value(target: 0, initialVelocity: 1, time: t)
            #expect(abs(step[i] - s) <= 1e-12 && abs(kick[i] - k) <= 1e-12, "t = \(t): \(step[i]) vs \(s), \(kick[i]) vs \(k)")
        }
        // An empty kick array is skipped.
        var none: [Double] = []
        spring.fillStepResponses(times: Self.times, start: 0, step: &step, kick: &none)
        #expect(none.isEmpty)
    }

    /// Dense, slightly irregular sampling (a capture's clock), where most samples are reached by
    /// rotating the basis: within 2⁻⁴⁴ of `value` at every sample, near critical damping too
    /// (ζ = 0.999, where a rotation written with sin(ωΔτ)/ω would magnify its error by λ/ω ≈ 22).
    @Test(arguments: [Spring(duration: 0.4, bounce: 0.6), Spring(duration: 0.5, bounce: 0.3), Spring(duration: 0.5, bounce: 0.001),
                      Spring(duration: 2, bounce: 0.9)])
    func denseSamplesStayWithinAFewUlpsOfValue(_ spring: Spring) {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let times = (0...200_000).map { k -> Double in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(k) * 2e-5 + Double(state >> 11) * 0x1p-53 * 1e-7  // ±0.5 % of a step
        }
        var step = [Double](repeating: .nan, count: times.count), kick = step
        spring.fillStepResponses(times: times, start: 0.01, step: &step, kick: &kick)
        var worst = (step: 0.0, kick: 0.0)
        for (i, t) in times.enumerated() where t > 0.01 {
            worst.step = max(worst.step, abs(step[i] - spring.value(target: 1, time: t - 0.01)))
            worst.kick = max(worst.kick, abs(kick[i] - spring.value(target: 0, initialVelocity: 1, time: t - 0.01)))
        }
        #expect(worst.step <= 0x1p-44 && worst.kick <= 0x1p-44, "\(worst)")
        #expect(step[0] == 0 && kick[0] == 0)
    }
}
