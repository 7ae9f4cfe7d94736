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
public struct Animator<Value: VectorArithmetic> {
    /// How a transaction met the animator.
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

    /// The delay of SwiftUI's transaction finalization.
    static var finalizeDelay: Double { 0.01 }

    /// The model value: the last value set.
    public private(set) var modelValue: Value
    /// The running animation, if any.
    var animator: AnimatorState<Value>?
    /// Transactions that started no animation, with the time their completions fire.
    var pendingFinalize: [(time: Double, transaction: Int)] = []
    /// For each transaction with a completion still to fire, the kinds fired so far; a
    /// transaction leaves once both have fired, so this holds only the transactions in flight.
    private var fired: [Int: Set<AnimationEvent.Kind>] = [:]
    /// The completions fired and not yet taken by ``drainEvents()``, in firing order.
    public private(set) var events: [AnimationEvent] = []
    /// How many transactions have been applied.
    public private(set) var transactionCount = 0
    /// How the last transaction met the animator.
    private(set) var lastOutcome = Outcome.jumped

    /// The values the running animation reads as ``AnimationContext/environment`` from the next
    /// update on: set them between frames as a host changes its environment.
    public var environment = EnvironmentValues() {
        didSet { animator?.environment = environment }
    }

    /// A value at rest at `value`.
    public init(value: Value) {
        modelValue = value
    }

    /// How many transactions still have a completion to fire. With ``drainEvents()`` after each
    /// frame, this and ``events`` are all an animator keeps, so its memory stays bounded however
    /// long it runs.
    public var transactionsInFlight: Int { fired.count + pendingFinalize.count }

    /// The events fired since the last call, removed from ``events``.
    public mutating func drainEvents() -> [AnimationEvent] {
        defer { events.removeAll(keepingCapacity: true) }
        return events
    }

    /// Whether an animation is running.
    public var isAnimating: Bool { animator != nil }

    /// Whether nothing is running and no completion is pending.
    public var isIdle: Bool { animator == nil && pendingFinalize.isEmpty }

    /// The value shown: the model value, or (M + a) − I while an animation runs.
    public var presentedValue: Value {
        animator?.presented(model: modelValue) ?? modelValue
    }

    /// The running animation's own velocity at frame time `time`; nil when nothing runs or the
    /// animation reports none (only fluid springs do).
    public func velocity(at time: Double) -> Value? {
        animator?.velocity(at: time)
    }

    /// The animation running now, if any.
    public var animation: Animation? { animator?.animation }

    /// Applies a transaction at frame time `time`: the model becomes `value`, animated by
    /// `animation` (nil: at once). Returns the transaction's number.
    @discardableResult
    public mutating func setValue(_ value: Value, animation: Animation?, at time: Double) -> Int {
        let transaction = transactionCount
        transactionCount += 1
        fired[transaction] = []
        guard let animation, value != modelValue else {
            modelValue = value
            pendingFinalize.append((time + Self.finalizeDelay, transaction))
            lastOutcome = .jumped
            return transaction
        }
        let delta = value - modelValue
        modelValue = value
        if animator == nil {
            animator = AnimatorState(animation: animation, interval: delta, at: time)
            animator!.environment = environment
            lastOutcome = .created
        } else {
            lastOutcome = animator!.combine(animation, delta: delta, at: time) ? .merged : .combined
        }
        animator!.listeners.append(transaction)
        if animator!.isLogicallyComplete {
            fire(.logicallyComplete, [transaction], at: time)
        } else {
            animator!.logicalListeners.append(transaction)
        }
        return transaction
    }

    /// Advances to frame time `time`: samples the animation (unless this is the frame of a
    /// transaction, which holds), removes it when it has finished, and fires the completions due.
    public mutating func update(at time: Double) {
        if animator != nil {
            let (running, firings) = animator!.update(at: time)
            for firing in firings {
                switch firing {
                case .removed(let listeners): fire(.removed, listeners, at: time)
                case .logicallyComplete(let listeners): fire(.logicallyComplete, listeners, at: time)
                }
            }
            if !running { animator = nil }
        }
        let tolerance = FrameClock.tolerance
        let due = pendingFinalize.filter { time >= $0.time - tolerance }
        if !due.isEmpty {
            pendingFinalize.removeAll { time >= $0.time - tolerance }
            for (_, transaction) in due {
                fire(.logicallyComplete, [transaction], at: time)
                fire(.removed, [transaction], at: time)
            }
        }
    }

    /// Records a phase event (phase animators number their transactions through this animator).
    mutating func recordPhase(_ phase: Int, transaction: Int, at time: Double) {
        events.append(AnimationEvent(time: time, kind: .phase, transaction: transaction, phase: phase))
    }

    private mutating func fire(_ kind: AnimationEvent.Kind, _ listeners: [Int], at time: Double) {
        for transaction in listeners {
            guard var kinds = fired[transaction], kinds.insert(kind).inserted else { continue }
            events.append(AnimationEvent(time: time, kind: kind, transaction: transaction))
            fired[transaction] = kinds.count == 2 ? nil : kinds
        }
    }
}
