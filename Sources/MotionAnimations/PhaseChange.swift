/// The start of one phase of a phase animator, with what it did to the motion.
///
/// The velocity on either side is analytic, at the phase change's frame time: the derivative of
/// what the animations running just before and just after the phase's transaction cover (see
/// ``AnimationFrame/velocity``), zero when nothing runs. So the velocity jump of a phase whose
/// timing curve combines with the motion below it is the curve's slope times the distance it
/// covers over its duration, every component in that ratio; one that merges into a fluid spring
/// carries the velocity and does not jump.
public struct PhaseChange<Value> {
    /// The phase begun.
    public var phase: Int
    /// The transaction that began it.
    public var transaction: Int
    /// The frame time.
    public var time: Double
    /// The value shown just before the phase's transaction.
    public var valueBefore: Value
    /// The value shown just after it.
    public var valueAfter: Value
    /// The velocity just before the transaction; nil when a custom animation's is not known.
    public var velocityBefore: Value?
    /// The velocity just after the transaction; nil when a custom animation's is not known.
    public var velocityAfter: Value?
}

extension PhaseChange where Value: VectorArithmetic {
    /// valueAfter − valueBefore: the phase's value itself for a phase without animation, zero up
    /// to rounding for an animated one.
    public var valueJump: Value { valueAfter - valueBefore }

    /// velocityAfter − velocityBefore, when both are known.
    public var velocityJump: Value? {
        guard let velocityBefore, let velocityAfter else { return nil }
        return velocityAfter - velocityBefore
    }
}

extension PhaseChange: Sendable where Value: Sendable {}
