@testable import MotionAnimations
import PropertyBased
import Testing

/// An animation the engine cannot recognise: it forwards everything to `inner` through
/// ``CustomAnimation``, so an animator runs it on the dictionary state, frame by frame through the
/// protocol — the general path a user's own animation takes. A merge sees through it, so that the
/// wrapped and the bare animation merge, blend and combine alike.
private struct Opaque: CustomAnimation {
    let inner: Animation

    func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
        inner.animate(value: value, time: time, context: &context)
    }

    func velocity<V: VectorArithmetic>(value: V, time: Double, context: AnimationContext<V>) -> V? {
        inner.velocity(value: value, time: time, context: context)
    }

    func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: Double,
                                          context: inout AnimationContext<V>) -> Bool {
        inner.shouldMerge(previous: (previous.base as? Opaque)?.inner ?? previous, value: value, time: time, context: &context)
    }
}

/// SplitMix64, to draw a scenario from one generated seed.
private struct Draw {
    var state: UInt64

    mutating func unit() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Double((z ^ (z >> 31)) >> 11) / 9_007_199_254_740_992
    }

    mutating func uniform(_ range: ClosedRange<Double>) -> Double { range.lowerBound + (range.upperBound - range.lowerBound) * unit() }
    mutating func index(_ count: Int) -> Int { Swift.min(Int(unit() * Double(count)), count - 1) }
}

@Suite("The engine runs built-in animations as the general path does")
struct EngineSpecialisationTests {
    /// An animation as apps write them: timing curves, interpolating springs (under- and
    /// overdamped), fluid springs (with a blend), `.default`, and the modifiers over them.
    private static func animation(_ d: inout Draw) -> Animation? {
        let base: Animation
        switch d.index(8) {
        case 0: base = .linear(duration: d.uniform(0.05...0.6))
        case 1: base = .easeInOut(duration: d.uniform(0.05...0.6))
        case 2: base = .timingCurve(d.unit(), d.uniform(-0.5...1.5), d.unit(), d.uniform(-0.5...1.5), duration: d.uniform(0.05...0.6))
        case 3: base = .interpolatingSpring(duration: d.uniform(0.1...0.6), bounce: d.uniform(-0.3...0.6))
        case 4: base = .interpolatingSpring(stiffness: d.uniform(50...400), damping: d.uniform(5...60))
        case 5: base = .spring(response: d.uniform(0.1...0.6), dampingFraction: d.uniform(0.5...1.2),
                               blendDuration: d.unit() < 0.5 ? 0 : d.uniform(0.05...0.3))
        case 6: base = .default
        default: return nil
        }
        switch d.index(7) {
        case 0: return base.delay(d.uniform(0...0.2))
        case 1: return base.speed(d.uniform(0.5...2))
        case 2: return base.repeatCount(1 + d.index(3), autoreverses: d.unit() < 0.5)
        case 3: return base.logicallyComplete(after: d.uniform(0...0.3))
        case 4: return base.delay(d.uniform(0...0.1)).repeatForever(autoreverses: true).speed(1.5)
        default: return base
        }
    }

    /// What an animator shows: each frame's value and velocity (as bits) and the events fired.
    private struct Trace: Equatable {
        var values: [UInt64] = []
        var velocities: [UInt64?] = []
        var events: [AnimationEvent] = []
    }

    private static func trace(_ transactions: [(frame: Int, value: Double, animation: Animation?)], opaque: Bool) -> Trace {
        var animator = Animator(value: 0.0)
        var trace = Trace()
        let clock = FrameClock(fps: 60)
        var next = 0
        for frame in 0..<90 {
            let t = clock.time(ofFrame: frame)
            while next < transactions.count && transactions[next].frame == frame {
                let animation = transactions[next].animation
                animator.setValue(transactions[next].value, animation: opaque ? animation.map { Animation(Opaque(inner: $0)) } : animation, at: t)
                next += 1
            }
            animator.update(at: t)
            trace.values.append(animator.presentedValue.bitPattern)
            trace.velocities.append(animator.velocity(at: t)?.bitPattern)
            trace.events += animator.drainEvents()
        }
        return trace
    }

