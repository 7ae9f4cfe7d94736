/// One animation with its state, in the form the engine runs frame by frame.
///
/// The built-in animations — timing curves, interpolating springs, fluid springs, `.default`, under
/// `delay`, `speed`, `logicallyComplete(after:)` and at most one repeat — are recognised once, when
/// their transaction arrives, and then run as concrete code: their parameters and state stored
/// inline, with no existential call, no dictionary and no allocation per frame. Anything else runs
/// through ``Animation`` and an ``AnimationState``, exactly as a custom animation is written. Both
/// forms compute the same numbers with the same operations in the same order.
@usableFromInline
struct AnimationRunner<Value: VectorArithmetic> {
    /// The animation at the bottom of a chain of modifiers, as recognised.
    @usableFromInline
    enum Base {
        case bezier(BezierAnimation)
        case spring(SpringAnimation)
        case fluid(FluidSpringAnimation)
        /// Anything else: the whole animation, run through its ``CustomAnimation`` conformance.
        case custom
    }

    /// Which of ``bezier``, ``interpolating`` and ``fluid`` runs, if any. The animations are
    /// stored apart rather than as payloads, which each frame's `switch` would copy out.
    @usableFromInline
    enum Kind {
        case bezier, spring, fluid, custom
    }

    /// A built-in modifier, outermost first.
    @usableFromInline
    enum Step {
        case delay(Double)
        case speed(Double)
        case logicallyComplete(after: Double)
        case repeating(count: Int?, autoreverses: Bool)
    }

    /// The animation as given: what a merge is asked about and what the animator reports.
    @usableFromInline var animation: Animation
    @usableFromInline var kind: Kind
    @usableFromInline var bezier = runnerPlaceholders.bezier
    @usableFromInline var interpolating = runnerPlaceholders.spring
    /// The interpolating spring's logical completion, 2π/√stiffness.
    @usableFromInline var logicalEnd = 0.0
    @usableFromInline var fluid = runnerPlaceholders.fluid
    @usableFromInline var steps: [Step]
    /// The repeat's cycle (SwiftUI keeps it under the repeat's state key).
    @usableFromInline var cycle = RepeatState()
    /// The fluid spring's integrator state.
    @usableFromInline var spring = SpringState<Value>()
    /// A custom animation's state; for a built-in one, whatever else a merge left in the state,
    /// kept so that a later merge sees the state SwiftUI's dictionary would hold.
    @usableFromInline var extra = AnimationState<Value>()

    /// `animation` starting from `state` (empty for a new animation, the merged state after a merge).
    @inlinable
    init(_ animation: Animation, state: AnimationState<Value> = AnimationState()) {
        self.animation = animation
        let base: Base
        (base, steps) = Self.classify(animation)
        switch base {
        case .bezier(let bezier):
            kind = .bezier
            self.bezier = bezier
        case .spring(let spring):
            kind = .spring
            interpolating = spring
            logicalEnd = spring.stiffness.isFinite ? (2 * Double.pi) / spring.stiffness.squareRoot() : 0
        case .fluid(let fluid):
            kind = .fluid
            self.fluid = fluid
        case .custom:
            kind = .custom
        }
        extra = state
        if case .fluid = kind { spring = state[SpringState<Value>.self] }
        if hasRepeat { cycle = state[RepeatState.self] }
    }

    /// The built-in kind and modifiers of `animation`, or `.custom` when any part of it is not
    /// built in (or when two repeats would share one cycle slot).
    @inlinable
    static func classify(_ animation: Animation) -> (Base, [Step]) {
        var steps: [Step] = []
        var current = animation
        var repeats = 0
        while true {
            switch current.base {
            case let bezier as BezierAnimation:
                return (.bezier(bezier), steps)
            case let spring as SpringAnimation:
                return (.spring(spring), steps)
            case let fluid as FluidSpringAnimation:
                return (.fluid(fluid), steps)
            case let boxed as DefaultAnimation:
                current = boxed.version.base
            case let delayed as CustomAnimationModifiedContent<DelayAnimation>:
                steps.append(.delay(delayed.modifier.delay))
                current = delayed.base
            case let sped as CustomAnimationModifiedContent<SpeedAnimation>:
                steps.append(.speed(sped.modifier.speed))
                current = sped.base
            case let logical as CustomAnimationModifiedContent<LogicalCompletionAnimation>:
                steps.append(.logicallyComplete(after: logical.modifier.duration))
                current = logical.base
            case let repeating as CustomAnimationModifiedContent<RepeatAnimation>:
                repeats += 1
                guard repeats == 1 else { return (.custom, []) }
                steps.append(.repeating(count: repeating.modifier.repeatCount, autoreverses: repeating.modifier.autoreverses))
                current = repeating.base
            default:
                return (.custom, [])
            }
        }
    }

