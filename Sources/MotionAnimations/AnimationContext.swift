/// What an animation sees besides its value and time: its state and whether it has logically
/// completed (SwiftUI's `AnimationContext`, without the view environment).
public struct AnimationContext<Value: VectorArithmetic> {
    /// The animation's state, kept from one frame to the next.
    public var state: AnimationState<Value>

    /// Whether the animation has logically completed: set by the animation when the motion is,
    /// for the eye, done (a spring at its response), which fires `.logicallyComplete` completions.
    /// An animation that never sets it is logically complete when it finishes.
    public var isLogicallyComplete: Bool

    /// A context with `state` and the logical-completion flag.
    public init(state: AnimationState<Value> = AnimationState(), isLogicallyComplete: Bool = false) {
        self.state = state
        self.isLogicallyComplete = isLogicallyComplete
    }

    /// A context for another value type with `state` and this context's logical-completion flag.
    public func withState<T: VectorArithmetic>(_ state: AnimationState<T>) -> AnimationContext<T> {
        AnimationContext<T>(state: state, isLogicallyComplete: isLogicallyComplete)
    }
}
