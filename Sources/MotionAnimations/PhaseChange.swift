/// The start of one phase of a phase animator, with what it did to the motion.
///
/// The velocity on either side is the running animation's own (fluid springs report one); where
/// there is none, it is the difference of consecutive frames times the frame rate (the frame
/// before for ``velocityBefore``, the frame after for ``velocityAfter``).
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
    /// The velocity just before, if known.
    public var velocityBefore: Value?
    /// The velocity just after, if known.
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
