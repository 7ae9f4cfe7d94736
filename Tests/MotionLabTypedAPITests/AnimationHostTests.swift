import Foundation
import MotionLab
import Testing

// SwiftUI state changes run headless in an AnimationHost. Expected values come from paper (frame
// times, linear curves, closed-form springs) and from scripts/reference/animation_reference.py, the
// independent Python engine, run on the scenario named at each table; the fluid springs' frames are
// that script's, pasted.

/// The frames of `frames` as (frame number, value).
private func values(_ frames: [HostFrame<Double>]) -> [Int: Double] {
    Dictionary(uniqueKeysWithValues: frames.map { ($0.frame, $0.value) })
}

/// A linear animation that holds a quarter of the way while the host's environment says `frozen`.
private struct FreezableLinear: CustomAnimation {
    let duration: Double

    func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
        if context.environment.frozen { return value.scaled(by: 0.25) }
        guard time <= duration else { return nil }
        return value.scaled(by: time / duration)
    }
}

private struct FrozenKey: EnvironmentKey {
    static let defaultValue = false
}

extension EnvironmentValues {
    fileprivate var frozen: Bool {
        get { self[FrozenKey.self] }
        set { self[FrozenKey.self] = newValue }
    }
}

@Suite struct AnimationHostTests {
    /// The emoji of Apple's "Creating phase-based animation": up 200 points with `.bouncy`, and on
    /// completion back with the default animation.
    private static func emoji() -> (frames: [HostFrame<Double>], completedAt: [Double], events: [AnimationEvent]) {
        let host = AnimationHost()
        @HostState(host) var offset = 0.0
        var completedAt: [Double] = []
        host.at(0) {
            withAnimation(.bouncy) {
                offset = -200.0
            } completion: {
                completedAt.append(host.time)
                withAnimation {
                    offset = 0.0
                }
            }
        }
        let frames = host.run(through: 2.5) { $offset.presentedValue }
        return (frames, completedAt, $offset.events)
    }

    /// The frames equal the Python engine's for the phase-animator document that describes the same
    /// chain, `{"initialValue": 0, "phaseAnimator": {"phases": [0, -200], "animations": ["default",
    /// "bouncy"], "triggers": [0]}}` (a phase change is a `withAnimation` whose logical completion
    /// starts the next): python3 scripts/reference/animation_reference.py emoji.json --from 0 --to 2.5.
    @Test func theEmojiMovesUpWithBouncyAndBackOnCompletion() {
        let (frames, completedAt, events) = Self.emoji()
        // On paper: .bouncy is a fluid spring of response 0.5, logically complete once τ ≥ 0.5;
        // τ = k/60 − 0 reaches 0.5 on frame 30, exactly.
        #expect(completedAt == [0.5])
        let python: [Int: Double] = [
            0: 0.0, 1: -3.3005646569716305, 2: -13.3865838359078, 10: -153.57040914150753,
            20: -208.12803461208267, 29: -203.33592359273752, 30: -202.65933409583454,
            31: -199.4009710041312, 32: -191.01858110964298, 40: -84.91729693197287,
            50: -22.00703759876246, 60: -4.880129329436294, 63: -3.07104921486665,
            80: -0.2066487915623986, 100: -0.008652317127789513, 116: -0.0007008130348496258,
            117: 0.0, 150: 0.0,
        ]
        let shown = values(frames)
        for (k, expected) in python {
            #expect(abs(shown[k]! - expected) <= 1e-9 * max(1, abs(expected)), "frame \(k)")
        }
        // The Python engine's events: transaction 0 (up) logically complete at 0.5, transaction 1
        // (back, merged into the moving spring) at 0.5 + 0.55 = 1.05, both removed at 1.95.
        let expectedEvents = [
            AnimationEvent(time: 0.5, kind: .logicallyComplete, transaction: 0),
            AnimationEvent(time: 63.0 / 60, kind: .logicallyComplete, transaction: 1),
            AnimationEvent(time: 117.0 / 60, kind: .removed, transaction: 0),
            AnimationEvent(time: 117.0 / 60, kind: .removed, transaction: 1),
        ]
        #expect(Set(events) == Set(expectedEvents))
        #expect(events.count == expectedEvents.count)
    }