    @inlinable
    var hasRepeat: Bool {
        steps.contains { if case .repeating = $0 { true } else { false } }
    }

    /// Whether this is a built-in animation that neither merges nor changes the state when asked
    /// to (timing curves and interpolating springs, under any built-in modifiers).
    @inlinable
    var neverMerges: Bool {
        switch kind {
        case .bezier, .spring: true
        case .fluid, .custom: false
        }
    }

    /// Whether the animation runs through its ``CustomAnimation`` conformance.
    @inlinable
    var isCustom: Bool {
        if case .custom = kind { true } else { false }
    }

    /// Whether ``isDone(value:time:environment:)`` needs no evaluation: a bare timing curve or
    /// interpolating spring, whose finishing and logical completion depend on the time alone.
    @inlinable
    var isTimed: Bool { steps.isEmpty && neverMerges }

    /// The part of `value` covered at `time`, or nil once finished; `isLogicallyComplete` is the
    /// context's flag, which the animation may set.
    @inlinable
    mutating func animate(value: Value, time: Double, isLogicallyComplete: inout Bool,
                          environment: EnvironmentValues) -> Value? {
        if steps.isEmpty {
            return animateBase(value: value, time: time, isLogicallyComplete: &isLogicallyComplete, environment: environment)
        }
        return animate(step: 0, value: value, time: time, isLogicallyComplete: &isLogicallyComplete, environment: environment)
    }

    /// The modifiers from `step` inwards, as ``DelayAnimation``, ``SpeedAnimation``,
    /// ``LogicalCompletionAnimation`` and ``RepeatAnimation`` compute them.
    @inlinable
    mutating func animate(step: Int, value: Value, time: Double, isLogicallyComplete: inout Bool,
                          environment: EnvironmentValues) -> Value? {
        guard step < steps.count else {
            return animateBase(value: value, time: time, isLogicallyComplete: &isLogicallyComplete, environment: environment)
        }
        switch steps[step] {
        case .delay(let delay):
            return animate(step: step + 1, value: value, time: Swift.max(0.0, time - delay),
                           isLogicallyComplete: &isLogicallyComplete, environment: environment)
        case .speed(let speed):
            return animate(step: step + 1, value: value, time: time * speed,
                           isLogicallyComplete: &isLogicallyComplete, environment: environment)
        case .logicallyComplete(let duration):
            let a = animate(step: step + 1, value: value, time: time,
                            isLogicallyComplete: &isLogicallyComplete, environment: environment)
            if !isLogicallyComplete { isLogicallyComplete = duration <= time }
            return a
        case .repeating(let count, let autoreverses):
            var current = cycle
            let reversed = current.index % 2 == 1 && autoreverses
            guard let a = animate(step: step + 1, value: value, time: time - current.startTime,
                                  isLogicallyComplete: &isLogicallyComplete, environment: environment) else {
                // SwiftUI empties the whole state at a restart.
                spring = SpringState()
                extra = AnimationState()
                current.index += 1
                current.startTime = time
                cycle = current
                if let count, current.index >= count { return nil }
                return reversed ? .zero : value
            }
            return reversed ? value - a : a
        }
    }

