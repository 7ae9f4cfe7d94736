import MotionAnimations
import MotionCurves
import PropertyBased
import Testing

@Suite("Properties of merging, combining and vector values")
struct PropertyTests {
    /// A fluid spring interrupted by another merges continuously: the merge frame holds the value
    /// shown before it, the velocity is carried bitwise, the new spring starts exactly where the
    /// old one is at the merge time with the old one's velocity, and the first step after the
    /// merge is no larger than the motion can cover in the two frames it spans.
    @Test func mergeKeepsTheValueContinuous() async {
        await propertyCheck(count: 60, input: Gen.double(in: 0.2...1), Gen.double(in: 0.3...1.2), Gen.double(in: 0.2...1),
                            Gen.double(in: -200...200), Gen.int(in: 2...150)) { r1, zeta, r2, target, mergeFrame in
            let fps = 600.0
            let clock = FrameClock(fps: fps)
            let first = AnimationTransaction(time: 0, value: 100.0,
                                             animation: .spring(response: r1, dampingFraction: zeta))
            let second = AnimationTransaction(time: clock.time(ofFrame: mergeFrame), value: target,
                                              animation: .spring(response: r2, dampingFraction: 0.8))
            let window = SampleWindow.range(from: 0, to: clock.time(ofFrame: mergeFrame + 2))
            let alone = AnimationScenario(initialValue: 0.0, transactions: [first]).run(clock: clock, window: window)
            let merged = AnimationScenario(initialValue: 0.0, transactions: [first, second]).run(clock: clock, window: window)
            guard alone.duration > second.time else { return }   // the first spring already finished
            let k = mergeFrame
            let f = merged.frames
            #expect(abs(f[k].value - f[k - 1].value) <= 1e-12 * 200, "the merge frame holds")
            #expect(f[k].velocity == f[k - 1].velocity, "velocity carried")
            let segment = merged.springSegments[1]
            #expect(segment.startTime == second.time)
            #expect(segment.initialVelocity == f[k - 1].velocity!)
            // The old spring's position at the merge time, in animator coordinates (it started at 0).
            let oldAtMerge = alone.springSegments[0].samples.first { $0.time == second.time }!.offset
            #expect(segment.initialOffset == oldAtMerge)
            // Continuity of what is shown: from frame k − 1 (held on frame k) to frame k + 1 the
            // integrator moves through at most two frames and two 1/300 s steps of motion.
            let span = 2 / fps + 2 * FluidSpringAnimation.step
            let vmax = [f[k - 1].velocity!, f[k + 1].velocity!, f[k + 2].velocity!].map(abs).max()!
            let stiffness = FluidSpringAnimation.stiffness(response: min(r1, r2))
            let distance = abs(100 - f[k - 1].value) + abs(target - f[k - 1].value) + span * vmax
            let acceleration = stiffness * distance + 2.4 * stiffness.squareRoot() * vmax
            let step = abs(f[k + 1].value - f[k].value)
            #expect(step <= span * vmax + acceleration * span * span, "step \(step) with |v| ≤ \(vmax)")
        }
    }

    /// A timing curve interrupting a running animation combines continuously: the combine frame
    /// holds, and on the next frame the value differs from the uninterrupted run by at most the new
    /// curve's progress times the distance it has to cover.
    @Test func combineKeepsTheValueContinuous() async {
        await propertyCheck(count: 150, input: Gen.double(in: 0...1), Gen.double(in: 0...1), Gen.double(in: 0.1...1),
                            Gen.double(in: -300...300), Gen.int(in: 1...40), Gen.bool()) { x1, x2, duration, target, combineFrame, springFirst in
            let clock = FrameClock(fps: 60)
            let first = AnimationTransaction(time: 0, value: 100.0,
                                             animation: springFirst ? .interpolatingSpring(duration: 0.6, bounce: 0.3) : .easeInOut(duration: 0.8))
            let curve = BezierAnimation(curve: .bezier(startControlPoint: .init(x: x1, y: 0.2), endControlPoint: .init(x: x2, y: 0.9)),
                                        duration: duration)
            let second = AnimationTransaction(time: clock.time(ofFrame: combineFrame), value: target, animation: Animation(curve))
            let window = SampleWindow.range(from: 0, to: clock.time(ofFrame: combineFrame + 1))
            let alone = AnimationScenario(initialValue: 0.0, transactions: [first]).run(clock: clock, window: window)
            let combined = AnimationScenario(initialValue: 0.0, transactions: [first, second]).run(clock: clock, window: window)
            let k = combineFrame
            #expect(abs(combined.frames[k].value - combined.frames[k - 1].value) <= 1e-12 * 300, "the combine frame holds")
            let progress = curve.fraction(at: clock.time(ofFrame: k + 1) - clock.time(ofFrame: k))!
            let distance = abs(target - alone.frames[k + 1].value)
            #expect(abs(combined.frames[k + 1].value - alone.frames[k + 1].value) <= abs(progress) * distance + 1e-12 * 300)
        }
    }

    /// Named components move exactly as separate numbers would, for timing curves and
    /// interpolating springs, through a combine: every frame bitwise, the same events.
    @Test func vectorsAreComponentwise() async {
        await propertyCheck(count: 100, input: Gen.double(in: 0...1), Gen.double(in: -0.5...1.5), Gen.double(in: 0.1...1),
                            Gen.double(in: -0.5...0.9), Gen.double(in: -3...3), Gen.int(in: 1...30), Gen.bool()) { x1, y1, duration, bounce, v0, at, useSpring in
            let animation: Animation = useSpring
                ? .interpolatingSpring(duration: duration, bounce: bounce, initialVelocity: v0)
                : .timingCurve(x1, y1, 1 - x1, 1 - y1, duration: duration)
            let start: [(String, Double)] = [("x", 0), ("y", 10), ("s", 1)]
            let targets: [[(String, Double)]] = [[("x", 100), ("y", -50), ("s", 1.5)], [("x", 20), ("y", 80), ("s", 1)]]
            let times = [0, Double(at) / 60]
            let window = SampleWindow.range(from: 0, to: 2)
            let vector = AnimationScenario(initialValue: AnimatableValue.vector(start), transactions: zip(times, targets).map {
                AnimationTransaction(time: $0, value: .vector($1), animation: animation)
            }).run(window: window)
            for (i, name) in ["x", "y", "s"].enumerated() {
                let scalar = AnimationScenario(initialValue: start[i].1, transactions: zip(times, targets).map {
                    AnimationTransaction(time: $0, value: $1[i].1, animation: animation)
                }).run(window: window)
                #expect(vector.frames.count == scalar.frames.count)
                #expect(zip(vector.frames, scalar.frames).allSatisfy { $0.value[name] == $1.value }, "component \(name)")
                #expect(vector.events == scalar.events)
                #expect(vector.duration == scalar.duration)
            }
        }
    }
}
