import MotionAnimations
import MotionSprings
import RealModule
import Testing

/// The exact spring beside SwiftUI's integrated one.
@Suite("Fluid springs beside the exact spring")
struct ExactPhysicsTests {
    static func run(_ transactions: [AnimationTransaction<Double>], fps: Double = 60) -> AnimationRun<Double> {
        AnimationScenario(initialValue: 0.0, transactions: transactions).run(clock: FrameClock(fps: fps), window: .range(from: 0, to: 0))
    }

    /// One uninterrupted spring: one segment from rest at 0 to the target, ending with the removal;
    /// every sampled frame recorded, the integrator within a small fraction of the distance of the
    /// closed form, and the exact 1 % settling time before the removal frame.
    @Test(arguments: [60.0, 120.0])
    func uninterruptedSpring(fps: Double) throws {
        let run = Self.run([AnimationTransaction(time: 0, value: 100, animation: .spring(response: 0.5, dampingFraction: 0.825))],
                           fps: fps)
        let segment = try #require(run.springSegments.first)
        #expect(run.springSegments.count == 1)
        #expect(segment.startTime == 0 && segment.initialOffset == 0 && segment.initialVelocity == 0)
        #expect(segment.target == 100)
        #expect(segment.end == .removed)
        #expect(segment.removalTime == run.duration)
        #expect(segment.samples.count == Int((run.duration * fps).rounded()) - 1)
        #expect(segment.exactOffset(at: 0) == [0])
        // The integrator lags by about half a step (its first half-kick has no force) and each
        // frame shows the step at or after the frame, so both errors stay below 1 % of 100.
        #expect(segment.maximumStepError > 0 && segment.maximumStepError < 1)
        #expect(segment.maximumFrameError < 2)
        // The closed form is MotionSprings' spring from rest.
        let spring = Spring(response: 0.5, dampingRatio: 0.825)
        for sample in segment.samples.prefix(20) {
            #expect(segment.exactOffset(at: sample.time)[0].isApproximatelyEqual(
                to: spring.value(target: 100, time: sample.time), absoluteTolerance: 1e-10))
            #expect(sample.stepTime >= sample.time - 1e-12 && sample.stepTime < sample.time + FluidSpringAnimation.step + 1e-12)
        }
        let settle = try #require(segment.exactSettlingTime)
        #expect(settle.isApproximatelyEqual(to: spring.exactSettlingTime(target: 100, epsilon: 1), relativeTolerance: 1e-9))
        #expect(settle < segment.removalTime!)
    }

    /// A merge starts a new segment at the merge frame from the old spring's position and velocity;
    /// the old segment ends there, merged.
    @Test func mergeStartsASegment() throws {
        let run = Self.run([
            AnimationTransaction(time: 0, value: 100, animation: .spring),
            AnimationTransaction(time: 0.2, value: 50, animation: .spring(response: 0.3, dampingFraction: 0.6)),
        ])
        try #require(run.springSegments.count == 2)
        let (first, second) = (run.springSegments[0], run.springSegments[1])
        #expect(first.end == .merged && first.endTime == 0.2)
        #expect(second.transaction == 1 && second.startTime == 0.2)
        #expect(second.initialVelocity > 0 && second.initialOffset > 0 && second.initialOffset < 100)
        #expect(second.target == 50)   // the cumulative interval: +100, then −50
        #expect(second.exactOffset(at: 0.2)[0] == second.initialOffset)
        #expect(second.end == .removed)
        #expect(!second.isBlended)
        #expect(second.maximumStepError < 2)
    }

    /// A blended merge is flagged (its response is not the closed form's); a combine ends the
    /// segment; a modified spring has none.
    @Test func blendCombineAndModifiers() {
        let blended = Self.run([
            AnimationTransaction(time: 0, value: 100, animation: .spring),
            AnimationTransaction(time: 0.1, value: 150, animation: .interactiveSpring),
        ])
        #expect(blended.springSegments.map(\.isBlended) == [false, true])
        let combined = Self.run([
            AnimationTransaction(time: 0, value: 100, animation: .spring),
            AnimationTransaction(time: 0.25, value: 200, animation: .easeInOut(duration: 0.3)),
        ])
        #expect(combined.springSegments.count == 1 && combined.springSegments[0].end == .combined)
        #expect(Self.run([AnimationTransaction(time: 0, value: 1, animation: .spring.delay(0.1))]).springSegments.isEmpty)
        #expect(Self.run([AnimationTransaction(time: 0, value: 1, animation: .default)]).springSegments.count == 1)
    }

    /// The integrator caps the stiffness at 45000, and so does the exact spring beside it.
    @Test func stiffnessCap() {
        let fluid = FluidSpringAnimation(response: 0.01, dampingFraction: 1)
        #expect(fluid.physicalSpring.physicalStiffness.isApproximatelyEqual(to: 45000, relativeTolerance: 1e-14))
        #expect(FluidSpringAnimation.stiffness(response: 0) == 45000)
        #expect(FluidSpringAnimation.stiffness(response: 0.5) == (4 * Double.pi) * (4 * Double.pi))
    }

    /// Named components: one exact position per component.
    @Test func vectorSegments() throws {
        let run = AnimationScenario(initialValue: AnimatableValue.vector([("x", 0), ("y", 10)]), transactions: [
            AnimationTransaction(time: 0, value: .vector([("x", 100), ("y", -50)]), animation: .snappy),
        ]).run(window: .range(from: 0, to: 0))
        let segment = try #require(run.springSegments.first)
        #expect(segment.target == .vector([("x", 100), ("y", -60)]))
        #expect(segment.exactOffset(at: 0) == [0, 0])
        #expect(segment.maximumStepError < 2)
        #expect(try #require(segment.exactSettlingTime) < segment.removalTime!)
    }
}
