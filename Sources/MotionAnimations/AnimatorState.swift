/// The state of one running animation of one value (SwiftUI's `AnimatorState`): the animation,
/// its state, the cumulative interval it covers, its clock and the completions waiting on it.
///
/// The value shown is M − (I − a(e)), computed as (M + a(e)) − I: the model value minus the part
/// of the cumulative interval I not yet covered, e being the time since the animator began.
struct AnimatorState<Value: VectorArithmetic> {
    /// A snapshot of an interrupted animation, kept to time the logical completion of the
    /// transactions that started it as if it had not been interrupted.
    struct Fork {
        var animation: Animation
        var state: AnimationState<Value>
        var interval: Value
        var listeners: [Int]

        /// Whether the snapshot, run to `time` from where it was frozen, has finished or
        /// logically completed. The snapshot itself is never advanced.
        func isDone(at time: Double, environment: EnvironmentValues) -> Bool {
            var context = AnimationContext<Value>(state: state, isLogicallyComplete: false, environment: environment)
            let a = animation.animate(value: interval, time: time, context: &context)
            return a == nil || context.isLogicallyComplete
        }
    }

    /// What happened to a transaction's listeners on one update.
    enum Firing {
        case removed([Int])
        case logicallyComplete([Int])
    }

    var animation: Animation
    var state = AnimationState<Value>()
    /// The cumulative model change since the animator began.
    var interval: Value
    var beginTime: Double
    var nextTime: Double
    /// The animation's last value, a(e).
    var previousValue: Value = .zero
    var isLogicallyComplete = false
    var listeners: [Int] = []
    var logicalListeners: [Int] = []
    var forks: [Fork] = []
    /// The frame time of the last update that sampled the animation (not a held frame).
    var lastSampleTime: Double?
    /// What the animation reads as ``AnimationContext/environment``.
    var environment = EnvironmentValues()

    init(animation: Animation, interval: Value, at time: Double) {
        self.animation = animation
        self.interval = interval
        beginTime = time
        nextTime = time
    }

    /// Takes in a new animation covering `delta` more, at frame time `time`: it merges if it says
    /// so, otherwise it joins the combination. Returns whether it merged.
    mutating func combine(_ newAnimation: Animation, delta: Value, at time: Double) -> Bool {
        let elapsed = time - beginTime
        var context = AnimationContext<Value>(state: state, isLogicallyComplete: isLogicallyComplete, environment: environment)
        if !isLogicallyComplete && !logicalListeners.isEmpty {
            forks.append(Fork(animation: animation, state: state, interval: interval, listeners: logicalListeners))
            logicalListeners = []
        }
        isLogicallyComplete = false
        let merged = newAnimation.shouldMerge(previous: animation, value: interval, time: elapsed, context: &context)
        if merged {
            state = context.state
            animation = newAnimation
        } else {
            (animation, state) = DefaultCombiningAnimation.combine(animation, state: state, value: interval, elapsed: elapsed,
                                                                   newAnimation: newAnimation, newValue: delta)
        }
        interval = interval + delta
        nextTime = time
        return merged
    }

    /// Advances to frame time `time`. Returns false when the animation has finished (the
    /// animator is then removed), and the completions that fired.
    mutating func update(at time: Double) -> (running: Bool, fired: [Firing]) {
        guard time > nextTime else { return (true, []) }
        let elapsed = time - beginTime
        var context = AnimationContext<Value>(state: state, isLogicallyComplete: isLogicallyComplete, environment: environment)
        guard let a = animation.animate(value: interval, time: elapsed, context: &context) else {
            var fired: [Firing] = [.removed(listeners), .logicallyComplete(logicalListeners)]
            fired += forks.map { .logicallyComplete($0.listeners) }
            listeners = []
            logicalListeners = []
            forks = []
            return (false, fired)
        }
        var fired: [Firing] = []
        if !isLogicallyComplete && context.isLogicallyComplete {
            isLogicallyComplete = true
            fired.append(.logicallyComplete(logicalListeners))
            logicalListeners = []
        }
        if !forks.isEmpty {
            var kept: [Fork] = []
            for fork in forks {
                if fork.isDone(at: elapsed, environment: environment) {
                    fired.append(.logicallyComplete(fork.listeners))
                } else {
                    kept.append(fork)
                }
            }
            forks = kept
        }
        state = context.state
        previousValue = a
        nextTime = time
        lastSampleTime = time
        return (true, fired)
    }

    /// The value shown when the model value is `model`: (M + a) − I.
    func presented(model: Value) -> Value {
        (model + previousValue) - interval
    }

    /// The animation's own velocity at frame time `time`, if it reports one.
    func velocity(at time: Double) -> Value? {
        animation.velocity(value: interval, time: time - beginTime,
                           context: AnimationContext(state: state, isLogicallyComplete: isLogicallyComplete, environment: environment))
    }
}
