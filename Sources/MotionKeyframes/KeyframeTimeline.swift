/// A description of how a value changes over time, modelled with keyframes (SwiftUI's
/// `KeyframeTimeline`), evaluated exactly as SwiftUI evaluates it.
///
/// ```swift
/// struct Pose { var rotation = Angle.zero; var scale = 1.0; var offset = CGPoint.zero }
/// let timeline = KeyframeTimeline(initialValue: Pose()) {
///     KeyframeTrack(\.rotation) { CubicKeyframe(.degrees(30), duration: 0.2); CubicKeyframe(.zero, duration: 0.3) }
///     KeyframeTrack(\.scale) { SpringKeyframe(1.4, duration: 0.5, spring: .bouncy); LinearKeyframe(1, duration: 0.2) }
///     KeyframeTrack(\.offset) { MoveKeyframe(CGPoint(x: 0, y: -40)); CubicKeyframe(.zero, duration: 0.6) }
/// }
/// let pose = timeline.value(time: 0.35)
/// ```
///
/// Tracks apply in declaration order, so when two tracks write the same property the last one
/// wins; properties no track writes keep their initial value. A time before 0 gives the initial
/// value, a time past a track's end that track's end value, and a time on a boundary between
/// keyframes belongs to the earlier one.
public struct KeyframeTimeline<Value> {
    /// The value before the timeline starts.
    public let initialValue: Value
    let tracks: [ResolvedKeyframeTrack<Value>]
    /// The duration in seconds: the longest track's.
    public let duration: Double

    /// A timeline starting from `initialValue`, with the tracks (or, for an animatable value,
    /// the keyframes) in `content`.
    public init<Content: Keyframes>(initialValue: Value, @KeyframesBuilder<Value> content: () -> Content)
    where Content.Value == Value {
        self.init(initialValue: initialValue, keyframes: content())
    }

    /// A timeline of `keyframes` starting from `initialValue` — the value a keyframe animator
    /// passes to its keyframes closure.
    public init(initialValue: Value, keyframes: some Keyframes<Value>) {
        var resolvers: [KeyframeTrackResolver<Value>] = []
        keyframes._appendTracks(to: &resolvers)
        self.initialValue = initialValue
        tracks = resolvers.map { $0.resolve(initialValue) }
        duration = tracks.map(\.duration).max() ?? 0
    }

    /// The value at `time` seconds.
    public func value(time: Double) -> Value {
        var value = initialValue
        for track in tracks { track.apply(&value, time) }
        return value
    }

    /// The value at `progress` ∈ [0, 1] of the duration: value(time: progress·duration).
    public func value(progress: Double) -> Value {
        value(time: progress * duration)
    }
}
