/// The animation an animator runs, with its state: one ``AnimationRunner``, or the entries of a
/// ``DefaultCombiningAnimation`` each with its own runner, stored concretely.
///
/// It computes what ``Animation/animate(value:time:context:)`` computes for the animation it
/// stands for (the combination's rule is written out on ``DefaultCombiningAnimation``), and turns
/// into that animation and its ``AnimationState`` when a merge has to ask SwiftUI's questions.
@usableFromInline
struct AnimationProgram<Value: VectorArithmetic> {
    /// One animation of a combination.
    @usableFromInline
    struct Entry {
        @usableFromInline var runner: AnimationRunner<Value>
        /// When it joined, on the animator's clock.
        @usableFromInline var elapsed: Double
        /// When it joined, in whole frames on the animator's clock.
        @usableFromInline var joinFrame: Int
        /// Its cumulative target.
        @usableFromInline var target: Value
        /// Whether it has finished and sits at its target (SwiftUI drops its state).
        @usableFromInline var isFinished = false

        @inlinable
        init(runner: AnimationRunner<Value>, elapsed: Double, joinFrame: Int, target: Value) {
            self.runner = runner
            self.elapsed = elapsed
            self.joinFrame = joinFrame
            self.target = target
        }
    }

    /// The combination, oldest first, or the single animation (whose target and start are then
    /// unused). Kept on the heap, so that an animator and the snapshots of its forks stay small.
    @usableFromInline var entries: [Entry]
    /// Whether several animations combine.
    @usableFromInline var isCombined = false
    /// The animator's frame rate: an entry's own time is counted in whole frames since it joined.
    @usableFromInline let fps: Double

    @inlinable
    init(_ runner: AnimationRunner<Value>, fps: Double) {
        entries = [Entry(runner: runner, elapsed: 0, joinFrame: 0, target: .zero)]
        self.fps = fps
    }

    /// The own time of an entry that joined on frame `joinFrame`, at animator time `time` (frame
    /// `frame`): the whole frames between them over fps, so that it does not depend on where the
    /// entry joined. The first entry's is `time` itself.
    @inlinable
    static func localTime(_ time: Double, frame: Int, joinFrame: Int, fps: Double) -> Double {
        joinFrame == 0 ? time : Double(frame - joinFrame) / fps
    }

    /// One frame: the part of `value` covered at `time`, or nil once finished.
    @inlinable
    mutating func animate(value: Value, time: Double, isLogicallyComplete: inout Bool,
                          environment: EnvironmentValues) -> Value? {
        if !isCombined {
            return entries.withUnsafeMutableBufferPointer {
                $0[0].runner.animate(value: value, time: time, isLogicallyComplete: &isLogicallyComplete,
                                     environment: environment)
            }
        }
        return animateEntries(time: time, isLogicallyComplete: &isLogicallyComplete, environment: environment)
    }

    /// ``DefaultCombiningAnimation``'s rule: each entry from the running result to its own target,
    /// a finished one at its target; done when the last entry is.
    @inlinable
    mutating func animateEntries(time: Double, isLogicallyComplete: inout Bool, environment: EnvironmentValues) -> Value? {
        var complete = isLogicallyComplete
        // Through the buffer, in place: the array's accessors would check or copy each entry.
        let fps = fps, frame = DefaultCombiningAnimation.frames(time, fps: fps)
        let value = entries.withUnsafeMutableBufferPointer { entries -> Value? in
            let n = entries.count
            var result = Value.zero
            for i in 0..<n {
                let target = entries[i].target
                if entries[i].isFinished {
                    result = target
                    continue
                }
                var entryComplete = complete
                let entryValue = target - result
                let a = entries[i].runner.animate(value: entryValue, time: Self.localTime(time, frame: frame, joinFrame: entries[i].joinFrame, fps: fps),
                                                  isLogicallyComplete: &entryComplete, environment: environment)
                if let a {
                    result = result + a
                } else {
                    entries[i].isFinished = true
                    result = result + entryValue
                }
                if i == n - 1 {
                    complete = entryComplete
                    return a == nil ? nil : result
                }
            }
            return nil
        }
        isLogicallyComplete = complete
        return value
    }

    /// Adds `joining`, which starts at `elapsed` to cover `newValue` beyond `value`, the interval
    /// covered so far. Entries before the last finished one, which no longer change the value
    /// (a finished entry sets the running result to its target), are dropped when they are
    /// built in, so that a value animated without pause keeps a bounded combination.
    @inlinable
    mutating func combine(with joining: AnimationRunner<Value>, value: Value, elapsed: Double, newValue: Value) {
        let entry = Entry(runner: joining, elapsed: elapsed, joinFrame: DefaultCombiningAnimation.frames(elapsed, fps: fps),
                          target: value + newValue)
        if !isCombined {
            entries[0].target = value
            entries.append(entry)
            isCombined = true
            return
        }
        if let last = entries.lastIndex(where: { $0.isFinished }), last > 0,
           !entries[..<last].contains(where: { $0.runner.isCustom }) {
            entries.removeSubrange(..<last)
        }
        entries.append(entry)
    }

