/// An animation: how a value moves from zero to `value` over time (SwiftUI's `CustomAnimation`).
///
/// The engine calls ``animate(value:time:context:)`` on each frame with the whole interval the
/// animation covers and the time since it began; the animation returns how much of the interval
/// is done, or nil when it has finished. State that must survive from one frame to the next goes
/// into `context.state`. Wrap an instance in ``Animation`` to use it.
public protocol CustomAnimation: Hashable, Sendable {
    /// The part of `value` covered at `time` seconds into the animation, or nil once finished.
    func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V?

    /// The velocity at `time`, if the animation knows it; a merging successor reads it to carry
    /// the motion on. The default is nil.
    func velocity<V: VectorArithmetic>(value: V, time: Double, context: AnimationContext<V>) -> V?

    /// Whether this animation takes over from `previous`, which has run for `time` seconds towards
    /// `value`, rather than running beside it. A merging animation sets up its state in `context`
    /// from the previous one. The default is false: the two animations combine.
    func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: Double,
                                          context: inout AnimationContext<V>) -> Bool
}

extension CustomAnimation {
    public func velocity<V: VectorArithmetic>(value: V, time: Double, context: AnimationContext<V>) -> V? {
        nil
    }

    public func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: Double,
                                                 context: inout AnimationContext<V>) -> Bool {
        false
    }
}
