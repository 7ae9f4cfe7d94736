/// One frame of a run: the value shown and, while the running animation reports one, its velocity.
///
/// For a typed value (a struct of yours, a `CGPoint`) the velocity is shaped like the value:
/// each animated part holds its rate of change per second in its own type, and parts nothing
/// animates hold the value shown.
public struct AnimationFrame<Value> {
    /// The frame time.
    public var time: Double
    /// The value shown.
    public var value: Value
    /// The running animation's own velocity; nil when nothing runs or the animation reports none
    /// (only fluid springs and `.default` on iOS 17 do).
    public var velocity: Value?

    /// A frame at `time` showing `value`, moving at `velocity` if known.
    ///
    /// - Parameters:
    ///   - time: The frame time.
    ///   - value: The value shown.
    ///   - velocity: The velocity, shaped like the value; nil when unknown.
    public init(time: Double, value: Value, velocity: Value?) {
        self.time = time
        self.value = value
        self.velocity = velocity
    }
}

extension AnimationFrame: Sendable where Value: Sendable {}