    /// Whether the animation, run on a copy to `time` from a context that is not logically
    /// complete, has finished or logically completed: how the engine times an interrupted
    /// animation's logical completion. It changes nothing; it is mutating so that the program is
    /// used in place rather than copied for the call.
    @inlinable
    mutating func isDone(value: Value, time: Double, environment: EnvironmentValues) -> Bool {
        guard isCombined else {
            return entries.withUnsafeMutableBufferPointer {
                $0[0].runner.isDone(value: value, time: time, environment: environment)
            }
        }
        // In place through the buffer; the array's getter would copy the entries.
        let fps = fps, frame = DefaultCombiningAnimation.frames(time, fps: fps)
        let decided: Bool? = entries.withUnsafeMutableBufferPointer { entries in
            let last = entries.count - 1
            if entries[last].isFinished { return true }
            // A time-decided last entry ends the combination whatever the others do; they have no
            // effects to run when all are built in.
            guard entries[last].runner.isTimed else { return nil }
            for i in 0..<last where entries[i].runner.isCustom { return nil }
            return entries[last].runner.isDone(value: entries[last].target,
                                               time: Self.localTime(time, frame: frame, joinFrame: entries[last].joinFrame,
                                                                    fps: fps),
                                               environment: environment)
        }
        if let decided { return decided }
        return runsToDone(value: value, time: time, environment: environment)
    }

    /// ``isDone(value:time:environment:)`` by running copies of the runners, by the rule of
    /// ``animateEntries(time:isLogicallyComplete:environment:)`` (kept apart so that the copies
    /// are made only on this path; copying the runners rather than the program allocates nothing).
    @inlinable @inline(never)
    func runsToDone(value: Value, time: Double, environment: EnvironmentValues) -> Bool {
        var isLogicallyComplete = false
        guard isCombined else {
            var runner = entries[0].runner
            let a = runner.animate(value: value, time: time, isLogicallyComplete: &isLogicallyComplete, environment: environment)
            return a == nil || isLogicallyComplete
        }
        let n = entries.count, frame = DefaultCombiningAnimation.frames(time, fps: fps)
        var result = Value.zero
        for i in 0..<n {
            let entry = entries[i]
            if entry.isFinished {
                result = entry.target
                continue
            }
            var runner = entry.runner
            var entryComplete = isLogicallyComplete
            let entryValue = entry.target - result
            let a = runner.animate(value: entryValue,
                                   time: Self.localTime(time, frame: frame, joinFrame: entry.joinFrame, fps: fps),
                                   isLogicallyComplete: &entryComplete,
                                   environment: environment)
            result = result + (a ?? entryValue)
            if i == n - 1 { return a == nil || entryComplete }
        }
        return true
    }

    /// The derivative of what the animation covers at `time` with respect to the frame time, from
    /// the state the frame's update left: a single animation's analytic rate, or for a combination
    /// the sum the combining rule implies. Each entry covers its own target minus the result below
    /// it, so its rate takes in that result's rate (with the opposite sign) besides its own
    /// motion; a finished entry pins the result to its target. Nil where a part's rate is unknown.
    /// `sampled` says whether the frame's update ran the animation (not a held frame).
    @usableFromInline
    func velocity(value: Value, time: Double, sampled: Bool, isLogicallyComplete: Bool,
                  environment: EnvironmentValues) -> Value? {
        guard isCombined else {
            return entries[0].runner.motion(value: value, valueRate: .zero, time: time, timeRate: 1,
                                            isLogicallyComplete: isLogicallyComplete, environment: environment)?.rate
        }
        let frame = DefaultCombiningAnimation.frames(time, fps: fps)
        var result = Value.zero
        var rate: Value? = .zero
        for entry in entries {
            if entry.isFinished {
                result = entry.target
                rate = .zero
                continue
            }
            let entryValue = entry.target - result
            let local = Self.localTime(time, frame: frame, joinFrame: entry.joinFrame, fps: fps)
            guard let motion = entry.runner.motion(value: entryValue, valueRate: rate.map { .zero - $0 }, time: local,
                                                   timeRate: 1, isLogicallyComplete: isLogicallyComplete,
                                                   environment: environment) else {
                // Not yet run (its transaction's own frame, which the update holds): an animation
                // that ends at once there has not pinned anything, so the rate is not known. Nor
                // is it when the update ran the entry and it went on (it would be finished): run
                // again from the state that update left, a custom animation need not show the same
                // (a wrapped repeat that restarted shows its next cycle's start).
                guard local > 0, !sampled else { return nil }
                // Finished on this held frame: it sits at its target.
                result = entry.target
                rate = .zero
                continue
            }
            result = result + motion.value
            rate = rate.flatMap { below in motion.rate.map { below + $0 } }
        }
        return rate
    }

    /// The animation this program runs: the single one, or the combination.
    @usableFromInline
    var animation: Animation {
        guard isCombined else { return entries[0].runner.animation }
        return Animation(DefaultCombiningAnimation(entries: entries.map {
            DefaultCombiningAnimation.Entry(animation: $0.runner.animation, elapsed: $0.elapsed)
        }, fps: fps))
    }

    /// The state as SwiftUI's dictionary holds it.
    @usableFromInline
    var state: AnimationState<Value> {
        guard isCombined else { return entries[0].runner.state }
        var state = AnimationState<Value>()
        state[CombinedAnimationState<Value>.self] = CombinedAnimationState(entries: entries.map {
            .init(target: $0.target, state: $0.isFinished ? nil : $0.runner.state)
        })
        return state
    }
}
