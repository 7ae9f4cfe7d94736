/// What a scenario or phase animator showed: the sampled frames, every event, the duration, and
/// the exact physics of each fluid-spring segment.
public struct AnimationRun<Value: VectorArithmetic> {
    /// The frame rate.
    public var fps: Double
    /// The frames of the sample window.
    public var frames: [AnimationFrame<Value>]
    /// Every event, ordered by time, then transaction, then kind.
    public var events: [AnimationEvent]
    /// The time of the last `.removed` event (0 if none), or ∞ when the run never ends
    /// (`repeatForever`, a looping phase animator, or nothing settling within 600 s).
    public var duration: Double
    /// Each stretch during which a bare fluid spring drove the value, with its closed form.
    public var springSegments: [FluidSpringSegment<Value>]
    /// The cycles of a phase animator; empty for a scenario of transactions.
    public var phaseCycles: [PhaseCycle<Value>]
}

extension AnimationRun: Sendable where Value: Sendable {}