    /// The same frames, within the integrator's error, from the closed forms: Spring(duration: 0.5,
    /// bounce: 0.3)'s step response to −200 up to the completion frame, then from its position and
    /// velocity at 0.5 s the critically damped spring of response 0.55 (the default animation)
    /// towards 0. SwiftUI integrates its fluid springs (velocity Verlet at 1/300 s, starting from
    /// zero force, a sample being the first step at or after the frame), so a frame can be off by
    /// up to one step of the motion: 3.08 points at most here, by the Python engine.
    @Test func theEmojiFollowsTheClosedFormsWithinTheIntegratorsError() {
        let (frames, _, _) = Self.emoji()
        let up = Spring(duration: 0.5, bounce: 0.3)
        let back = Spring(response: 0.55, dampingRatio: 1)
        let x0 = up.value(target: -200, time: 0.5), v0 = up.velocity(target: -200, time: 0.5)
        var largest = 0.0
        for frame in frames where frame.frame >= 1 && frame.frame <= 116 {
            let t = frame.time
            let closed = frame.frame <= 30 ? up.value(target: -200, time: t)
                : back.value(fromValue: x0, toValue: 0, initialVelocity: v0, time: t - 0.5)
            largest = max(largest, abs(frame.value - closed))
        }
        #expect(largest < 3.1)
        #expect(largest > 1)     // the integrator's error is real: the host does not evaluate the closed form
    }

    /// The host's frames and events equal the scenario path's for the phase-animator document
    /// above: the same chain, written as SwiftUI code or as JSON.
    @Test func theEmojiEqualsTheScenarioDocument() throws {
        let json = #"{"initialValue": 0, "phaseAnimator": {"phases": [0, -200], "animations": ["default", "bouncy"], "triggers": [0]}}"#
        let document = try AnimationScenarioDocument.decode(json: Array(json.utf8))
        let run = document.run(window: .range(from: 0, to: 2.5))
        let (frames, completedAt, _) = Self.emoji()
        #expect(frames.count == run.frames.count)
        for (host, scenario) in zip(frames, run.frames) {
            #expect(host.time == scenario.time)
            #expect(host.value == scenario.value.scalar!)
        }
        let phaseZero = run.events.first { $0.kind == .phase && $0.phase == 0 }
        #expect(phaseZero?.time == completedAt.first)
    }

    /// Two states changed in one transaction share its completion: it fires once, when the later
    /// of the two is removed. A fluid spring is removed once its velocity and force fall below an
    /// absolute threshold, so the move of 500 points settles later than the move of 10. Python
    /// engine, `smooth` from 0: to 10 removed at 1.05 s (frame 63); to (300, 400) at 1.4333 s (frame 86);
    /// both logically complete at 0.5 s.
    @Test func twoStatesInOneTransactionCompleteTogether() {
        let host = AnimationHost()
        @HostState(host) var opacity = 0.0
        @HostState(host) var position = CGPoint.zero
        var removedAt: [Double] = []
        var logicallyCompleteAt: [Double] = []
        host.at(0) {
            var transaction = Transaction(animation: .smooth)
            transaction.addAnimationCompletion(criteria: .removed) { removedAt.append(host.time) }
            transaction.addAnimationCompletion { logicallyCompleteAt.append(host.time) }
            withTransaction(transaction) {
                opacity = 10
                position = CGPoint(x: 300, y: 400)
            }
        }
        host.run(through: 3)
        #expect($opacity.events.first { $0.kind == .removed }?.time == 63.0 / 60)
        #expect($position.events.first { $0.kind == .removed }?.time == 86.0 / 60)
        #expect(removedAt == [86.0 / 60])
        #expect(logicallyCompleteAt == [0.5])
        #expect($opacity.events.allSatisfy { $0.transaction == 0 } && $position.events.allSatisfy { $0.transaction == 0 })
        #expect($position.presentedValue == CGPoint(x: 300, y: 400))
        #expect(host.isIdle)
    }

