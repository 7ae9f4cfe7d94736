import MotionAnimations
import PropertyBased
import Testing

/// An animation's elapsed time is the whole frames since the frame it began on, over fps: the
/// same scenario started on any frame shows the same values, fires the same events the same
/// number of frames after its start, and lasts the same frames.
@Suite("Elapsed time does not depend on the start frame")
struct StartFrameTests {
    /// The animations the property draws from: every kind of timing the engine has.
    static let animations: [Animation] = [
        .linear(duration: 0.1), .easeInOut(duration: 0.3), .easeOut(duration: 0.25), .easeIn(duration: 0.2).speed(2),
        .linear(duration: 0.2).delay(0.05), .easeInOut(duration: 0.15).repeatCount(2),
        .spring(response: 0.4, dampingFraction: 0.7), .bouncy, .default, .smooth(duration: 0.3),
        .interpolatingSpring(stiffness: 170, damping: 15), .spring(response: 0.3, dampingFraction: 0.8, blendDuration: 0.2),
    ]

    /// `.linear(duration: 0.1)` at 60 fps: 0.1 · 60 = 6 exactly, so the animation is sampled at
    /// e = 6/60 (0.1 ≥ e) and removed on the 7th frame after its start, wherever it starts.
    @Test(arguments: [0, 1, 7, 60, 61, 600, 6007, 215_000])
    func linearEndsSevenFramesAfterItsStart(start: Int) {
        let clock = FrameClock(fps: 60)
        let begin = clock.time(ofFrame: start)
        let scenario = AnimationScenario(initialValue: 0.0, transactions: [
            AnimationTransaction(time: begin, value: 100, animation: .linear(duration: 0.1)),
        ])
        let run = scenario.run(clock: clock, window: .range(from: begin, to: clock.time(ofFrame: start + 8)))
        #expect(run.duration == clock.time(ofFrame: start + 7))
        #expect(run.events.map(\.time) == [clock.time(ofFrame: start + 7), clock.time(ofFrame: start + 7)])
        // Frame start + 6 shows the linear curve at e = 0.1, its end: 100.
        #expect(run.frames[6].value == 100)
        #expect(abs(run.frames[3].value - 50) <= 1e-12)
    }

    /// The same transactions, shifted to start on frame k, give bitwise the same frames (values
    /// and velocities) and the same events and duration counted in frames from the start.
    @Test func translatedScenarioRunsTheSameFrames() async {
        await propertyCheck(count: 30, input: Gen.int(in: 0...(StartFrameTests.animations.count - 1)).array(of: 1...3),
                            Gen.int(in: 1...30).array(of: 2), Gen.double(in: -300...300).array(of: 3),
                            Gen.int(in: 1...200_000), Gen.int(in: 0...2)) { kinds, gaps, values, start, rate in
            let fps = [60.0, 120.0, 90.0][rate]
            let clock = FrameClock(fps: fps)
            var frames = [0]
            for gap in gaps.prefix(kinds.count - 1) { frames.append(frames.last! + gap) }
            func run(from k: Int) -> AnimationRun<Double> {
                let transactions = kinds.indices.map { i in
                    AnimationTransaction(time: clock.time(ofFrame: k + frames[i]), value: values[i],
                                         animation: StartFrameTests.animations[kinds[i]])
                }
                let window = SampleWindow.range(from: clock.time(ofFrame: k), to: clock.time(ofFrame: k + 240))
                return AnimationScenario(initialValue: 0.0, transactions: transactions).run(clock: clock, window: window)
            }
            let base = run(from: 0), moved = run(from: start)
            #expect(moved.frames.count == base.frames.count)
            #expect(moved.frames.map(\.value) == base.frames.map(\.value), "start \(start) at \(fps) fps, \(kinds)")
            #expect(moved.frames.map(\.velocity) == base.frames.map(\.velocity))
            let relative = { (run: AnimationRun<Double>, k: Int) in
                run.events.map { (clock.frame(at: $0.time) - k, $0.kind, $0.transaction) }
            }
            let baseEvents = relative(base, 0), movedEvents = relative(moved, start)
            #expect(baseEvents.count == movedEvents.count)
            #expect(zip(baseEvents, movedEvents).allSatisfy { $0 == $1 }, "start \(start): \(movedEvents) vs \(baseEvents)")
            #expect(clock.frame(at: moved.duration) - start == clock.frame(at: base.duration))
        }
    }

    /// A looping phase animator's cycles all last the same frames: the first one, which starts on
    /// frame 0 on a new animator, and every later one, whose phases merge into or combine with the
    /// animation still running. Closed form, in frames: a fluid spring's phase completes logically
    /// `response·fps` frames after it starts, an ease is sampled while its time is ≤ its duration
    /// and completes `duration·fps + 1` frames after it starts, and a phase equal to the value shown
    /// completes on the first frame 0.01 s after (1 frame at 60 fps, 2 at 120).
    @Test(arguments: [(60.0, 30 + 18 + 1, 19 + 18 + 1), (120.0, 60 + 36 + 2, 37 + 36 + 2)])
    func loopingCyclesLastTheSameFrames(fps: Double, jumpCycle: Int, easeCycle: Int) {
        let clock = FrameClock(fps: fps)
        let bouncy = Animation.spring(duration: 0.3, bounce: 0.7)
        // The sample scenario data/scenarios/phase-loop.json, and the emoji bounce's offset, looping.
        for (animations, frames) in [([nil, .smooth, bouncy], jumpCycle), ([.smooth, .easeInOut(duration: 0.3), bouncy], easeCycle)]
        as [([Animation?], Int)] {
            let animator = PhaseAnimator(phases: [0.0, -200, 0], animations: animations)
            let run = animator.run(clock: clock, window: .range(from: 0, to: 12))
            let durations = run.phaseCycles.compactMap(\.duration)
            #expect(durations.count >= 12)
            #expect(durations.allSatisfy { $0 == clock.time(ofFrame: frames) }, "\(fps) fps: \(durations.map { $0 * fps })")
            // Each cycle's phase changes fall on the same frames after its start.
            let offsets = run.phaseCycles.filter { $0.duration != nil }.map { cycle in
                cycle.changes.map { clock.frame(at: $0.time) - clock.frame(at: cycle.startTime) }
            }
            #expect(Set(offsets).count == 1, "\(offsets)")
        }
    }
}
