import MotionAnimations
import MotionCurves
import Testing

@Suite("Phase animators")
struct PhaseAnimatorTests {
    /// SPEC §9's example: 0 → −200 (smooth) → 0 (spring 0.3, bounce 0.7) → 0, looping.
    static let example = PhaseAnimator<Double, Double>(phases: [0, -200, 0],
                                               animations: [nil, .smooth, .spring(duration: 0.3, bounce: 0.7)])

    @Test func loopingCycles() throws {
        let run = Self.example.run(window: .range(from: 0, to: 3))
        #expect(run.duration == .infinity)
        try #require(run.phaseCycles.count >= 3)
        let first = run.phaseCycles[0]
        #expect(first.startTime == 0)
        #expect(first.changes.map(\.phase) == [1, 2, 0])
        // Each phase starts on the frame its predecessor logically completes: smooth at its
        // response 0.5, the spring at 0.3 later; phase 0 equals the value and completes 0.01 s on.
        #expect(first.changes.map(\.time) == [Double]([0, 0.5, 0.8]))
        #expect(first.duration == 49.0 / 60)
        #expect(!first.isInterrupted)
        #expect(run.phaseCycles[1].startTime == 49.0 / 60)
        // Every phase event is in the run's events, with its phase.
        let phaseEvents = run.events.filter { $0.kind == .phase }
        #expect(phaseEvents.prefix(3).map(\.phase) == [1, 2, 0])
        // Spring into spring: the merge carries the velocity, so it does not jump.
        let second = first.changes[1]
        #expect(second.velocityJump == 0)
        #expect(abs(second.valueJump) < 1e-12 * 200)
    }

    @Test func triggeredCycles() {
        let triggered = PhaseAnimator<Double, Double>(phases: [0, -200, 0], animations: Self.example.animations, triggers: [0, 2])
        let run = triggered.run(window: .range(from: 0, to: 4.5))
        #expect(run.duration.isFinite)
        #expect(run.phaseCycles.map(\.startTime) == [0, 2])
        #expect(run.phaseCycles.allSatisfy { !$0.isInterrupted && $0.duration != nil })
        #expect(run.phaseCycles.map { $0.changes.map(\.phase) } == [[1, 2, 0], [1, 2, 0]])
    }

    /// A trigger during a cycle restarts it at phase 1; the interrupted cycle ends there.
    @Test func triggerInterruptsACycle() {
        let run = PhaseAnimator<Double, Double>(phases: [0, 10], animations: [.linear(duration: 1), .linear(duration: 1)],
                                        triggers: [0, 0.5]).run(window: .range(from: 0, to: 3))
        #expect(run.phaseCycles.count == 2)
        #expect(run.phaseCycles[0].isInterrupted && run.phaseCycles[0].duration == 0.5)
        #expect(!run.phaseCycles[1].isInterrupted)
    }

    /// A phase without animation jumps by its change; the velocity on either side is analytic, zero
    /// where nothing runs.
    @Test func jumpsAndVelocities() throws {
        let animator = PhaseAnimator<Double, Double>(phases: [0, 100, 50], animations: [.linear(duration: 0.2), nil, .easeOut(duration: 0.3)],
                                             triggers: [0])
        let run = animator.run(window: .range(from: 0, to: 1))
        let cycle = try #require(run.phaseCycles.first)
        #expect(cycle.changes.map(\.phase) == [1, 2, 0])
        let jump = cycle.changes[0]
        #expect(jump.valueJump == 100)
        #expect(jump.velocityAfter == 0)
        let ease = cycle.changes[1]
        #expect(ease.time == 1.0 / 60)   // the jump completes 0.01 s later: the next frame
        #expect(ease.valueJump == 0)
        #expect(ease.velocityBefore == 0)
        // easeOut = (0, 0, 0.58, 1) starts at slope y2/x2 = 1/0.58 (both first derivatives vanish at
        // 0; by L'Hôpital the ratio of the second, 6·y2/(6·x2)): −50·(1/0.58)/0.3, not a frame's
        // difference.
        #expect(abs(try #require(ease.velocityAfter) - (-50 / 0.58 / 0.3)) < 1e-9)
        #expect(abs(try #require(ease.velocityJump) - (-50 / 0.58 / 0.3)) < 1e-9)
        #expect(cycle.duration != nil)
        #expect(run.frames.last!.value == 0)
    }

    @Test func closureInitializerAndDefault() {
        let animator = PhaseAnimator<Double, Double>(phases: [0, 1]) { $0 == 1 ? .bouncy : nil }
        #expect(animator.animations == [nil, .bouncy])
        #expect(PhaseAnimator<Double, Double>(phases: [0, 1]).animations == [.default, .default])
    }
}
