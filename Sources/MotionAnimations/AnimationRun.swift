/// What a scenario, phase animator or keyframe animator showed: the sampled frames, every event,
/// the duration, and the exact physics of each fluid-spring segment.
///
/// `Value` is the value as the animator's user sees it: a number, `AnimatableValue`, or a typed
/// value such as a `CGPoint` or a struct of yours. Velocities and spring offsets of a typed
/// value are shaped like it (see ``AnimationFrame``).
public struct AnimationRun<Value> {
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
