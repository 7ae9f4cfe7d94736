import Foundation
import MotionLab
import Testing

/// `keyframeAnimator` code as a SwiftUI developer writes it, without the view: a plain struct of
/// values (not `Animatable`), keyframes made from the value shown, triggers and repeats. The
/// expected numbers are cubic Hermite polynomials and an underdamped oscillator worked out by hand.
@Suite struct KeyframeAnimatorTypedTests {
    struct Pose {
        var scale = 1.0
        var offset = CGPoint.zero
        var angle = Angle.zero
    }

    /// The values the keyframes closure was called with, in order.
    final class Calls: @unchecked Sendable {
        var values: [Pose] = []
    }

    /// Spring(duration: 0.5, bounce: 0.2): ω0 = 2π/0.5, ζ = 0.8, λ = ζω0, ω = ω0√(1 − ζ²). From
    /// displacement d0 = start − target and velocity v0: d(t) = e^{−λt}(d0 cos ωt + (v0 + λd0)/ω sin ωt).
    static let spring = Spring(duration: 0.5, bounce: 0.2)
    static let (lambda, omega): (Double, Double) = {
        let omega0 = 2 * Double.pi / 0.5, zeta = 0.8
        return (zeta * omega0, omega0 * (1 - zeta * zeta).squareRoot())
    }()

    static func oscillator(d0: Double, v0: Double, t: Double) -> (displacement: Double, velocity: Double) {
        let (l, w) = (lambda, omega)
        let a = d0, b = (v0 + l * d0) / w
        let e = exp(-l * t)
        return (e * (a * cos(w * t) + b * sin(w * t)),
                e * ((-l * a + w * b) * cos(w * t) + (-l * b - w * a) * sin(w * t)))
    }

    /// Cubic Hermite on u = t/d from p0 to p1 with velocities v0, v1 (per second): value and velocity.
    static func hermite(p0: Double, p1: Double, v0: Double, v1: Double, d: Double, t: Double) -> (value: Double, velocity: Double) {
        let u = t / d, m0 = v0 * d, m1 = v1 * d
        let value = (2 * u * u * u - 3 * u * u + 1) * p0 + (u * u * u - 2 * u * u + u) * m0
            + (-2 * u * u * u + 3 * u * u) * p1 + (u * u * u - u * u) * m1
        let slope = (6 * u * u - 6 * u) * p0 + (3 * u * u - 4 * u + 1) * m0 + (-6 * u * u + 6 * u) * p1 + (3 * u * u - 2 * u) * m1
        return (value, slope / d)
    }

    static func animator(triggers: [Double], calls: Calls) -> KeyframeAnimator<Pose> {
        KeyframeAnimator(initialValue: Pose(), triggers: triggers) { value in
            let _ = calls.values.append(value)
            KeyframeTrack(\.scale) {
                CubicKeyframe(value.scale + 0.5, duration: 0.4)
                CubicKeyframe(1, duration: 0.4)
            }
            KeyframeTrack(\.offset) {
                SpringKeyframe(CGPoint(x: value.offset.x + 100, y: 0), duration: 0.6, spring: spring)
            }
        }
    }

