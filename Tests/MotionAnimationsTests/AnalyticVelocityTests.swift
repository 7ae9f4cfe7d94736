import Foundation
import MotionAnimations
import MotionTestSupport
import PropertyBased
import Testing

/// The velocity a run reports is the analytic derivative of the value shown, never a difference of
/// frames: closed forms derived by hand for timing curves, combinations and phase changes, and a
/// property check against the values themselves.
@Suite("Analytic velocities")
struct AnalyticVelocityTests {
    /// easeOut = (0, 0, 0.58, 1): at progress 0 both dx/dt = 3·x1 and dy/dt = 3·y1 vanish, and the
    /// slope is the limit y″(0)/x″(0) = 6·y2/(6·x2) = 1/0.58. So an easeOut of −180 over 0.5 s from
    /// rest starts at −180·(1/0.58)/0.5 = −620.69 per second.
    static let easeOutStart = -180 / 0.58 / 0.5

    /// data/scenarios/phase-ease-out.json: a {rotation, scale} phase animator whose easeOut(0.5)
    /// phases start from rest, then while a smooth spring still moves the scale.
    @Test func phaseVelocityJumpIsTheEasesSlope() throws {
        let url = Repository.root.appendingPathComponent("data/scenarios/phase-ease-out.json")
        let document = try AnimationScenarioDocument.decode(json: Array(try Data(contentsOf: url)))
        let run = document.run(window: .range(from: 0, to: 2))
        let changes = try #require(run.phaseCycles.first?.changes)
        #expect(changes.map(\.phase) == [1, 2, 0])
        // From rest: the jump is the ease's starting velocity, Δ·(1/0.58)/0.5 per component, so the
        // components are exactly in the ratio of their changes (−180 : −0.5).
        let first = try #require(changes[0].velocityJump)
        #expect(abs(first["rotation"]! - Self.easeOutStart) < 1e-9)
        #expect(String(format: "%.2f", first["rotation"]!) == "-620.69")
        #expect(abs(first["scale"]! - (-0.5 / 0.58 / 0.5)) < 1e-12)
        #expect(abs(first["rotation"]! / first["scale"]! - 360) < 1e-9)
        // The smooth spring takes over once the ease has finished, from rest: no jump.
        let second = try #require(changes[1].velocityJump)
        #expect(second["rotation"] == 0 && second["scale"] == 0)
        // The last easeOut combines with the spring, which has not moved the rotation: the rotation
        // jumps by the whole +180's starting velocity; the scale by the ease's slope times the
        // spring's remainder, which the spring has nearly covered.
        let third = try #require(changes[2].velocityJump)
        #expect(abs(third["rotation"]! + Self.easeOutStart) < 1e-9)
        #expect(abs(third["scale"]!) < 0.05)
    }

    /// Two eases combined: the second, easeOut(0.4) to 0 from 0.2 s, lerps from the first's value
    /// r0(t) = 100·easeInOut(t/0.5) to 0, so the value is r0·(1 − f1) with f1 = easeOut((t − 0.2)/0.4),
    /// and its derivative, by the product rule, r0′·(1 − f1) − r0·f1′.
    @Test func combinedEasesFollowTheProductRule() throws {
        let scenario = AnimationScenario(initialValue: 0.0, transactions: [
            AnimationTransaction(time: 0, value: 100, animation: .easeInOut(duration: 0.5)),
            AnimationTransaction(time: 0.2, value: 0, animation: .easeOut(duration: 0.4))])
        let run = scenario.run(clock: FrameClock(fps: 60), window: .range(from: 0.2, to: 0.6))
        for frame in run.frames {
            let t = frame.time
            let p0 = min(t / 0.5, 1), p1 = (t - 0.2) / 0.4
            let r0 = 100 * bezierY(0.42, 0, 0.58, 1, at: p0)
            let r0Rate = p0 < 1 ? 100 * bezierSlope(0.42, 0, 0.58, 1, at: p0) / 0.5 : 0
            let f1 = bezierY(0, 0, 0.58, 1, at: p1), f1Rate = bezierSlope(0, 0, 0.58, 1, at: p1) / 0.4
            let exact = r0Rate * (1 - f1) - r0 * f1Rate
            let velocity = try #require(frame.velocity, "t = \(t)")
            #expect(abs(velocity - exact) <= 1e-9 * max(abs(exact), 100), "t = \(t): \(velocity) vs \(exact)")
        }
        // On the combine frame the value holds and the velocity is the new ease's start:
        // −r0(0.2)·(1/0.58)/0.4 on top of the first ease's r0′(0.2).
        let start = try #require(run.frames.first?.velocity)
        let r0 = 100 * bezierY(0.42, 0, 0.58, 1, at: 0.4)
        #expect(abs(start - (100 * bezierSlope(0.42, 0, 0.58, 1, at: 0.4) / 0.5 - r0 / 0.58 / 0.4)) < 1e-9)
    }

