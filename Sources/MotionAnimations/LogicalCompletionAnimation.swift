/// `logicallyComplete(after:)`: the animation reports logical completion once `duration` has
/// passed, unless its base did so earlier. It never makes the animation run longer.
public struct LogicalCompletionAnimation: CustomAnimationModifier {
    /// The time after which the animation is logically complete.
    public let duration: Double

    public init(duration: Double) {
        self.duration = duration
    }

    public func animate<V: VectorArithmetic>(base: Animation, value: V, time: Double,
                                             context: inout AnimationContext<V>) -> V? {
        let a = base.animate(value: value, time: time, context: &context)
        if !context.isLogicallyComplete { context.isLogicallyComplete = duration <= time }
        return a
    }
}
