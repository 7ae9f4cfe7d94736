import Foundation
import MotionAnimations
import MotionSprings
import Testing

/// y(x) of the cubic bezier (0,0), (x1,y1), (x2,y2), (1,1), by 200 bisection steps on x(t): an
/// independent solve, accurate to the last bits for the monotone x(t) of x1, x2 in [0, 1].
func bezierY(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    func cubic(_ a: Double, _ b: Double, _ t: Double) -> Double {
        3 * (1 - t) * (1 - t) * t * a + 3 * (1 - t) * t * t * b + t * t * t
    }
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if cubic(x1, x2, mid) < x { lo = mid } else { hi = mid }
    }
    return cubic(y1, y2, (lo + hi) / 2)
}

/// dy/dx of the same bezier at x: the parametric derivative (dy/dt)/(dx/dt) at the bisected t; at
/// an end whose control point coincides with it, where both vanish, the limit derived on paper:
/// y2/x2 at 0 when (x1, y1) = (0, 0) (x″(0) = 6·x2, y″(0) = 6·y2), and (1 − y1)/(1 − x1) at 1 when
/// (x2, y2) = (1, 1) (the same, on the curve reversed).
func bezierSlope(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    func derivative(_ a: Double, _ b: Double, _ t: Double) -> Double {
        3 * (1 - t) * (1 - t) * a + 6 * (1 - t) * t * (b - a) + 3 * t * t * (1 - b)
    }
    if x <= 0 { return x1 == 0 && y1 == 0 ? y2 / x2 : y1 / x1 }
    if x >= 1 { return x2 == 1 && y2 == 1 ? (1 - y1) / (1 - x1) : (1 - y2) / (1 - x2) }
    func cubic(_ a: Double, _ b: Double, _ t: Double) -> Double {
        3 * (1 - t) * (1 - t) * t * a + 3 * (1 - t) * t * t * b + t * t * t
    }
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if cubic(x1, x2, mid) < x { lo = mid } else { hi = mid }
    }
    let t = (lo + hi) / 2
    return derivative(y1, y2, t) / derivative(x1, x2, t)
}

/// Closed forms derived on paper.
@Suite("Closed forms on paper")
struct PaperTests {
    static func single(_ animation: Animation, to target: Double = 100, from start: Double = 0, fps: Double = 60,
                       until end: Double) -> AnimationRun<Double> {
        AnimationScenario(initialValue: start, transactions: [AnimationTransaction(time: 0, value: target, animation: animation)])
            .run(clock: FrameClock(fps: fps), window: .range(from: 0, to: end))
    }

