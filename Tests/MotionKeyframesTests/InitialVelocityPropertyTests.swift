import Foundation
import MotionKeyframes
import MotionSprings
import PropertyBased
import Testing

/// A timeline started while moving (a keyframe animator re-triggered mid-motion): the first
/// keyframe takes the initial velocity where it has none of its own. The expectations are the
/// closed forms, written out here: the cubic Hermite polynomial and the underdamped oscillator.
@Suite("Keyframes: initial velocity")
struct InitialVelocityPropertyTests {
    /// A cubic keyframe from x0 to x1 over d started at velocity v is the Hermite cubic with
    /// m0 = v·d and m1 = 0 (last keyframe): its derivative at 0 is m0/d = v.
    @Test func cubicStartsWithTheInitialVelocity() async {
        await propertyCheck(count: 300, input: Gen.double(in: -10...10), Gen.double(in: -10...10),
                            Gen.double(in: 0.05...1), Gen.double(in: -50...50)) { x0, x1, d, v in
            let timeline = KeyframeTimeline(initialValue: x0, initialVelocity: v) { CubicKeyframe(x1, duration: d) }
            let scale = 1 + abs(x0) + abs(x1) + abs(v) * d
            #expect(abs(timeline.velocity(time: 0) - v) <= 1e-12 * (1 + abs(v) + scale / d))
            for fraction in [0.0, 0.1, 0.37, 0.5, 0.81, 1.0] {
                let u = fraction, t = fraction * d
                let hermite = (2 * u * u * u - 3 * u * u + 1) * x0 + (u * u * u - 2 * u * u + u) * (v * d)
                    + (-2 * u * u * u + 3 * u * u) * x1
                #expect(abs(timeline.value(time: t) - hermite) <= 1e-12 * scale, "u = \(u)")
            }
        }
    }

    /// A spring keyframe from x0 towards x1 started at velocity v is the oscillator with
    /// d0 = x0 − x1 and v0 = v: d(t) = e^{−λt}(d0 cos ωt + (v + λd0)/ω sin ωt), whose derivative
    /// at 0 is v.
    @Test func springStartsWithTheInitialVelocity() async {
        await propertyCheck(count: 300, input: Gen.double(in: -10...10), Gen.double(in: -10...10),
                            Gen.double(in: 0.2...0.8), Gen.double(in: 0.05...0.9), Gen.double(in: -50...50)) { x0, x1, response, bounce, v in
            let spring = Spring(duration: response, bounce: bounce)
            let timeline = KeyframeTimeline(initialValue: x0, initialVelocity: v) {
                SpringKeyframe(x1, duration: 1, spring: spring)
            }
            let omega0 = 2 * Double.pi / response, zeta = 1 - bounce
            let lambda = zeta * omega0, omega = omega0 * (1 - zeta * zeta).squareRoot()
            let d0 = x0 - x1, b = (v + lambda * d0) / omega
            let scale = 1 + abs(x0) + abs(x1) + abs(v) / omega0
            #expect(abs(timeline.velocity(time: 0) - v) <= 1e-12 * (1 + abs(v)))
            for t in [0.0, 0.05, 0.2, 0.5, 1.0] {
                let e = exp(-lambda * t)
                let value = x1 + e * (d0 * cos(omega * t) + b * sin(omega * t))
                let velocity = e * ((-lambda * d0 + omega * b) * cos(omega * t) + (-lambda * b - omega * d0) * sin(omega * t))
                #expect(abs(timeline.value(time: t) - value) <= 1e-10 * scale, "t = \(t)")
                #expect(abs(timeline.velocity(time: t) - velocity) <= 1e-10 * scale * omega0, "t = \(t)")
            }
        }
    }

    /// An explicit start velocity wins over the initial velocity, and a velocity of 0 gives, bit
    /// for bit, the timeline started at rest.
    @Test func explicitStartVelocityWinsAndZeroIsAtRest() async {
        await propertyCheck(count: 200, input: Gen.double(in: -10...10), Gen.double(in: -10...10),
                            Gen.double(in: 0.05...1), Gen.double(in: -50...50), Gen.double(in: -50...50)) { x0, x1, d, v, w in
            let explicit = KeyframeTimeline(initialValue: x0, initialVelocity: v) {
                CubicKeyframe(x1, duration: d, startVelocity: w)
                SpringKeyframe(x0, duration: 0.4, spring: Spring(duration: 0.3, bounce: 0.2), startVelocity: w)
            }
            #expect(abs(explicit.velocity(time: 0) - w) <= 1e-12 * (1 + abs(w) + (abs(x0) + abs(x1)) / d))
            let rest = KeyframeTimeline(initialValue: x0, keyframes: Self.cubicThenSpring(x1, d, back: x0))
            let zero = KeyframeTimeline(initialValue: x0, initialVelocity: 0, keyframes: Self.cubicThenSpring(x1, d, back: x0))
            for t in stride(from: -0.1, through: d + 0.6, by: 0.01) {
                #expect(rest.value(time: t).bitPattern == zero.value(time: t).bitPattern, "t = \(t)")
            }
        }
    }

    @KeyframesBuilder<Double>
    static func cubicThenSpring(_ x1: Double, _ d: Double, back: Double) -> some Keyframes<Double> {
        CubicKeyframe(x1, duration: d)
        SpringKeyframe(back, spring: Spring(duration: 0.3, bounce: 0.2))
    }
}