    /// Delay and speed by the chain rule: `.easeOut(duration: 0.4).speed(2).delay(0.1)` (the
    /// expression's order: delay outermost) starts after 0.1 s, twice as fast: 2·Δ·(1/0.58)/0.4.
    @Test func chainRuleThroughModifiers() throws {
        let run = PaperTests.single(.easeOut(duration: 0.4).speed(2).delay(0.1), to: 50, until: 0.35)
        let atDelay = try #require(run.frames.first { abs($0.time - 0.1) < 1e-12 }?.velocity)
        #expect(abs(atDelay - 2 * 50 / 0.58 / 0.4) < 1e-9)
        let waiting = try #require(run.frames.first { abs($0.time - 0.05) < 1e-12 }?.velocity)
        #expect(waiting == 0)
    }

    /// A timing curve or an interpolating spring interrupted by another, under a modifier: at every
    /// frame at 6000 fps the analytic velocity is the central difference of the values shown, to
    /// its O(h²) error plus, where the motion has a kink (a start, an end, a restart), what the
    /// one-sided velocity there stands from it: half the jump in velocity and a quarter frame times
    /// the jump in acceleration (each one-sided difference lags the frame by half a frame). A wrong
    /// rate (a missing term of the combination or of the chain rule) is off by O(1), a velocity a
    /// frame late by h·a where the motion is smooth, and the allowance there is O(h²). Over all
    /// 2304 draws (the join is a whole frame of 60) the largest deviation is 0.84 of its allowance,
    /// and a velocity read a frame late fails in 2291 of them.
    @Test func velocityIsTheDerivativeOfTheValuesShown() async {
        let animations: [Animation] = [.easeOut(duration: 0.3), .easeInOut(duration: 0.45), .timingCurve(0.68, -0.55, 0.265, 1.55, duration: 0.4),
                                       .linear(duration: 0.25), .interpolatingSpring(stiffness: 170, damping: 15),
                                       .interpolatingSpring(duration: 0.5, bounce: 0.3, initialVelocity: 2)]
        await propertyCheck(count: 40, input: Gen.int(in: 0...5), Gen.int(in: 0...5), Gen.int(in: 0...3),
                            Gen.double(in: 0.05...0.3)) { first, second, modifier, offset in
            var interrupting = animations[second]
            switch modifier {
            case 1: interrupting = interrupting.delay(0.05)
            case 2: interrupting = interrupting.speed(1.5)
            case 3: interrupting = interrupting.repeatCount(2, autoreverses: true)
            default: break
            }
            let fps = 6000.0
            let joinTime = (offset * 60).rounded() / 60
            let scenario = AnimationScenario(initialValue: 0.0, transactions: [
                AnimationTransaction(time: 0, value: 100, animation: animations[first]),
                AnimationTransaction(time: joinTime, value: -40, animation: interrupting)])
            let run = scenario.run(clock: FrameClock(fps: fps), window: .range(from: 0, to: 0.8))
            let f = run.frames
            let join = Int((joinTime * fps).rounded())
            // The join frame holds the value, so its neighbours' differences are not the motion's;
            // and the first frames of an ease (at 0, the join, the delay's end) sit where its
            // slope changes like √progress, beyond what a central difference resolves.
            let starts = [0, join, modifier == 1 ? join + 300 : join]
            var checked = 0
            for k in 2..<(f.count - 2) where !starts.contains(where: { ($0 - 1)...($0 + 5) ~= k }) {
                guard let v = f[k].velocity, f[k - 1].velocity != nil, f[k + 1].velocity != nil else { continue }
                let forward = (f[k + 1].value - f[k].value) * fps, backward = (f[k].value - f[k - 1].value) * fps
                let central = (forward + backward) / 2
                // One-sided accelerations, from second differences that do not straddle the frame.
                let left = (f[k].value - 2 * f[k - 1].value + f[k - 2].value) * fps * fps
                let right = (f[k + 2].value - 2 * f[k + 1].value + f[k].value) * fps * fps
                // At a kink the one-sided differences are v₋ − h·a₋/2 and v₊ + h·a₊/2: the jump
                // v₊ − v₋ is what is left of their difference after the two half-frame terms, and
                // the reported (one-sided) velocity stands half of it, and h·(a₊ − a₋)/4, from the
                // central difference. Where the motion is smooth both are O(h²).
                let jump = abs(forward - backward - (left + right) / (2 * fps))
                checked += 1
                #expect(abs(v - central) <= 1e-3 * max(abs(central), 100) + 0.6 * jump + 0.3 * abs(right - left) / fps,
                        "t = \(f[k].time): \(v) vs \(central) (one-sided \(backward), \(forward))")
            }
            #expect(checked > 1000)
        }
    }
}