    /// The animation under the modifiers, as its own `animate(value:time:context:)` computes it.
    @inlinable
    mutating func animateBase(value: Value, time: Double, isLogicallyComplete: inout Bool,
                              environment: EnvironmentValues) -> Value? {
        switch kind {
        case .bezier, .spring:
            return timedValue(value: value, time: time, isLogicallyComplete: &isLogicallyComplete)
        case .fluid:
            return integrate(value: value, time: time, isLogicallyComplete: &isLogicallyComplete)
        case .custom:
            var context = AnimationContext<Value>(state: extra, isLogicallyComplete: isLogicallyComplete,
                                                  environment: environment)
            extra = AnimationState()  // so that the animation's writes do not copy the storage
            let a = animation.animate(value: value, time: time, context: &context)
            extra = context.state
            isLogicallyComplete = context.isLogicallyComplete
            return a
        }
    }

    /// A timing curve's or an interpolating spring's value, which depends on the time alone.
    @inlinable
    func timedValue(value: Value, time: Double, isLogicallyComplete: inout Bool) -> Value? {
        switch kind {
        case .bezier:
            guard let f = bezier.fraction(at: time) else { return nil }
            return value.scaled(by: f)
        case .spring:
            guard interpolating.duration > time else { return nil }
            let s = interpolating.unitValue(at: time)
            guard s.isFinite else { return nil }
            if time >= logicalEnd { isLogicallyComplete = true }
            return value.scaled(by: s)
        case .fluid, .custom:
            return nil
        }
    }

    /// ``FluidSpringAnimation``'s integrator on the inline ``SpringState``.
    @inlinable
    mutating func integrate(value: Value, time: Double, isLogicallyComplete: inout Bool) -> Value? {
        let fluid = self.fluid
        return fluid.advance(&spring, value: value, time: time, isLogicallyComplete: &isLogicallyComplete)
    }

    /// Whether the animation, run on a copy to `time` from where it stands, has finished or
    /// logically completed (starting from a context that is not). A bare timing curve or
    /// interpolating spring answers from the time alone. It changes nothing; it is mutating so
    /// that the runner is used in place rather than copied for the call.
    @inlinable
    mutating func isDone(value: Value, time: Double, environment: EnvironmentValues) -> Bool {
        switch kind {
        case .bezier where steps.isEmpty:
            return !(bezier.duration > 0 && bezier.duration >= time)
        case .spring where steps.isEmpty && time >= 0 && time <= 1e6 && interpolating.hasFiniteResponse:
            return !(interpolating.duration > time) || time >= logicalEnd
        default:
            return runsToDone(value: value, time: time, environment: environment)
        }
    }

    /// ``isDone(value:time:environment:)`` by running a copy (kept apart so that the copy is
    /// made only on this path).
    @inlinable @inline(never)
    func runsToDone(value: Value, time: Double, environment: EnvironmentValues) -> Bool {
        var copy = self
        var isLogicallyComplete = false
        let a = copy.animate(value: value, time: time, isLogicallyComplete: &isLogicallyComplete, environment: environment)
        return a == nil || isLogicallyComplete
    }

    /// The animation's own velocity, as ``Animation/velocity(value:time:context:)`` reports it:
    /// a fluid spring's (bare or as `.default`), a custom animation's, nil for the rest.
    @inlinable
    func velocity(value: Value, time: Double, isLogicallyComplete: Bool, environment: EnvironmentValues) -> Value? {
        guard steps.isEmpty else { return nil }
        switch kind {
        case .bezier, .spring: return nil
        case .fluid: return spring.velocity
        case .custom:
            return animation.velocity(value: value, time: time,
                                      context: AnimationContext(state: extra, isLogicallyComplete: isLogicallyComplete,
                                                                environment: environment))
        }
    }

    /// The state as SwiftUI's dictionary holds it, for a merge to read and write.
    @usableFromInline
    var state: AnimationState<Value> {
        var state = extra
        if case .fluid = kind { state[SpringState<Value>.self] = spring }
        if hasRepeat { state[RepeatState.self] = cycle }
        return state
    }
}

/// What a runner's unused animation slots hold.
@usableFromInline
let runnerPlaceholders = (bezier: BezierAnimation(curve: .linear, duration: 0),
                          spring: SpringAnimation(stiffness: 1, damping: 2),
                          fluid: FluidSpringAnimation(response: 1, dampingFraction: 1))
