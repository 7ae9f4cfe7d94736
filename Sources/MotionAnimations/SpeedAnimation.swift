/// `speed(_:)`: the base animation runs `speed` times as fast, so its durations scale by 1/speed.
public struct SpeedAnimation: CustomAnimationModifier {
    /// The speed factor.
    public let speed: Double

    public init(speed: Double) {
        self.speed = speed
    }

    public func animate<V: VectorArithmetic>(base: Animation, value: V, time: Double,
                                             context: inout AnimationContext<V>) -> V? {
        base.animate(value: value, time: baseTime(time), context: &context)
    }

    /// time · speed.
    public func baseTime(_ time: Double) -> Double { time * speed }
}
