/// One frame of a run: the value shown and, while the running animation reports one, its velocity.
public struct AnimationFrame<Value: VectorArithmetic> {
    /// The frame time.
    public var time: Double
    /// The value shown.
    public var value: Value
    /// The running animation's own velocity; nil when nothing runs or the animation reports none
    /// (only fluid springs and `.default` on iOS 17 do).
    public var velocity: Value?

    public init(time: Double, value: Value, velocity: Value?) {
        self.time = time
        self.value = value
        self.velocity = velocity
    }
}

extension AnimationFrame: Sendable where Value: Sendable {}
