/// `Animation.default` (SwiftUI's `DefaultAnimation`): a box that forwards everything to the
/// animation of its ``version``.
///
/// Being a box matters when it is interrupted: a fluid spring that follows it merges and carries
/// its velocity, but does not blend the response, because the previous animation is not a bare
/// fluid spring.
public struct DefaultAnimation: CustomAnimation {
    /// Which default this is.
    public let version: DefaultAnimationVersion

    public init(version: DefaultAnimationVersion = .ios17) {
        self.version = version
    }

    public func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
        version.base.animate(value: value, time: time, context: &context)
    }

    public func velocity<V: VectorArithmetic>(value: V, time: Double, context: AnimationContext<V>) -> V? {
        version.base.velocity(value: value, time: time, context: context)
    }

    public func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: Double,
                                                 context: inout AnimationContext<V>) -> Bool {
        version.base.shouldMerge(previous: previous, value: value, time: time, context: &context)
    }
}
