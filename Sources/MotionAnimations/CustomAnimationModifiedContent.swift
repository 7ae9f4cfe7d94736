/// An animation with a modifier applied (SwiftUI's `CustomAnimationModifiedContent`).
///
/// It has no velocity of its own. It merges only with a previous animation that is the same
/// modifier, with equal parameters, over a base of the same type, and then exactly when its base
/// would, asked at the base's time: the intended reading of SwiftUI's rule (OpenSwiftUI's literal
/// code compares a bare previous base instead).
public struct CustomAnimationModifiedContent<Modifier: CustomAnimationModifier>: CustomAnimation {
    /// The animation being modified.
    public let base: Animation
    /// The modifier.
    public let modifier: Modifier

    public init(base: Animation, modifier: Modifier) {
        self.base = base
        self.modifier = modifier
    }

    public func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
        modifier.animate(base: base, value: value, time: time, context: &context)
    }

    public func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: Double,
                                                 context: inout AnimationContext<V>) -> Bool {
        guard let previous = previous.base as? Self, previous.modifier == modifier,
              base.typeSignature == previous.base.typeSignature else { return false }
        return base.shouldMerge(previous: previous.base, value: value, time: modifier.baseTime(time), context: &context)
    }
}
