/// A value that steps through phases (SwiftUI's `PhaseAnimator` / `phaseAnimator(_:trigger:content:animation:)`),
/// without the view: `content` maps each phase to the value it shows.
///
/// ```swift
/// enum Pulse: CaseIterable { case rest, lift, spin }
/// struct Pose { var angle = Angle.zero; var scale = 1.0; var offset = CGPoint.zero }
///
/// let animator = PhaseAnimator(Pulse.allCases) { phase in
///     switch phase {
///     case .rest: Pose()
///     case .lift: Pose(scale: 1.2, offset: CGPoint(x: 0, y: -40))
///     case .spin: Pose(angle: .degrees(180), scale: 1.2)
///     }
/// } animation: { phase in
///     phase == .spin ? .bouncy : .smooth
/// }
/// let run = animator.run(window: .range(from: 0, to: 2))   // run.frames[k].value is a Pose
/// ```
///
/// It rests at phase 0. Without triggers it animates at once to phase 1 and on through the last
/// phase, back to phase 0, and loops for ever; with trigger times, each trigger runs one cycle
/// 1 → … → last → 0 and stops (a trigger during a cycle restarts it at phase 1). Each phase
/// change is a transaction with the animation of its *target* phase (nil: a jump), and the next
/// phase begins on the frame on which that transaction logically completes, so a spring still
/// moving hands its velocity to the next one when it merges. A phase whose value equals the
/// value shown changes nothing and completes 0.01 s later, as a jump does — so consecutive equal
/// phases pass without motion.
///
/// The animations move the value's `animatableData`; a part of the value outside it (a label, a
/// flag) shows the target phase's from the phase change on.
///
/// The phases can also be the values themselves, by index: ``init(phases:animations:triggers:)``,
/// the form scenario files use.
public struct PhaseAnimator<Phase: Equatable, Value: Animatable> {
    /// The phases, in order.
    public let phases: [Phase]
    /// The value of each phase: `content(phase)`, by the index of the phase.
    public let values: [Value]
    /// The animation into each phase, by the index of the target phase; nil jumps.
    public let animations: [Animation?]
    /// The trigger times, or nil to loop.
    public var triggers: [Double]?

    /// An animator over `phases` (SwiftUI's `PhaseAnimator(_:trigger:content:animation:)` and
    /// `PhaseAnimator(_:content:animation:)`).
    ///
    /// - Parameters:
    ///   - phases: The phases, at least one; the animator rests at the first.
    ///   - triggers: The times at which a cycle runs, or nil to loop from time 0.
    ///   - content: The value each phase shows (where SwiftUI builds a view from the phase).
    ///   - animation: The animation into each phase, given the target phase; nil jumps.
    public init(_ phases: some Sequence<Phase>, triggers: [Double]? = nil, content: (Phase) -> Value,
                animation: (Phase) -> Animation? = { _ in .default }) {
        let phases = Array(phases)
        precondition(!phases.isEmpty, "PhaseAnimator: at least one phase")
        self.phases = phases
        values = phases.map(content)
        animations = phases.map(animation)
        self.triggers = triggers
    }

    /// Runs the animator on `clock` and reports the frames of `window`, every event (phase
    /// events included), the duration (∞ when looping) and each cycle. Frames carry the typed
    /// value.
    ///
    /// - Parameters:
    ///   - clock: The frame clock (60 fps by default).
    ///   - window: The frames to report.
    public func run(clock: FrameClock = FrameClock(), window: SampleWindow) -> AnimationRun<Value> {
        let looping = triggers == nil
        let times = triggers ?? [0]
        let schedule = times.map { (frame: clock.frame(at: $0), action: AnimationSimulation<Value>.Action.trigger) }
        var simulation = AnimationSimulation(
            clock: clock, initialValue: values[0], schedule: AnimationSimulation.stableSorted(schedule),
            phases: .init(values: values, animations: animations, looping: looping, current: nil),
            lastActionTime: times.last ?? 0)
        return simulation.run(window: window)
    }
}

extension PhaseAnimator where Phase == Value {
    /// Phases that are the values themselves, with one animation per target phase by index
    /// (by default `.default` for each): the form scenario files use.
    ///
    /// - Parameters:
    ///   - phases: The phases' values, at least one.
    ///   - animations: The animation into each phase, one per phase; nil in the list jumps.
    ///   - triggers: The times at which a cycle runs, or nil to loop from time 0.
    public init(phases: [Value], animations: [Animation?]? = nil, triggers: [Double]? = nil) {
        precondition(!phases.isEmpty, "PhaseAnimator: at least one phase")
        precondition(animations == nil || animations!.count == phases.count, "PhaseAnimator: one animation per phase")
        self.phases = phases
        values = phases
        self.animations = animations ?? Array(repeating: .default, count: phases.count)
        self.triggers = triggers
    }

    /// Phases that are the values themselves, with the animation into each target phase given
    /// by its index.
    ///
    /// - Parameters:
    ///   - phases: The phases' values, at least one.
    ///   - triggers: The times at which a cycle runs, or nil to loop from time 0.
    ///   - animation: The animation into the phase at the given index; nil jumps.
    public init(phases: [Value], triggers: [Double]? = nil, animation: (_ phase: Int) -> Animation?) {
        self.init(phases: phases, animations: phases.indices.map(animation), triggers: triggers)
    }
}

extension PhaseAnimator: Sendable where Phase: Sendable, Value: Sendable {}
