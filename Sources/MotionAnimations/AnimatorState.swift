/// The state of one running animation of one value (SwiftUI's `AnimatorState`): the animation and
/// its state, the cumulative interval it covers, its clock and the completions waiting on it.
///
/// The value shown is M − (I − a(e)), computed as (M + a(e)) − I: the model value minus the part
/// of the cumulative interval I not yet covered, e being the time since the animator began on its
/// frame clock: the whole frames since the frame it began on, over fps. So e is the same sequence
/// of numbers wherever the animation starts, and an animation lasts the same frames.
@usableFromInline
struct AnimatorState<Value: VectorArithmetic> {
    /// A snapshot of an interrupted animation, kept to time the logical completion of the
    /// transactions that started it as if it had not been interrupted.
    @usableFromInline
    struct Fork {
        @usableFromInline var program: AnimationProgram<Value>
        @usableFromInline var interval: Value
        @usableFromInline var listeners: [Int]
        /// The frame the snapshot's clock began on (the animator's, when it was taken).
        @usableFromInline var beginFrame: Int

        @inlinable
        init(program: AnimationProgram<Value>, interval: Value, listeners: [Int], beginFrame: Int) {
            self.program = program
            self.interval = interval
            self.listeners = listeners
            self.beginFrame = beginFrame
        }
    }

    /// The animation and its state.
    @usableFromInline var program: AnimationProgram<Value>
    /// The cumulative model change since the animator began.
    @usableFromInline var interval: Value
    /// The frame clock's rate, which turns frames into elapsed time.
    @usableFromInline let fps: Double
    /// The frame the animator's clock began on: its first transaction's, or the last frame a fluid
    /// spring merged on.
    @usableFromInline var beginFrame: Int
    /// The last frame of a transaction or a sample; a frame not after it holds.
    @usableFromInline var nextFrame: Int
    /// The animation's last value, a(e).
    @usableFromInline var previousValue: Value = .zero
    @usableFromInline var isLogicallyComplete = false
    @usableFromInline var listeners: [Int] = []
    @usableFromInline var logicalListeners: [Int] = []
    @usableFromInline var forks: [Fork] = []
    /// The last frame an update sampled the animation on (not a held frame).
    @usableFromInline var lastSampleFrame: Int?

    @inlinable
    init(animation: Animation, interval: Value, frame: Int, fps: Double) {
        program = AnimationProgram(AnimationRunner(animation), fps: fps)
        self.interval = interval
        self.fps = fps
        beginFrame = frame
        nextFrame = frame
    }

    /// The elapsed time at frame `k`: the whole frames since ``beginFrame`` over fps.
    @inlinable
    func elapsed(atFrame k: Int) -> Double { Double(k - beginFrame) / fps }

    /// The time since frame 0 at which the animator began: ``beginFrame`` over fps.
    @usableFromInline
    var beginTime: Double { Double(beginFrame) / fps }

    /// The animation running (a ``DefaultCombiningAnimation`` while several combine).
    @usableFromInline
    var animation: Animation { program.animation }

    /// The animation's state as SwiftUI's ``AnimationState`` holds it.
    @usableFromInline
    var state: AnimationState<Value> { program.state }

    /// Takes in a new animation covering `delta` more, on frame `k`: it merges if it says so,
    /// otherwise it joins the combination. Returns whether it merged. A merge reads `environment`
    /// in its context.
    @inlinable
    mutating func combine(_ newAnimation: Animation, delta: Value, atFrame k: Int, environment: EnvironmentValues) -> Bool {
        let elapsed = elapsed(atFrame: k)
        let wasLogicallyComplete = isLogicallyComplete
        if !isLogicallyComplete && !logicalListeners.isEmpty {
            forks.append(Fork(program: program, interval: interval, listeners: logicalListeners, beginFrame: beginFrame))
            logicalListeners = []
        }
        isLogicallyComplete = false
        let joining = AnimationRunner<Value>(newAnimation)
        // Timing curves and interpolating springs answer no without looking at the state.
        let merged = !joining.neverMerges
            && merge(newAnimation, elapsed: elapsed, atFrame: k, isLogicallyComplete: wasLogicallyComplete,
                     environment: environment)
        if !merged {
            program.combine(with: joining, value: interval, elapsed: elapsed, newValue: delta)
        }
        interval = interval + delta
        nextFrame = k
        return merged
    }

    /// Asks `newAnimation` whether it takes over from the running animation, through SwiftUI's
    /// `shouldMerge(previous:value:time:context:)` on the state in dictionary form; if it does,
    /// it runs from the state the merge left.
    ///
    /// A fluid spring that takes over begins on frame `k`: the animator's clock restarts there,
    /// and the spring's times, which the merge set to `elapsed`, move with it (to 0), so that the
    /// merged spring counts whole frames from its own start. The spring is recognised by the state
    /// it leaves (a ``SpringState`` starting at the merge time), so that an animation wrapping one
    /// merges as the bare spring does. A repeated spring restarts the clock too: the repeat hands
    /// the spring the clock less its cycle's start, which moves with the spring's own times, and
    /// the spring reads only differences of those (so does its next cycle, which starts from rest).
    /// That keeps a wrapped repeat, whose first cycle the state cannot tell from a bare spring, in
    /// step with the built-in one. A spring under `delay`, `speed` or `logicallyComplete(after:)`,
    /// which read the clock itself, under a second repeat (which keeps its cycle in the first's
    /// state) or under a modifier of the user's keeps it.
    @usableFromInline
    mutating func merge(_ newAnimation: Animation, elapsed: Double, atFrame k: Int, isLogicallyComplete: Bool,
                        environment: EnvironmentValues) -> Bool {
        var context = AnimationContext<Value>(state: program.state, isLogicallyComplete: isLogicallyComplete,
                                              environment: environment)
        guard newAnimation.shouldMerge(previous: program.animation, value: interval, time: elapsed, context: &context)
        else { return false }
        var spring = context.state[SpringState<Value>.self]
        if elapsed > 0 && spring.startTime == elapsed && Self.runsOnItsOwnClock(newAnimation) {
            spring.time -= elapsed
            spring.startTime -= elapsed
            spring.blendStart -= elapsed
            context.state[SpringState<Value>.self] = spring
            beginFrame = k
        }
        program = AnimationProgram(AnimationRunner(newAnimation, state: context.state), fps: fps)
        return true
    }

