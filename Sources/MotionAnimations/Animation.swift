/// An animation of any kind (SwiftUI's `Animation`): a type-erased ``CustomAnimation``.
///
/// The built-in animations are its static members (`.easeInOut`, `.spring(response:dampingFraction:blendDuration:)`,
/// `.default`, …) and modifiers (`.delay(_:)`, `.speed(_:)`, `.repeatCount(_:autoreverses:)`, …);
/// a custom animation joins them through ``init(_:)``.
public struct Animation: Sendable, Hashable {
    /// The animation this value wraps.
    public let base: any CustomAnimation

    /// An animation that runs `base`.
    public init<A: CustomAnimation>(_ base: A) {
        self.base = base
    }

    /// The part of `value` covered at `time`, or nil once finished (``CustomAnimation/animate(value:time:context:)``).
    public func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
        base.animate(value: value, time: time, context: &context)
    }

    /// The velocity at `time`, if known (``CustomAnimation/velocity(value:time:context:)``).
    public func velocity<V: VectorArithmetic>(value: V, time: Double, context: AnimationContext<V>) -> V? {
        base.velocity(value: value, time: time, context: context)
    }

    /// Whether this animation takes over from `previous` (``CustomAnimation/shouldMerge(previous:value:time:context:)``).
    public func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: Double,
                                                 context: inout AnimationContext<V>) -> Bool {
        base.shouldMerge(previous: previous, value: value, time: time, context: &context)
    }

    public static func == (lhs: Animation, rhs: Animation) -> Bool {
        AnyHashable(lhs.base) == AnyHashable(rhs.base)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(AnyHashable(base))
    }
}
