/// One frame of a run: the value shown and, while an animation runs, its velocity.
///
/// For a typed value (a struct of yours, a `CGPoint`) the velocity is shaped like the value:
/// each animated part holds its rate of change per second in its own type, and parts nothing
/// animates hold the value shown.
public struct AnimationFrame<Value> {
    /// The frame time.
    public var time: Double
    /// The value shown.
    public var value: Value
    /// The analytic velocity of the value shown, per second: the derivative of what the running
    /// animations cover at the frame time (a timing curve's slope times its interval over its
    /// duration, a spring's closed form, a fluid spring's integrator velocity, through modifiers
    /// by the chain rule and through a combination by its rule); never a difference of frames.
    /// Nil when nothing runs, or when a custom animation's rate is not known.
    public var velocity: Value?
}

extension AnimationFrame: Sendable where Value: Sendable {}
