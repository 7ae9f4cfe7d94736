/// One animated value: its model value, the animation running on it, and the completions of the
/// transactions that changed it (SwiftUI's animatable attribute with its `AnimatorState`).
///
/// Drive it frame by frame: ``setValue(_:animation:at:)`` for each transaction on its frame, then
/// ``update(at:)``, then read ``presentedValue``. A transaction with an animation creates the
/// animator, or merges into or combines with the running one; the frame it arrives on shows the
/// previous value, and the animation is first sampled on the next frame. A transaction without
/// an animation changes the model at once and keeps the in-flight remainder on top. When the
/// animation finishes the value snaps to the model.
///
/// Every transaction reports both completions as ``events``: `.logicallyComplete` (timed as if
/// not interrupted) and `.removed`. A transaction that starts no animation completes through
/// SwiftUI's transaction finalization, 0.01 s later.
///
/// Times are frame times on the animator's ``FrameClock`` (a time between frames is the next
/// frame). An animation's elapsed time is the whole frames since the frame it began on, over
/// fps, so the same animation lasts the same frames and shows the same values wherever it starts.
public struct Animator<Value: VectorArithmetic> {
    /// How a transaction met the animator.
    @usableFromInline
    enum Outcome {
        /// No animation, or no change: the model jumped.
        case jumped
        /// The transaction created the animator.
        case created
        /// The new animation took over the running one.
        case merged
        /// The new animation runs beside the running one.
        case combined
    }

    /// Everything but the value type's semantics: one reference, so that a copy (an array's
    /// element read for its ``presentedValue``) costs one retain; copied on write when shared.
    @usableFromInline var core: AnimatorCore<Value>

    /// A value at rest at `value`, animated on `clock`.
    ///
    /// - Parameters:
    ///   - value: The value shown, and the model value, until the first transaction.
    ///   - clock: The frame clock whose frames the times given are (60 fps unless given).
    @inlinable
    public init(value: Value, clock: FrameClock = FrameClock()) {
        core = AnimatorCore(value: value)
        core.storage.clock = clock
    }

    /// The frame clock whose frames the times given are.
    @inlinable
    public var clock: FrameClock { core.storage.clock }

    /// Makes ``core`` this animator's own before it changes.
    @inlinable
    mutating func own() {
        if !isKnownUniquelyReferenced(&core) { core = core.copy() }
    }

    /// The values the running animation reads as ``AnimationContext/environment`` from the next
    /// update on: set them between frames as a host changes its environment.
    public var environment: EnvironmentValues {
        get { core.storage.environment }
        set {
            own()
            core.storage.environment = newValue
        }
    }

    /// The model value: the last value set.
    @inlinable
    public var modelValue: Value { core.shown.model }

    /// The completions fired and not yet taken by ``drainEvents()``, in firing order.
    @inlinable
    public var events: [AnimationEvent] { core.storage.completions.events }

    /// How many transactions have been applied.
    @inlinable
    public var transactionCount: Int { core.storage.transactions }

    /// How many transactions still have a completion to fire. With ``drainEvents()`` after each
    /// frame, this and ``events`` are all an animator keeps, so its memory stays bounded however
    /// long it runs.
    @inlinable
    public var transactionsInFlight: Int { core.storage.completions.inFlight.count + core.storage.pendingFinalize.count }

    /// The events fired since the last call, removed from ``events``.
    @inlinable
    public mutating func drainEvents() -> [AnimationEvent] {
        own()
        return core.storage.drainEvents()
    }

    /// Whether an animation is running.
    @inlinable
    public var isAnimating: Bool { core.shown.isRunning }

    /// Whether nothing is running and no completion is pending.
    @inlinable
    public var isIdle: Bool { !core.shown.isRunning && core.storage.pendingFinalize.isEmpty }

    /// The value shown: the model value, or (M + a) − I while an animation runs.
    @inlinable
    public var presentedValue: Value { core.shown.value }

    /// The velocity of the value shown at frame time `time`: the analytic derivative of the
    /// running animation (a timing curve's slope, a spring's closed form, a fluid spring's
    /// integrator velocity, summed through a combination by its rule); nil when nothing runs or
    /// a custom animation's rate is not known. It is computed on request only; updating the
    /// animator never computes it.
    @inlinable
    public func velocity(at time: Double) -> Value? {
        guard core.shown.isRunning else { return nil }
        return core.storage.animator!.velocity(atFrame: core.storage.clock.frame(at: time),
                                               environment: core.storage.environment)
    }

    /// The animation running now, if any.
    public var animation: Animation? { core.storage.animator?.animation }

    /// Applies a transaction at frame time `time`: the model becomes `value`, animated by
    /// `animation` (nil: at once). Returns the transaction's number.
    @inlinable
    @discardableResult
    public mutating func setValue(_ value: Value, animation: Animation?, at time: Double) -> Int {
        own()
        return core.storage.setValue(value, animation: animation, at: time, shown: &core.shown)
    }

    /// Advances to frame time `time`: samples the animation (unless this is the frame of a
    /// transaction, which holds), removes it when it has finished, and fires the completions due.
    @inlinable
    public mutating func update(at time: Double) {
        own()
        core.storage.update(at: time, shown: &core.shown)
    }

    /// The running animation's state, if any.
    var animator: AnimatorState<Value>? { core.storage.animator }

    /// How the last transaction met the animator.
    var lastOutcome: Outcome { core.storage.lastOutcome }

    /// Records a phase event (phase animators number their transactions through this animator).
    mutating func recordPhase(_ phase: Int, transaction: Int, at time: Double) {
        own()
        core.storage.completions.events.append(AnimationEvent(time: time, kind: .phase, transaction: transaction, phase: phase))
    }
}
