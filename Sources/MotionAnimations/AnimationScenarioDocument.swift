/// What a scenario file describes (<doc:ScenarioDocuments>): a value changed by transactions over time, or a
/// phase animator. Read one with ``decode(json:defaultAnimation:)``.
public enum AnimationScenarioDocument: Sendable {
    /// Transactions on a value: `{"initialValue", "transactions": [{"time", "value", "animation"}]}`.
    case transactions(AnimationScenario<AnimatableValue>)
    /// A phase animator: `{"initialValue", "phaseAnimator": {"phases", "animations", "triggers"}}`.
    case phaseAnimator(PhaseAnimator<AnimatableValue, AnimatableValue>)

    /// The latest time a transaction or trigger may have, and the longest window a run may
    /// report: one hour, so that a run is at most a few million frames.
    public static let maximumTime = 3600.0

    /// The largest magnitude of a value's number: far beyond any coordinate, scale or angle a
    /// UI animates, and far below where a spring's force (45000 × the offset) or a squared
    /// velocity overflows.
    public static let maximumMagnitude = 1e15

    /// The highest frame rate a run accepts.
    public static let maximumFPS = 1000.0

    /// Why a run has no end (its duration is ∞), for the messages that then ask for a sample
    /// window: what keeps it going, or the horizon it outlasted.
    public static let unendingRun = "this scenario does not end within 600 s of its last transaction (a repeatForever "
        + "animation, a looping phase animator, or a delay or a spring that outlasts that)"

    /// The value before anything happens (a phase animator's first phase), whose shape every
    /// value of the document has.
    public var initialValue: AnimatableValue {
        switch self {
        case .transactions(let scenario): scenario.initialValue
        case .phaseAnimator(let animator): animator.phases[0]
        }
    }

    /// Runs the document on `clock` and reports the frames of `window`.
    public func run(clock: FrameClock = FrameClock(), window: SampleWindow) -> AnimationRun<AnimatableValue> {
        switch self {
        case .transactions(let scenario): scenario.run(clock: clock, window: window)
        case .phaseAnimator(let animator): animator.run(clock: clock, window: window)
        }
    }
}
