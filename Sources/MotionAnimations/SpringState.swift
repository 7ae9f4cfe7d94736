/// The fluid spring's integrator state (SwiftUI's `SpringState`): where the spring is, how fast
/// it moves and the force on it, at the integrator's own time, plus the response blend.
///
/// Every fluid spring reads and writes this one slot, so a merging spring finds its
/// predecessor's motion here even when a modifier hid the predecessor's velocity.
public struct SpringState<Value: VectorArithmetic>: AnimationStateKey {
    /// The position, in the animator's coordinates (0 at the start, the interval at the target).
    public var offset: Value = .zero
    /// The velocity at the last integrated step.
    public var velocity: Value = .zero
    /// The force at the last integrated step (mass 1).
    public var force: Value = .zero
    /// The time of the last integrated step, on the animation's clock.
    public var time: Double = 0
    /// When this spring took over: the merge time its merge sets, which is 0 once an animator
    /// restarts its clock on the merge frame.
    public var startTime: Double = 0
    /// When the response blend began.
    public var blendStart: Double = 0
    /// The previous response minus this one; 0 when there is nothing to blend.
    public var blendInterval: Double = 0

    public init() {}

    public static var defaultValue: SpringState<Value> { SpringState() }
}