    /// A change outside `withAnimation` jumps on its frame, and one during an animation keeps the
    /// animation's remainder on top. On paper: linear over 1 s to 100 from 0 s, then 200 set plainly
    /// at 0.5 s: 100·t before, 200 − 100·(1 − t) after, 200 once the linear has ended (τ > 1, frame 61).
    @Test func aChangeWithoutAnimationJumps() {
        let host = AnimationHost()
        @HostState(host) var offset = 0.0
        @HostState(host) var scale = 1.0
        host.at(0) { withAnimation(.linear(duration: 1)) { offset = 100 } }
        host.at(0.25) { scale = 2 }
        host.at(0.5) { offset = 200 }
        let frames = host.run(through: 1.5) { ($offset.presentedValue, $scale.presentedValue) }
        for frame in frames {
            let t = frame.time, k = frame.frame
            let expected: Double = k < 30 ? 100 * t : k <= 60 ? 200 - 100 * (1 - t) : 200
            let expectedScale: Double = k < 15 ? 1 : 2
            #expect(abs(frame.value.0 - expected) < 1e-12, "frame \(k)")
            #expect(frame.value.1 == expectedScale, "frame \(k)")
        }
        // The jumps complete 0.01 s later (SwiftUI's transaction finalization): 0.26 s → frame 16,
        // 0.51 s → frame 31.
        let scaleTimes: [Double] = $scale.events.map(\.time)
        let jumpTimes: [Double] = $offset.events.filter { $0.transaction == 2 }.map(\.time)
        #expect(scaleTimes == [16.0 / 60, 16.0 / 60])
        #expect(jumpTimes == [31.0 / 60, 31.0 / 60])
    }

    /// `.logicallyComplete` fires at the spring's response, `.removed` once it has settled. Python
    /// engine, `.spring(duration: 0.5)` from 0 to 100: logically complete at 0.5 s, removed at
    /// 1.2667 s (frame 76). A second change at 0.2 s delays `.removed` (to 1.3833 s, frame 83) but
    /// not `.logicallyComplete`, timed as if the first spring had not been interrupted.
    @Test func removedFiresLaterThanLogicallyCompleteForASpring() {
        func run(interruptAt interruption: Double?) -> (logical: [Double], removed: [Double]) {
            let host = AnimationHost()
            @HostState(host) var x = 0.0
            @HostState(host) var y = 0.0
            var logical: [Double] = [], removed: [Double] = []
            host.at(0) {
                withAnimation(.spring(duration: 0.5), completionCriteria: .logicallyComplete) {
                    x = 100
                } completion: { logical.append(host.time) }
                withAnimation(.spring(duration: 0.5), completionCriteria: .removed) {
                    y = 100
                } completion: { removed.append(host.time) }
            }
            if let interruption {
                host.at(interruption) {
                    withAnimation(.spring(duration: 0.5)) {
                        x = 50
                        y = 50
                    }
                }
            }
            host.run(through: 3)
            return (logical, removed)
        }
        let alone = run(interruptAt: nil)
        #expect(alone.logical == [0.5])
        #expect(alone.removed == [76.0 / 60])
        let interrupted = run(interruptAt: 0.2)
        #expect(interrupted.logical == [0.5])
        #expect(interrupted.removed == [83.0 / 60])
    }

    /// Nested transactions: the innermost animation wins for the changes in its body, and the
    /// outer completion waits for them too. On paper (linear curves): a over 1 s, b over 0.5 s, c
    /// without animation; the outer `.removed` completion fires when the longest, a, ends (τ > 1:
    /// frame 61), not when its own 0.5 s animation would.
    @Test func theInnermostAnimationWins() {
        let host = AnimationHost()
        @HostState(host) var a = 0.0
        @HostState(host) var b = 0.0
        @HostState(host) var c = 0.0
        var completedAt: [Double] = []
        host.at(0) {
            withAnimation(.linear(duration: 0.5), completionCriteria: .removed) {
                b = 100
                withTransaction(\.animation, .linear(duration: 1)) { a = 100 }
                withAnimation(nil) { c = 100 }
            } completion: {
                completedAt.append(host.time)
            }
        }
        let frames = host.run(through: 1.2) { [$a.presentedValue, $b.presentedValue, $c.presentedValue] }
        for frame in frames {
            let t = frame.time
            #expect(abs(frame.value[0] - 100 * min(t, 1)) < 1e-12)
            #expect(abs(frame.value[1] - 100 * min(t / 0.5, 1)) < 1e-12)
            #expect(frame.value[2] == 100)
        }
        #expect(completedAt == [61.0 / 60])
    }

