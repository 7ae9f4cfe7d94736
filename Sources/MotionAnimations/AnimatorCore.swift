/// An ``Animator``'s state behind one reference, which the animator copies when it is shared.
///
/// What the value shown is computed from sits apart, in ``shown``, so that reading
/// ``Animator/presentedValue`` loads a few numbers; the rest is one stored value, so that each
/// call on the animator makes one access to it.
@usableFromInline
final class AnimatorCore<Value: VectorArithmetic> {
    @usableFromInline var shown: ShownValue<Value>
    @usableFromInline var storage = AnimatorStorage<Value>()

    @inlinable
    init(value: Value) {
        shown = ShownValue(model: value)
    }

    @usableFromInline
    init(shown: ShownValue<Value>, storage: AnimatorStorage<Value>) {
        self.shown = shown
        self.storage = storage
    }

    /// A copy, for an animator about to change while another shares this core.
    @usableFromInline
    func copy() -> AnimatorCore { AnimatorCore(shown: shown, storage: storage) }
}

/// The model value M and, while an animation runs, its last value a and cumulative interval I:
/// the value shown is (M + a) − I. They mirror the running ``AnimatorState``.
@usableFromInline
struct ShownValue<Value: VectorArithmetic> {
    @usableFromInline var model: Value
    @usableFromInline var isRunning = false
    @usableFromInline var progress: Value = .zero
    @usableFromInline var interval: Value = .zero

    @inlinable
    init(model: Value) {
        self.model = model
    }

    /// (M + a) − I while an animation runs, else M.
    @inlinable
    var value: Value {
        isRunning ? (model + progress) - interval : model
    }
}

/// An ``Animator``'s running animation, pending finalizations and completions.
@usableFromInline
struct AnimatorStorage<Value: VectorArithmetic> {
    /// The delay of SwiftUI's transaction finalization.
    @inlinable
    static var finalizeDelay: Double { 0.01 }

    /// The running animation; meaningful while ``ShownValue/isRunning``.
    @usableFromInline var animator: AnimatorState<Value>?
    /// Transactions that started no animation, with the time their completions fire.
    @usableFromInline var pendingFinalize: [(time: Double, transaction: Int)] = []
    /// The transactions in flight and the events not yet drained.
    @usableFromInline var completions = AnimatorCompletions()
    @usableFromInline var transactions = 0
    /// How the last transaction met the animator.
    @usableFromInline var lastOutcome = Animator<Value>.Outcome.jumped
    /// What the running animation reads as ``AnimationContext/environment``.
    @usableFromInline var environment = EnvironmentValues()
    /// The frame clock the animator's times are frames of.
    @usableFromInline var clock = FrameClock()

    @inlinable
    init() {}

    @inlinable
    mutating func drainEvents() -> [AnimationEvent] {
        defer { completions.events.removeAll(keepingCapacity: true) }
        return completions.events
    }

    @inlinable
    mutating func setValue(_ value: Value, animation: Animation?, at time: Double, shown: inout ShownValue<Value>) -> Int {
        let transaction = transactions
        transactions += 1
        completions.inFlight[transaction] = 0
        guard let animation, value != shown.model else {
            shown.model = value
            pendingFinalize.append((time + Self.finalizeDelay, transaction))
            lastOutcome = .jumped
            return transaction
        }
        let delta = value - shown.model
        shown.model = value
        let frame = clock.frame(at: time)
        if !shown.isRunning {
            animator = AnimatorState(animation: animation, interval: delta, frame: frame, fps: clock.fps)
            shown.isRunning = true
            shown.progress = .zero
            shown.interval = delta
            lastOutcome = .created
        } else {
            lastOutcome = animator!.combine(animation, delta: delta, atFrame: frame, environment: environment) ? .merged : .combined
            shown.interval = shown.interval + delta
        }
        animator!.listeners.append(transaction)
        if animator!.isLogicallyComplete {
            completions.fire(.logicallyComplete, transaction: transaction, at: time)
        } else {
            animator!.logicalListeners.append(transaction)
        }
        return transaction
    }

    @inlinable
    mutating func update(at time: Double, shown: inout ShownValue<Value>) {
        if shown.isRunning && !animator!.update(atFrame: clock.frame(at: time), time: time, environment: environment,
                                                completions: &completions, shown: &shown.progress) {
            animator = nil
            shown.isRunning = false
        }
        if !pendingFinalize.isEmpty { finalize(at: time) }
    }

    /// Fires both completions of the transactions without animation whose finalization is due.
    @inlinable
    mutating func finalize(at time: Double) {
        let tolerance = FrameClock.tolerance
        var kept = 0
        for i in pendingFinalize.indices {
            let (due, transaction) = pendingFinalize[i]
            if time >= due - tolerance {
                completions.fire(.logicallyComplete, transaction: transaction, at: time)
                completions.fire(.removed, transaction: transaction, at: time)
            } else {
                if kept != i { pendingFinalize.swapAt(kept, i) }
                kept += 1
            }
        }
        if kept < pendingFinalize.count { pendingFinalize.removeSubrange(kept...) }
    }
}