    /// A second tap 0.2 s into the first animation: the closure sees the value shown, and both
    /// tracks go on from the value and the velocity they had — the cubic's start tangent and the
    /// spring's v0 are the old motion's velocity, so the first derivative has no jump.
    @Test func retriggerKeepsValueAndVelocity() throws {
        let calls = Calls()
        let run = Self.animator(triggers: [0, 0.2], calls: calls)
            .run(window: .range(from: 0, to: 1.2))
        try #require(run.frames.count == 73)
        // First animation, t ≤ 0.2. Scale: Hermite 1 → 1.5 over 0.4 s with v0 = 0 (first keyframe)
        // and v1 = (1 − 1)/(0.4 + 0.4) = 0 (Catmull-Rom to the next cubic). Offset: d0 = −100, v0 = 0.
        let scaleAt = Self.hermite(p0: 1, p1: 1.5, v0: 0, v1: 0, d: 0.4, t: 0.2)
        let springAt = Self.oscillator(d0: -100, v0: 0, t: 0.2)
        #expect(abs(scaleAt.value - 1.25) < 1e-15 && abs(scaleAt.velocity - 1.875) < 1e-12)  // by hand: 0.5·1.5/0.4
        let xAt = 100 + springAt.displacement
        // The closure was called with the value shown at 0.2 s.
        try #require(calls.values.count == 2)
        #expect(calls.values[0].scale == 1 && calls.values[0].offset == .zero)
        #expect(abs(calls.values[1].scale - scaleAt.value) < 1e-12)
        #expect(abs(Double(calls.values[1].offset.x) - xAt) < 1e-9)
        // Second animation from 0.2 s. Scale: Hermite 1.25 → 1.75 with v0 = 1.875 (carried) and
        // v1 = (1 − 1.25)/0.8. Offset: towards xAt + 100, d0 = −100, v0 = the old spring's velocity.
        let v1 = (1 - 1.25) / 0.8
        for frame in run.frames {
            let t = frame.time
            let velocity = try #require(frame.velocity)
            if t <= 0.2 {
                let s = Self.hermite(p0: 1, p1: 1.5, v0: 0, v1: 0, d: 0.4, t: t)
                let o = Self.oscillator(d0: -100, v0: 0, t: t)
                #expect(abs(frame.value.scale - s.value) < 1e-12, "scale at \(t)")
                #expect(abs(Double(frame.value.offset.x) - (100 + o.displacement)) < 1e-9, "x at \(t)")
                if t < 0.2 { #expect(abs(velocity.scale - s.velocity) < 1e-9, "scale velocity at \(t)") }
            } else if t <= 0.6 {
                let s = Self.hermite(p0: 1.25, p1: 1.75, v0: 1.875, v1: v1, d: 0.4, t: t - 0.2)
                let o = Self.oscillator(d0: -100, v0: springAt.velocity, t: t - 0.2)
                #expect(abs(frame.value.scale - s.value) < 1e-12, "scale at \(t)")
                #expect(abs(velocity.scale - s.velocity) < 1e-9, "scale velocity at \(t)")
                #expect(abs(Double(frame.value.offset.x) - (xAt + 100 + o.displacement)) < 1e-9, "x at \(t)")
                #expect(abs(Double(velocity.offset.x) - o.velocity) < 1e-8, "x velocity at \(t)")
            }
            #expect(frame.value.offset.y == 0 && frame.value.angle == .zero)
        }
        // On the trigger frame (k = 12): the value is the old motion's, and the new timeline starts
        // with the old velocity.
        let trigger = run.frames[12]
        #expect(trigger.time == 0.2)
        #expect(abs(trigger.value.scale - 1.25) < 1e-15)
        #expect(abs(trigger.velocity!.scale - 1.875) < 1e-12)
        #expect(abs(Double(trigger.velocity!.offset.x) - springAt.velocity) < 1e-9)
        // The frames on either side: difference quotients of polynomials and of the oscillator,
        // expanded by Taylor around the one velocity both motions share at 0.2 s. For the cubics
        // (exact to the third order): backward = v − h/2·x″ + h²/6·x‴ with x″ = 0, x‴ = 12·(1 − 1.5)/0.4³;
        // forward = v + h/2·x″ + h²/6·x‴ with x″ = (6·0.5 − 4·0.75 − 2·(−0.125))/0.4²,
        // x‴ = (12·1.25 + 6·0.75 − 12·1.75 + 6·(−0.125))/0.4³. Started afresh at rest, the
        // forward quotient would be ≈ h/2·x″ instead.
        let h = 1.0 / 60
        let backward = (run.frames[12].value.scale - run.frames[11].value.scale) / h
        let forward = (run.frames[13].value.scale - run.frames[12].value.scale) / h
        #expect(abs(backward - (1.875 + h * h / 6 * (12 * (1 - 1.5) / 0.064))) < 1e-9)
        #expect(abs(forward - (1.875 + h / 2 * (0.25 / 0.16) + h * h / 6 * (-2.25 / 0.064))) < 1e-9)
        // The spring: x″ = −ω0²·d − 2λ·x′ and x‴ = −ω0²·x′ − 2λ·x″, with d the displacement
        // from each side's own target (the new one 100 beyond the value shown); the rest is within twice the
        // next Taylor term, h³/24·x⁗.
        let omega0Squared = pow(2 * Double.pi / 0.5, 2)
        func taylor(displacement d: Double, side: Double) -> (prediction: Double, remainder: Double) {
            let v = springAt.velocity
            let a = -omega0Squared * d - 2 * Self.lambda * v
            let j = -omega0Squared * v - 2 * Self.lambda * a
            let snap = -omega0Squared * a - 2 * Self.lambda * j
            return (v + side * h / 2 * a + h * h / 6 * j, abs(h * h * h / 24 * snap))
        }
        let xBackward = Double(run.frames[12].value.offset.x - run.frames[11].value.offset.x) / h
        let xForward = Double(run.frames[13].value.offset.x - run.frames[12].value.offset.x) / h
        let before = taylor(displacement: springAt.displacement, side: -1)
        let after = taylor(displacement: -100, side: 1)
        #expect(abs(xBackward - before.prediction) < 2 * before.remainder)
        #expect(abs(xForward - after.prediction) < 2 * after.remainder)
        // Events: the first animation is replaced on the trigger frame; the second ends at 1.0.
        #expect(run.events.map(\.time) == [0.2, 0.2, 1.0, 1.0])
        #expect(run.duration == 1.0)
    }

    /// A trigger after the animation ended starts from where it ended, at rest; the value holds
    /// between the two.
    @Test func endValueIsTheNextTriggersStart() throws {
        let calls = Calls()
        let run = Self.animator(triggers: [0.5, 2], calls: calls).run(window: .range(from: 0, to: 3))
        try #require(calls.values.count == 2)
        // Before the first trigger: the initial value, no motion.
        #expect(run.frames[0].value.scale == 1 && run.frames[0].velocity == nil)
        // The first animation ends at 0.5 + 0.8: scale back at 1, offset where the spring stood at 0.6 s.
        let end = 100 + Self.oscillator(d0: -100, v0: 0, t: 0.6).displacement
        #expect(calls.values[1].scale == 1)
        #expect(abs(Double(calls.values[1].offset.x) - end) < 1e-9)
        let held = run.frames.filter { $0.time >= 1.3 && $0.time <= 2 }
        #expect(held.count == 43)
        for frame in held {
            #expect(frame.value.scale == 1 && Double(frame.value.offset.x) == Double(calls.values[1].offset.x))
            #expect(frame.velocity?.scale == 0 && frame.velocity?.offset.x == 0)
        }
        // The second animation starts at rest from there: a fresh Hermite and oscillator.
        for frame in run.frames where frame.time > 2 && frame.time <= 2.6 {
            let t = frame.time - 2
            if t <= 0.4 {
                #expect(abs(frame.value.scale - Self.hermite(p0: 1, p1: 1.5, v0: 0, v1: 0, d: 0.4, t: t).value) < 1e-12)
            }
            #expect(abs(Double(frame.value.offset.x) - (end + 100 + Self.oscillator(d0: -100, v0: 0, t: t).displacement)) < 1e-9)
        }
        #expect(run.duration == 2.8)
    }

    /// A repeating animator plays its timeline again each time it ends: the closure gets the end
    /// value (0 again here), so the motion is periodic with the timeline's duration, 0.75 s.
    @Test func repeatingLoopsWithTheTimelinesPeriod() {
        let animator = KeyframeAnimator(initialValue: 0.0) { value in
            CubicKeyframe(value + 1, duration: 0.3)
            CubicKeyframe(value, duration: 0.45)
        }
        let run = animator.run(window: .range(from: 0, to: 4))
        #expect(run.duration == .infinity && run.events.isEmpty)
        // One pass, by hand: every tangent is 0 (first; Catmull-Rom (0 − 0)/0.75; last), so both
        // segments are smoothsteps 3u² − 2u³.
        let smoothstep = { (u: Double) in 3 * u * u - 2 * u * u * u }
        for frame in run.frames {
            let t = frame.time - 0.75 * ((frame.time / 0.75).rounded(.up) - 1).clamped(0)
            let expected = t <= 0.3 ? smoothstep(t / 0.3) : 1 - smoothstep((t - 0.3) / 0.45)
            #expect(abs(frame.value - expected) < 1e-12, "at \(frame.time)")
        }
        // The period: frame k + 45 (0.75 s later) shows what frame k showed.
        for k in 0..<(run.frames.count - 45) {
            #expect(abs(run.frames[k + 45].value - run.frames[k].value) < 1e-12)
        }
        // Not repeating: one pass, then the value holds.
        let once = KeyframeAnimator(initialValue: 0.0, repeating: false) { value in
            CubicKeyframe(value + 1, duration: 0.3)
            CubicKeyframe(value, duration: 0.45)
        }.run(window: .range(from: 0, to: 2))
        #expect(once.duration == 0.75)
        #expect(once.frames.filter { $0.time > 0.75 }.allSatisfy { $0.value == 0 && $0.velocity == 0 })
    }
}

private extension Double {
    func clamped(_ low: Double) -> Double { Swift.max(self, low) }
}