    /// A user's `Animatable` struct: its `animatableData` animates, its other properties change at
    /// once. On paper: linear over 1 s from scale 1 and 0° to scale 2 and 90°, at 0.5 s halfway.
    @Test func aStructOfYoursAnimatesItsAnimatableData() {
        struct Badge: Animatable {
            var scale = 1.0
            var angle = Angle.zero
            var label = "old"
            var animatableData: AnimatablePair<Double, Angle.AnimatableData> {
                get { AnimatablePair(scale, angle.animatableData) }
                set { (scale, angle.animatableData) = (newValue.first, newValue.second) }
            }
        }
        let host = AnimationHost()
        @HostState(host) var badge = Badge()
        withAnimation(.linear(duration: 1)) {
            badge = Badge(scale: 2, angle: .degrees(90), label: "new")
        }
        host.run(through: 0.5)
        #expect(badge.scale == 2)
        #expect(abs($badge.presentedValue.scale - 1.5) < 1e-12)
        #expect(abs($badge.presentedValue.angle.degrees - 45) < 1e-9)
        #expect($badge.presentedValue.label == "new")
    }

    /// A completion whose body changes nothing runs on the first frame 0.01 s later (SwiftUI's
    /// transaction finalization): from 0.5 s, frame 31 (0.5167 s).
    @Test func aCompletionWithoutChangesRunsAfterFinalization() {
        let host = AnimationHost()
        @HostState(host) var x = 0.0
        var completedAt: [Double] = []
        host.at(0.5) {
            withAnimation(.bouncy) { x = 0 } completion: { completedAt.append(host.time) }
        }
        host.run(through: 1)
        #expect(completedAt == [31.0 / 60])
        #expect($x.events.isEmpty)
    }

    /// Hosts on different threads each see their own current transaction: the emoji run in eight
    /// tasks at once gives the same frames as alone.
    @Test func hostsInParallelTasksAreIndependent() async {
        let alone = Self.emoji().frames.map(\.value)
        let runs = await withTaskGroup(of: [Double].self) { group in
            for _ in 0..<8 { group.addTask { Self.emoji().frames.map(\.value) } }
            var all: [[Double]] = []
            for await run in group { all.append(run) }
            return all
        }
        #expect(runs.count == 8)
        #expect(runs.allSatisfy { $0 == alone })
    }

    /// The host's environment reaches the running animations from the update after it is set. On
    /// paper: 100·t until 0.5 s, 25 while frozen (from frame 30), and the model 100 once unfrozen
    /// at 1.5 s, the 1 s linear having ended.
    @Test func theEnvironmentReachesRunningAnimations() {
        let host = AnimationHost()
        @HostState(host) var x = 0.0
        host.at(0) { withAnimation(Animation(FreezableLinear(duration: 1))) { x = 100 } }
        host.at(0.5) { host.environment.frozen = true }
        host.at(1.5) { host.environment.frozen = false }
        let frames = host.run(through: 2) { $x.presentedValue }
        for frame in frames {
            let k = frame.frame
            let expected: Double = k < 30 ? 100 * frame.time : k < 90 ? 25 : 100
            #expect(abs(frame.value - expected) < 1e-12, "frame \(k)")
        }
    }

    /// A completion outside a host's action, whose body changes nothing, runs at once and
    /// inherits nothing from the transaction around it: its change jumps.
    @Test func aCompletionOutsideAnActionRunsAtOnceAndOnItsOwn() {
        let host = AnimationHost()
        @HostState(host) var x = 0.0
        var ran = false
        withAnimation(.linear(duration: 1)) {
            withAnimation(.bouncy) {} completion: {
                ran = true
                x = 50
            }
        }
        #expect(ran)
        #expect(!$x.isAnimating)
        #expect($x.presentedValue == 50)
    }

    /// SwiftUI code lives on the main actor; so can a host, its states and their actions.
    @MainActor @Test func aHostRunsOnTheMainActor() {
        let host = AnimationHost()
        @HostState(host) var offset = 0.0
        var completedAt: Double?
        host.at(0) {
            withAnimation(.bouncy) { offset = -200 } completion: { completedAt = host.time }
        }
        host.run(through: 1)
        #expect(completedAt == 0.5)
    }
}
