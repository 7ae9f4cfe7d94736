/// One cycle of a phase animator: phases 1, 2, …, last, then back to 0.
public struct PhaseCycle<Value> {
    /// The frame time the cycle began (its first phase change).
    public var startTime: Double
    /// Each phase change of the cycle, in order.
    public var changes: [PhaseChange<Value>]
    /// From the start to the logical completion of the cycle's return to phase 0, or to the
    /// trigger that restarted the cycle; nil when the run ended first.
    public var duration: Double?
    /// Whether a trigger restarted the cycle before it returned to phase 0.
    public var isInterrupted: Bool
}

extension PhaseCycle: Sendable where Value: Sendable {}
