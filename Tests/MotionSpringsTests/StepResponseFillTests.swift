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
}
