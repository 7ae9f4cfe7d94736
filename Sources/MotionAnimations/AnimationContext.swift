/// What an animation sees besides its value and time: its state, whether it has logically
/// completed, and the environment its host set (SwiftUI's `AnimationContext`).
public struct AnimationContext<Value: VectorArithmetic> {
    /// The animation's state, kept from one frame to the next.
    public var state: AnimationState<Value>

    /// Whether the animation has logically completed: set by the animation when the motion is,
    /// for the eye, done (a spring at its response), which fires `.logicallyComplete` completions.
    /// An animation that never sets it is logically complete when it finishes.
    public var isLogicallyComplete: Bool

    /// The values the host set for this frame (an ``Animator``'s ``Animator/environment``).
    public internal(set) var environment: EnvironmentValues

    /// A context with `state`, the logical-completion flag and `environment`.
    public init(state: AnimationState<Value> = AnimationState(), isLogicallyComplete: Bool = false,
                environment: EnvironmentValues = EnvironmentValues()) {
        self.state = state
        self.isLogicallyComplete = isLogicallyComplete
        self.environment = environment
    }

    /// A context for another value type with `state` and this context's logical-completion flag
    /// and environment.
    public func withState<T: VectorArithmetic>(_ state: AnimationState<T>) -> AnimationContext<T> {
        AnimationContext<T>(state: state, isLogicallyComplete: isLogicallyComplete, environment: environment)
    }
}