    /// Whether a fluid spring that merges as `animation` may restart the animator's clock: the
    /// spring itself (bare or `.default`) or a custom animation (recognised by the state it
    /// leaves), under at most one repeat. Any other modifier, a second repeat (whose cycle shares
    /// the first's state) or a user's own modifier keeps the clock.
    @usableFromInline
    static func runsOnItsOwnClock(_ animation: Animation) -> Bool {
        var current = animation
        if let repeating = current.base as? CustomAnimationModifiedContent<RepeatAnimation> { current = repeating.base }
        if let boxed = current.base as? DefaultAnimation { current = boxed.version.base }
        return current.base is FluidSpringAnimation || !(current.base is any ModifiedAnimation)
    }

    /// Advances to frame `k` at frame time `time`, firing into `completions` the completions due
    /// (at `time`) and setting `shown` to the animation's value when it is sampled; the animation
    /// reads `environment`. Returns false when the animation has finished (the animator is then
    /// removed).
    @inlinable
    mutating func update(atFrame k: Int, time: Double, environment: EnvironmentValues,
                         completions: inout AnimatorCompletions, shown: inout Value) -> Bool {
        guard k > nextFrame else { return true }
        let elapsed = elapsed(atFrame: k)
        var complete = isLogicallyComplete
        guard let a = program.animate(value: interval, time: elapsed, isLogicallyComplete: &complete,
                                      environment: environment) else {
            completions.fire(.removed, listeners, at: time)
            completions.fire(.logicallyComplete, logicalListeners, at: time)
            for fork in forks { completions.fire(.logicallyComplete, fork.listeners, at: time) }
            listeners = []
            logicalListeners = []
            forks = []
            return false
        }
        if !isLogicallyComplete && complete {
            isLogicallyComplete = true
            completions.fire(.logicallyComplete, logicalListeners, at: time)
            logicalListeners = []
        }
        if !forks.isEmpty { updateForks(atFrame: k, time: time, environment: environment, completions: &completions) }
        previousValue = a
        shown = a
        nextFrame = k
        lastSampleFrame = k
        return true
    }

    /// Fires (at `time`) the forks whose snapshots, run to frame `k` on their own clocks, are done,
    /// and drops them (in place).
    @inlinable
    mutating func updateForks(atFrame k: Int, time: Double, environment: EnvironmentValues,
                              completions: inout AnimatorCompletions) {
        var kept = 0
        for i in forks.indices {
            let interval = forks[i].interval
            let elapsed = Double(k - forks[i].beginFrame) / fps
            if forks[i].program.isDone(value: interval, time: elapsed, environment: environment) {
                completions.fire(.logicallyComplete, forks[i].listeners, at: time)
            } else {
                if kept != i { forks.swapAt(kept, i) }
                kept += 1
            }
        }
        if kept < forks.count { forks.removeSubrange(kept...) }
    }

    /// The analytic velocity of what the animation covers at frame `k`, from the state the
    /// frame's update left; nil where it is not known.
    @inlinable
    func velocity(atFrame k: Int, environment: EnvironmentValues) -> Value? {
        program.velocity(value: interval, time: elapsed(atFrame: k), sampled: lastSampleFrame == k,
                         isLogicallyComplete: isLogicallyComplete,
                         environment: environment)
    }
}

/// The completions an animator owes: each transaction in flight with the kinds fired so far,
/// and the events fired and not yet drained.
@usableFromInline
struct AnimatorCompletions {
    /// For each transaction with a completion still to fire, the kinds fired so far (bit 0:
    /// logically complete, bit 1: removed); it leaves when both have fired.
    @usableFromInline var inFlight: [Int: UInt8] = [:]
    @usableFromInline var events: [AnimationEvent] = []

    @inlinable
    init() {}

    /// Fires `kind` for each of `transactions` that has not had it yet.
    @inlinable
    mutating func fire(_ kind: AnimationEvent.Kind, _ transactions: [Int], at time: Double) {
        for transaction in transactions { fire(kind, transaction: transaction, at: time) }
    }

    /// Fires `kind` for `transaction` unless it has had it.
    @usableFromInline
    mutating func fire(_ kind: AnimationEvent.Kind, transaction: Int, at time: Double) {
        let bit: UInt8 = kind == .removed ? 2 : 1
        guard let kinds = inFlight[transaction], kinds & bit == 0 else { return }
        events.append(AnimationEvent(time: time, kind: kind, transaction: transaction))
        inFlight[transaction] = kinds | bit == 3 ? nil : kinds | bit
    }
}
