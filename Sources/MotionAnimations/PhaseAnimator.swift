/// A value that steps through phases (SwiftUI's `PhaseAnimator` / `phaseAnimator(_:trigger:content:animation:)`).
///
/// It rests at phase 0. Without triggers it animates at once to phase 1 and on through the last
/// phase, back to phase 0, and loops for ever; with trigger times, each trigger runs one cycle
/// 1 → … → last → 0 and stops (a trigger during a cycle restarts it at phase 1). Each phase
/// change is a transaction with the animation of its *target* phase (nil: a jump), and the next
/// phase begins on the frame on which that transaction logically completes, so a spring still
/// moving hands its velocity to the next one when it merges. A phase equal to the value shown
/// changes nothing and completes 0.01 s later, as a jump does.
public struct PhaseAnimator<Value: VectorArithmetic> {
    /// The phases' values.
    public var phases: [Value]
    /// The animation into each phase, by the index of the target phase; nil jumps.
    public var animations: [Animation?]
    /// The trigger times, or nil to loop.
    public var triggers: [Double]?

    /// Phases with one animation per target phase (by default `.default` for each).
    public init(phases: [Value], animations: [Animation?]? = nil, triggers: [Double]? = nil) {
        precondition(!phases.isEmpty, "PhaseAnimator: at least one phase")
        precondition(animations == nil || animations!.count == phases.count, "PhaseAnimator: one animation per phase")
        self.phases = phases
        self.animations = animations ?? Array(repeating: .default, count: phases.count)
        self.triggers = triggers
    }

    /// Phases with the animation into each target phase given by `animation`, as SwiftUI's closure.
    public init(phases: [Value], triggers: [Double]? = nil, animation: (_ phase: Int) -> Animation?) {
        self.init(phases: phases, animations: phases.indices.map(animation), triggers: triggers)
    }

    /// Runs the animator on `clock` and reports the frames of `window`, every event (phase
    /// events included), the duration (∞ when looping) and each cycle.
    public func run(clock: FrameClock = FrameClock(), window: SampleWindow) -> AnimationRun<Value> {
        let looping = triggers == nil
        let times = triggers ?? [0]
        let schedule = times.map { (frame: clock.frame(at: $0), action: AnimationSimulation<Value>.Action.trigger) }
        var simulation = AnimationSimulation(
            clock: clock, initialValue: phases[0], schedule: AnimationSimulation.stableSorted(schedule),
            phases: .init(values: phases, animations: animations, looping: looping, current: nil),
            lastActionTime: times.last ?? 0)
        return simulation.run(window: window)
    }
}

extension PhaseAnimator: Sendable where Value: Sendable {}