    /// An uninterrupted bezier is D·curve(t/d): the transaction frame holds the start, every frame
    /// up to d shows D·y(x⁻¹(t/d)), and the first frame after d is the removal (logical
    /// completion with it), where the value is the model's.
    @Test(arguments: [(0.42, 0.0, 0.58, 1.0, 0.35, 60.0), (0.42, 0.0, 1.0, 1.0, 0.5, 120.0),
                      (0.68, -0.55, 0.265, 1.55, 0.6, 60.0), (0.0, 0.0, 0.58, 1.0, 0.35, 60.0), (0.25, 0.1, 0.25, 1.0, 1.0, 90.0)])
    func bezier(x1: Double, y1: Double, x2: Double, y2: Double, duration: Double, fps: Double) throws {
        let d = 80.0
        let run = Self.single(.timingCurve(x1, y1, x2, y2, duration: duration), to: d, fps: fps, until: duration + 0.1)
        #expect(run.frames[0].value == 0)
        for frame in run.frames.dropFirst() where frame.time <= duration {
            let exact = d * bezierY(x1, y1, x2, y2, at: frame.time / duration)
            #expect(abs(frame.value - exact) <= 1e-12 * d, "t = \(frame.time): \(frame.value) vs \(exact)")
        }
        let firstAfter = run.frames.first { $0.time > duration }!
        #expect(run.events == [AnimationEvent(time: firstAfter.time, kind: .logicallyComplete, transaction: 0),
                               AnimationEvent(time: firstAfter.time, kind: .removed, transaction: 0)])
        #expect(run.duration == firstAfter.time)
        #expect(run.frames.filter { $0.time >= firstAfter.time }.allSatisfy { $0.value == d })
        // The velocity is D·(dy/dx)/d at the progress, from the transaction frame (the ease's start)
        // to d; none once removed.
        for frame in run.frames where frame.time <= duration {
            let exact = d * bezierSlope(x1, y1, x2, y2, at: frame.time / duration) / duration
            let velocity = try #require(frame.velocity)
            #expect(abs(velocity - exact) <= 1e-9 * max(abs(exact), d), "t = \(frame.time): velocity \(velocity) vs \(exact)")
        }
        #expect(run.frames.filter { $0.time >= firstAfter.time }.allSatisfy { $0.velocity == nil })
    }

    /// An interpolating spring is the closed-form spring from rest with initial velocity v0·Δ
    /// (v0 in intervals per second), an overdamped one evaluated as critically damped at ω0:
    /// MotionSprings' `Spring(mass:stiffness:damping:)` without overdamping, which clamps the same
    /// way. Logically complete on the first frame at or after 2π/√k; removed at SwiftUI's estimate.
    @Test(arguments: [(1.0, 170.0, 15.0, 0.0), (1.0, 100.0, 10.0, 0.5), (2.0, 100.0, 60.0, 1.5), (1.0, 157.91367041742973, 25.132741228718345, 0.0)])
    func interpolatingSpring(mass: Double, stiffness: Double, damping: Double, v0: Double) throws {
        let d = 100.0
        let run = Self.single(.interpolatingSpring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: v0),
                              to: d, until: 3)
        let spring = Spring(mass: mass, stiffness: stiffness, damping: damping)
        let animation = try #require(Animation.interpolatingSpring(mass: mass, stiffness: stiffness, damping: damping,
                                                                   initialVelocity: v0).base as? SpringAnimation)
        let removal = try #require(run.events.first { $0.kind == .removed }?.time)
        #expect(removal == run.frames.first { $0.time >= animation.duration }!.time)
        for frame in run.frames.dropFirst() where frame.time < removal {
            let exact = spring.value(target: d, initialVelocity: v0 * d, time: frame.time)
            #expect(abs(frame.value - exact) <= 1e-11 * d, "t = \(frame.time): \(frame.value) vs \(exact)")
        }
        let logical = try #require(run.events.first { $0.kind == .logicallyComplete }?.time)
        #expect(logical == run.frames.first { $0.time >= 2 * Double.pi / stiffness.squareRoot() }!.time)
    }

    /// SwiftUI's interpolating-spring removal estimate: 1.0 s for (k 170, c 15), about 1.47 s for
    /// (k 100, c 10); the critically damped spring of duration 0.5 settles "at 0.8 s" by the scan.
    @Test func interpolatingSpringDurations() throws {
        let a = try #require(Animation.interpolatingSpring(stiffness: 170, damping: 15).base as? SpringAnimation)
        let b = try #require(Animation.interpolatingSpring(stiffness: 100, damping: 10).base as? SpringAnimation)
        let c = try #require(Animation.interpolatingSpring(duration: 0.5, bounce: 0).base as? SpringAnimation)
        #expect(a.duration == 1.0)
        #expect(abs(b.duration - (-log(0.001 / (1 + 0.5 / (0.75).squareRoot())) / 5)) < 1e-12)
        #expect(abs(c.duration - 0.8) < 1e-12)
    }

    /// speed(2) halves a one-second animation: 100·2t until 0.5 s, exactly 100 at 0.5 s, removed on
    /// the next frame.
    @Test func speedTwoHalvesOneSecond() {
        let run = Self.single(.linear(duration: 1).speed(2), until: 0.7)
        for frame in run.frames {
            if frame.time <= 0.5 {
                #expect(abs(frame.value - 200 * frame.time) <= 1e-13 * 100, "t = \(frame.time)")
            } else {
                #expect(frame.value == 100)
            }
        }
        #expect(run.frames.first { $0.time == 0.5 }?.value == 100)
        #expect(run.events.map(\.time) == [Double]([31.0 / 60, 31.0 / 60]))
    }

    /// repeatCount(2, autoreverses: true) goes forward, then back, then stops: the second cycle
    /// starts on the frame where the first ended (which shows the end value), mirrors the first,
    /// and the removal snaps to the model value.
    @Test func repeatCountTwoAutoreverses() throws {
        let d = 0.3
        let run = Self.single(.easeInOut(duration: d).repeatCount(2, autoreverses: true), until: 0.9)
        let t1 = try #require(run.frames.first { $0.time > d }?.time)
        let removal = try #require(run.events.first { $0.kind == .removed }?.time)
        #expect(run.events.count == 2)
        var forward: [Double] = [], back: [Double] = []
        for frame in run.frames where frame.time > 0 {
            if frame.time <= d {
                #expect(abs(frame.value - 100 * bezierY(0.42, 0, 0.58, 1, at: frame.time / d)) <= 1e-12 * 100)
                forward.append(frame.value)
            } else if frame.time == t1 {
                #expect(frame.value == 100)
            } else if frame.time < removal {
                #expect(abs(frame.value - (100 - 100 * bezierY(0.42, 0, 0.58, 1, at: (frame.time - t1) / d))) <= 1e-12 * 100)
                back.append(frame.value)
            } else {
                #expect(frame.value == 100)
            }
        }
        #expect(zip(forward, forward.dropFirst()).allSatisfy { $0 < $1 })
        #expect(zip(back, back.dropFirst()).allSatisfy { $0 > $1 })
        #expect(back.last! < 1)
        #expect(removal == run.frames.first { $0.time - t1 > d }!.time)
    }

    /// Without autoreverse each cycle jumps back to the start; repeatForever never ends.
    @Test func repeats() {
        let three = Self.single(.linear(duration: 0.25).repeatCount(3, autoreverses: false), until: 0.9)
        let restarts = zip(three.frames, three.frames.dropFirst()).filter { $1.value < $0.value - 50 }
        #expect(restarts.count == 2)
        #expect(three.duration.isFinite)
        let forever = Self.single(.easeInOut(duration: 0.4).repeatForever(), until: 2)
        #expect(forever.duration == .infinity)
        #expect(forever.events.isEmpty)
    }

    /// delay(δ) holds the start value for δ, then runs the base from its start.
    @Test func delay() {
        let run = Self.single(.linear(duration: 0.3).delay(0.2), until: 0.6)
        for frame in run.frames where frame.time > 0 && frame.time < 0.5 {
            let expected = frame.time <= 0.2 ? 0 : 100 * (frame.time - 0.2) / 0.3
            #expect(abs(frame.value - expected) <= 1e-12 * 100, "t = \(frame.time)")
        }
        #expect(run.duration == 31.0 / 60)
    }

    /// logicallyComplete(after:) reports at the given time, the removal stays where it was; a
    /// spring reports at its response if that comes first.
    @Test func logicallyCompleteAfter() {
        let linear = Self.single(.linear(duration: 1).logicallyComplete(after: 0.3), until: 1.1)
        #expect(linear.events.map(\.kind) == [.logicallyComplete, .removed])
        #expect(linear.events.map(\.time) == [Double]([0.3, 61.0 / 60]))
        let spring = Self.single(.spring(response: 0.3, dampingFraction: 0.8).logicallyComplete(after: 0.5), until: 1)
        #expect(spring.events.first?.time == 0.3)
    }

    /// A change without animation shows at once, and the part of the running animation not yet
    /// covered stays on top: M′ − (I − a(e)).
    @Test func jumpKeepsTheRemainder() {
        let scenario = AnimationScenario(initialValue: 0.0, transactions: [
            AnimationTransaction(time: 0, value: 100, animation: .linear(duration: 0.5)),
            AnimationTransaction(time: 0.2, value: 300, animation: nil),
        ])
        let run = scenario.run(window: .range(from: 0, to: 0.6))
        for frame in run.frames where frame.time >= 0.2 - 1e-12 && frame.time <= 0.5 {
            let expected = 300 - (100 - 100 * frame.time / 0.5)
            #expect(abs(frame.value - expected) <= 1e-12 * 300, "t = \(frame.time)")
        }
        // The jump's own completions come with SwiftUI's transaction finalization, 0.01 s later.
        #expect(run.events.filter { $0.transaction == 1 }.map(\.time) == [Double]([13.0 / 60, 13.0 / 60]))
        #expect(run.frames.last!.value == 300)
    }

    /// Two easings combine as r = r0 + f1·(T1 − r0): the second lerps from the still-moving first.
    @Test func easeThenEaseCombines() {
        let scenario = AnimationScenario(initialValue: 0.0, transactions: [
            AnimationTransaction(time: 0, value: 100, animation: .easeInOut(duration: 0.5)),
            AnimationTransaction(time: 0.2, value: 0, animation: .easeOut(duration: 0.4)),
        ])
        let run = scenario.run(window: .range(from: 0, to: 0.7))
        let held = run.frames[12]
        #expect(abs(held.value - run.frames[11].value) <= 1e-13 * 100)
        for frame in run.frames where frame.time > 0.2 + 1e-9 && frame.time <= 0.6 {
            let r0 = 100 * bezierY(0.42, 0, 0.58, 1, at: min(frame.time / 0.5, 1))
            let f1 = bezierY(0, 0, 0.58, 1, at: (frame.time - 0.2) / 0.4)
            #expect(abs(frame.value - (r0 + f1 * (0 - r0))) <= 1e-12 * 100, "t = \(frame.time)")
        }
    }

    /// A merge at 12/60 s with response 0.5 completes logically on frame 42: the merged spring counts
    /// whole frames from the merge, and 30/60 = 0.5 (SwiftUI's own 42/60 − 12/60 = 0.4999… would give
    /// frame 43); the first transaction, forked, still completes at 0.5 s.
    @Test func mergeLogicalCompletionFrame() {
        let run = AnimationScenario(initialValue: 0.0, transactions: [
            AnimationTransaction(time: 0, value: 100, animation: .spring),
            AnimationTransaction(time: 0.2, value: 50, animation: .spring),
        ]).run(window: .range(from: 0, to: 0))
        #expect(run.events.first { $0.kind == .logicallyComplete && $0.transaction == 1 }?.time == 42.0 / 60)
        #expect(run.events.first { $0.kind == .logicallyComplete && $0.transaction == 0 }?.time == 0.5)
    }

    /// The reference's figures: `.spring()` removes a 0 → 90° rotation in animatableData units
    /// (radians·128) at 1.283 s and a raw π/2 at 0.833 s.
    @Test func unitScaleFigures() {
        #expect(Self.single(.spring, to: Double.pi / 2 * 128, until: 0).duration == 77.0 / 60)
        #expect(Self.single(.spring, to: Double.pi / 2, until: 0).duration == 50.0 / 60)
    }
}