    /// Interrupted, merged, combined, repeated and delayed built-in animations show, frame by frame,
    /// bit for bit the values and completions the general `CustomAnimation` path shows for the same
    /// animations hidden behind a custom wrapper, and the velocities wherever the wrapper reports one.
    @Test func builtInAnimationsMatchTheGeneralPath() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...Int.max)) { seed in
            Self.compareBothPaths(seed: UInt64(seed))
        }
    }

    /// A draw the property found: a timing curve and `.default.delay` set on one frame (13)
    /// combine; on that frame the general path reported a rate of 0 where the built-in path's is
    /// 8227.08 (the top entry covers a zero interval before anything has run, and its nil from
    /// `animate` was read as "finished, pinned").
    @Test func twoTransactionsOnOneFrame() {
        Self.compareBothPaths(seed: 4_792_531_078_997_509_307)
    }

    /// A draw the property found: `.default.repeatCount(3, autoreverses: true)` set on frames 14
    /// and 15 merges (equal modifiers over equal bases). The wrapper hides the repeat, and in its
    /// first cycle the state it leaves is a bare spring's, so the general path restarted the
    /// animator's clock on the merge frame while the built-in path kept it: the same motion in
    /// exact arithmetic, a step more or less of the integrator on four frames and a logical
    /// completion a frame apart in binary64. A repeated spring now restarts the clock in both.
    @Test func aWrappedRepeatedSpringMerges() {
        Self.compareBothPaths(seed: 2_253_353_406_339_681_586)
    }

    /// A draw the property found: a repeated timing curve restarts its cycle on frame 19, while a
    /// delayed spring combined over it has not begun. Run again from the state that frame left,
    /// the wrapped repeat shows its next cycle's start, under which the spring has nothing left to
    /// cover and ends; the general path took that for "finished on this frame" and reported a rate
    /// of 0 where the built-in path's is 45.31. An entry the update ran and kept is not finished:
    /// its rate is unknown there.
    @Test func aRestartUnderACombination() {
        Self.compareBothPaths(seed: 8_705_229_390_760_664_975)
    }

    /// Which merging springs restart the animator's clock: the spring itself or a custom animation
    /// (known by its state), under at most one repeat; under anything that reads the clock, a
    /// second repeat sharing the cycle state, or around a custom animation under a built-in
    /// modifier, the clock is kept.
    @Test func whichMergesRestartTheClock() {
        let spring = Animation.spring(response: 0.3, dampingFraction: 0.8), custom = Animation(Opaque(inner: .spring))
        let table: [(Animation, Bool)] = [
            (spring, true), (.default, true), (spring.repeatCount(2, autoreverses: true), true),
            (.default.repeatForever(autoreverses: false), true), (custom, true), (custom.repeatCount(3), true),
            (spring.repeatCount(2).repeatCount(2), false), (spring.logicallyComplete(after: 0.3), false),
            (spring.delay(0.1), false), (spring.speed(2), false), (spring.delay(0.1).repeatCount(2), false),
            (custom.logicallyComplete(after: 0.3), false),
        ]
        for (animation, restarts) in table {
            #expect(AnimatorState<Double>.runsOnItsOwnClock(animation) == restarts, "\(animation)")
        }
    }

    private static func compareBothPaths(seed: UInt64) {
        var d = Draw(state: seed)
        let count = 1 + d.index(8)
        let transactions = (0..<count).map { _ in
            (frame: d.index(45), value: d.unit() < 0.15 ? 0 : d.uniform(-100...100), animation: Self.animation(&d))
        }.sorted { $0.frame < $1.frame }
        let builtIn = Self.trace(transactions, opaque: false), general = Self.trace(transactions, opaque: true)
        #expect(builtIn.values == general.values, "seed \(seed)")
        #expect(builtIn.events == general.events, "seed \(seed)")
        // The wrapper reports what the wrapped animation's `velocity` gives (a fluid spring's),
        // and nothing inside a combination whose value moves; where it reports one, the built-in
        // path's analytic velocity is the same to the bit.
        #expect(zip(builtIn.velocities, general.velocities).allSatisfy { $1 == nil || $0 == $1 }, "seed \(seed)")
    }

    /// What an animator holds: its transactions in flight and the capacities of every array it
    /// keeps, the running animation's included.
    private static func footprint(_ animator: Animator<Double>) -> Int {
        let storage = animator.core.storage
        var total = animator.transactionsInFlight + storage.completions.inFlight.capacity
            + storage.completions.events.capacity + storage.pendingFinalize.capacity
        if let running = storage.animator {
            total += running.listeners.capacity + running.logicalListeners.capacity + running.forks.capacity
                + running.program.entries.capacity
            for fork in running.forks { total += fork.program.entries.capacity }
        }
        return total
    }

    /// 10⁶ transactions in bursts — combining curves and springs, jumps, values unchanged, fluid
    /// springs merging, a short curve combining, then changes without animation and animations of
    /// an unchanged value — each burst followed by frames until the animation has finished, with the
    /// events drained after each burst: the animator holds no more at the end of the last bursts
    /// than the most it held in the first 10⁴ transactions (up to the allocator's rounding), and
    /// every transaction completed twice.
    @Test func memoryStaysFlatOverAMillionTransactions() {
        let burst: [(value: Double, animation: Animation?)] = [
            (10, .linear(duration: 0.05)), (-20, .interpolatingSpring(duration: 0.1, bounce: 0.2)), (5, nil),
            (30, .easeInOut(duration: 0.05)), (30, .linear(duration: 0.05)),
            (0, .spring(response: 0.02, dampingFraction: 1)), (-7, .spring(response: 0.03, dampingFraction: 0.9)),
            (3, .linear(duration: 0.02)),  // joins the springs and, being the last entry, ends the burst quickly
        ]
        let frame = 1.0 / 60
        var animator = Animator(value: 0.0)
        var t = 0.0, events = 0, early = 0, most = 0, n = 0
        while n < 1_000_000 {
            for (value, animation) in burst {
                t += frame
                animator.setValue(value, animation: animation, at: t)
                animator.update(at: t)
            }
            // Then changes without animation and animations of an unchanged value, which complete
            // through the transaction finalization, several on one frame.
            for k in 0..<24 {
                if k % 4 == 0 { t += frame }
                animator.setValue(Double(k % 8), animation: k % 2 == 0 ? nil : .linear(duration: 0.05), at: t)
                animator.setValue(Double(k % 8), animation: .easeIn(duration: 0.1), at: t)
                animator.update(at: t)
            }
            n += burst.count + 48
            let footprint = Self.footprint(animator)
            if n <= 10_000 { early = Swift.max(early, footprint) } else { most = Swift.max(most, footprint) }
            while !animator.isIdle {
                t += frame
                animator.update(at: t)
            }
            events += animator.drainEvents().count
        }
        #expect(early > 0)
        // Capacities are what the allocator hands back, and glibc may give a block a few bytes
        // more than asked depending on what the heap holds (seen: 334 against 322 while other
        // tests ran beside it), so equal use may differ by a few elements.
        #expect(most <= early + 32, "most \(most), first 10⁴ transactions \(early)")
        #expect(animator.transactionsInFlight == 0)
        #expect(events == 2 * n)  // both completions of every transaction
    }

    /// A value given a new timing curve on every other frame, each lasting five frames, never
    /// rests; the entries that no longer move it leave the combination, which stays a handful long
    /// (three or four running, the last finished one, and the one joining).
    @Test func aCombinationWithoutPauseStaysShort() {
        var animator = Animator(value: 0.0)
        var longest = 0
        for n in 0..<20_000 {
            let t = Double(n) / 60
            if n % 2 == 0 { animator.setValue(Double(n % 4), animation: .linear(duration: 5.0 / 60), at: t) }
            animator.update(at: t)
            _ = animator.drainEvents()
            longest = Swift.max(longest, animator.animator?.program.entries.count ?? 0)
        }
        #expect(animator.isAnimating)
        #expect(longest <= 6)
    }
}
