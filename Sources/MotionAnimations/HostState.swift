/// A state value of an ``AnimationHost``: SwiftUI's `@State` together with the animatable
/// attribute that shows it.
///
/// Declare it as SwiftUI's state, with the host that runs it, and change it as SwiftUI code does —
/// inside ``withAnimation(_:_:)`` to animate, outside to jump. Reading it gives the model value,
/// the last value set; its projection `$name` gives what the host shows.
///
/// ```swift
/// let host = AnimationHost()
/// @HostState(host) var offset = 0.0
/// withAnimation(.bouncy) { offset = -200 }
/// host.run(through: 0.5)
/// print(offset, $offset.presentedValue)   // -200.0, and where the spring has got to
/// ```
///
/// Any `Animatable` value works: `Double`, `CGPoint`, `Angle`, a struct of yours. Animations move
/// its `animatableData`; its other properties change at once.
@propertyWrapper
public struct HostState<Value: Animatable> {
    let storage: HostStateStorage<Value>

    /// A state of `host`, at rest at `wrappedValue`.
    ///
    /// - Parameters:
    ///   - wrappedValue: The initial value.
    ///   - host: The host that runs its animations.
    public init(wrappedValue: Value, _ host: AnimationHost) {
        storage = HostStateStorage(value: wrappedValue, host: host)
        host.register(storage)
    }

    /// The model value: the last value set. Setting it is a state change in the current
    /// transaction, at the host's current frame.
    public var wrappedValue: Value {
        get { storage.model }
        nonmutating set { storage.set(newValue) }
    }

    /// The state itself, to read what the host shows: `$offset.presentedValue`.
    public var projectedValue: HostState<Value> { self }

    /// The value shown: the model value with its `animatableData` where the running animations have it.
    public var presentedValue: Value {
        var value = storage.model
        value.animatableData = storage.animator.presentedValue
        return value
    }

    /// The velocity of the value shown at the host's current frame, in `animatableData`: the
    /// analytic derivative of the running animations (see ``Animator/velocity(at:)``); nil when
    /// nothing runs or a custom animation's rate is not known.
    public var velocity: Value.AnimatableData? {
        storage.animator.velocity(at: storage.host.time)
    }

    /// Whether an animation is running on the value.
    public var isAnimating: Bool { storage.animator.isAnimating }

    /// The completions fired on this value and not yet taken by ``drainEvents()``, in firing
    /// order; each event's transaction is the host's number for it.
    public var events: [AnimationEvent] { storage.events }

    /// The events fired since the last call, removed from ``events``.
    public func drainEvents() -> [AnimationEvent] {
        defer { storage.events.removeAll(keepingCapacity: true) }
        return storage.events
    }
}

/// What a host runs each frame for one state; `HostStateStorage` is the one kind.
protocol HostedCell: AnyObject {
    /// Samples the animation at frame time `time` and takes the completions fired.
    func update(at time: Double)
    /// Takes the completions fired since the last update.
    func collectEvents()
    /// Whether nothing runs on the value and no completion of it is pending.
    var isIdle: Bool { get }
    /// Sets what the animations read as their environment.
    func setEnvironment(_ environment: EnvironmentValues)
}

/// The storage of a ``HostState``: the model value, its animator and the transactions in flight.
final class HostStateStorage<Value: Animatable>: HostedCell {
    /// A change still to complete: the host's transaction and the completions waiting for it.
    struct Change {
        var transaction: Int
        var completions: [CompletionRecord]
        var kindsFired = 0
    }

    let host: AnimationHost
    var model: Value
    var animator: Animator<Value.AnimatableData>
    /// The changes in flight, by the animator's number for them.
    var inFlight: [Int: Change] = [:]
    var events: [AnimationEvent] = []

    init(value: Value, host: AnimationHost) {
        self.host = host
        model = value
        animator = Animator(value: value.animatableData, clock: host.clock)
        animator.environment = host.environment
    }

    /// A state change in the current transaction: the model becomes `value`; its data, if it
    /// changed, goes to the animator at the host's transaction time with the transaction's animation.
    func set(_ value: Value) {
        model = value
        let data = value.animatableData
        guard data != animator.modelValue else { return }
        let scope = TransactionScope.current
        let transaction = scope?.number(in: host) ?? host.newTransactionNumber()
        let local = animator.setValue(data, animation: scope?.animation, at: host.transactionTime)
        let completions = scope?.completions ?? []
        for record in completions { record.attach(to: host) }
        inFlight[local] = Change(transaction: transaction, completions: completions)
    }

    func update(at time: Double) {
        animator.update(at: time)
        collectEvents()
    }

    func collectEvents() {
        guard !animator.events.isEmpty else { return }
        for event in animator.drainEvents() {
            guard var change = inFlight[event.transaction] else { continue }
            events.append(AnimationEvent(time: event.time, kind: event.kind, transaction: change.transaction))
            for record in change.completions where record.criteria.kind == event.kind {
                record.partCompleted(in: host)
            }
            change.kindsFired += 1
            inFlight[event.transaction] = change.kindsFired == 2 ? nil : change
        }
    }

    var isIdle: Bool { animator.isIdle && inFlight.isEmpty }

    func setEnvironment(_ environment: EnvironmentValues) {
        animator.environment = environment
    }
}
