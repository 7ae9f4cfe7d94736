import MotionKeyframes

/// A value that plays keyframes (SwiftUI's `keyframeAnimator(initialValue:repeating:content:keyframes:)`
/// and `keyframeAnimator(initialValue:trigger:content:keyframes:)`), without the view.
///
/// ```swift
/// struct Pose { var angle = Angle.zero; var scale = 1.0 }
///
/// let animator = KeyframeAnimator(initialValue: Pose(), triggers: [0, 0.25]) { _ in
///     KeyframeTrack(\.scale) { CubicKeyframe(1.5, duration: 0.3); CubicKeyframe(1, duration: 0.3) }
///     KeyframeTrack(\.angle) { SpringKeyframe(.degrees(20), duration: 0.5, spring: .bouncy) }
/// }
/// let run = animator.run(window: .range(from: 0, to: 1))   // run.frames[k].value is a Pose
/// ```
///
/// The `keyframes` closure receives the value shown when it is called and returns the keyframes
/// to play from there, as in SwiftUI.
///
/// - Repeating (``init(initialValue:repeating:keyframes:)``): the timeline plays from time 0; with
///   `repeating` it plays again each time it ends, the closure called with the value it ended at,
///   each pass starting at rest, so a timeline that ends where it began repeats with its
///   duration as the period.
/// - Triggered (``init(initialValue:triggers:keyframes:)``): the value rests until a trigger; each
///   trigger calls the closure with the value shown and plays the returned keyframes. A trigger
///   during a run replaces the running timeline and keeps its velocity: each new track whose
///   property the old timeline animates starts with that property's velocity, so a cubic or
///   spring keyframe without an explicit start velocity goes on without a kink (see
///   `KeyframeTimeline.init(continuing:at:keyframes:)`). At the end the value holds, and it is
///   the next trigger's initial value.
///
/// Triggers act on frames, as transactions do: a trigger at time T takes effect on the frame of T
/// (``FrameClock/frame(at:)``), and its timeline's time is the whole frames since that frame over
/// fps, so a trigger plays the same frames wherever it falls.
public struct KeyframeAnimator<Value> {
    /// The value before anything plays.
    public let initialValue: Value
    /// Whether the timeline plays again each time it ends (the repeating form only).
    public let repeating: Bool
    /// The trigger times in order, or nil for the repeating form, which starts at time 0.
    public let triggers: [Double]?
    /// The timeline the keyframes closure makes from the value shown.
    let timeline: (Value) -> KeyframeTimeline<Value>
    /// The timeline the keyframes closure makes when a trigger replaces `previous` at a time.
    let continuation: (_ previous: KeyframeTimeline<Value>, _ time: Double) -> KeyframeTimeline<Value>

    /// An animator that plays `keyframes` from time 0, again and again if `repeating`.
    ///
    /// - Parameters:
    ///   - initialValue: The value the first pass starts from.
    ///   - repeating: Whether to play again each time the timeline ends (by default, as in SwiftUI).
    ///   - keyframes: The keyframes to play, given the value they start from.
    public init<Content: Keyframes>(
        initialValue: Value, repeating: Bool = true,
        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> Content
    ) where Content.Value == Value {
        self.init(initialValue: initialValue, repeating: repeating, triggers: nil, keyframes: keyframes)
    }

    /// An animator that plays `keyframes` at each trigger time.
    ///
    /// - Parameters:
    ///   - initialValue: The value before the first trigger.
    ///   - triggers: The times at which the keyframes play, each finite and ≥ 0 (sorted here).
    ///   - keyframes: The keyframes to play, given the value shown at the trigger.
    public init<Content: Keyframes>(
        initialValue: Value, triggers: [Double],
        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> Content
    ) where Content.Value == Value {
        for time in triggers {
            precondition(time.isFinite && time >= 0,
                         "KeyframeAnimator: a trigger time must be finite and ≥ 0; got \(time)")
        }
        self.init(initialValue: initialValue, repeating: false, triggers: triggers.sorted(), keyframes: keyframes)
    }

    private init<Content: Keyframes>(initialValue: Value, repeating: Bool, triggers: [Double]?,
                                     keyframes: @escaping (Value) -> Content) where Content.Value == Value {
        self.initialValue = initialValue
        self.repeating = repeating
        self.triggers = triggers
        timeline = { KeyframeTimeline(initialValue: $0, keyframes: keyframes($0)) }
        continuation = { previous, time in
            KeyframeTimeline(continuing: previous, at: time, keyframes: keyframes(previous.value(time: time)))
        }
    }

    /// Runs the animator on `clock` and reports the frames of `window` (typed values, with the
    /// velocity shaped like the value while a timeline plays), the events and the duration.
    ///
    /// Each timeline played is a transaction, numbered from 0: its `.logicallyComplete` and
    /// `.removed` events fire together on the first frame at or after its end, or on the frame of
    /// the trigger that replaces it. The duration is the last of them (0 with no trigger), or ∞
    /// for a repeating timeline that moves.
    ///
    /// - Parameters:
    ///   - clock: The frame clock (60 fps by default).
    ///   - window: The frames to report.
    public func run(clock: FrameClock = FrameClock(), window: SampleWindow) -> AnimationRun<Value> {
        var passes = KeyframePasses(animator: self, clock: clock)
        var frames: [AnimationFrame<Value>] = []
        let wanted = window.frames(on: clock)
        frames.reserveCapacity(wanted.count)
        for k in wanted {
            frames.append(passes.frame(k))
        }
        let events = passes.events.sorted {
            ($0.time, $0.transaction, $0.kind) < ($1.time, $1.transaction, $1.kind)
        }
        let duration = passes.endsNever ? Double.infinity : (events.map(\.time).max() ?? 0)
        return AnimationRun(fps: clock.fps, frames: frames, events: events, duration: duration,
                            springSegments: [], phaseCycles: [])
    }
}
