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
    ///
    /// - Parameters:
    ///   - initialValue: The value before the timeline starts.
    ///   - keyframes: The tracks.
    public init(initialValue: Value, keyframes: some Keyframes<Value>) {
        self.init(initialValue: initialValue, initialVelocity: nil, keyframes: keyframes) { _ in false }
    }

    /// A timeline of `keyframes` starting from `initialValue` while moving at `initialVelocity`.
    ///
    /// The velocity is shaped like the value: each track reads its property's velocity (per
    /// second, in the property's own type, e.g. an `Angle` per second) at its key path in
    /// `initialVelocity`, and its first keyframe takes it where it has no start velocity of its
    /// own — a cubic keyframe as its start velocity, a spring keyframe as its v0 (see
    /// ``KeyframePath``).
    ///
    /// - Parameters:
    ///   - initialValue: The value before the timeline starts.
    ///   - initialVelocity: The velocity at time 0, shaped like the value.
    ///   - keyframes: The tracks.
    public init(initialValue: Value, initialVelocity: Value, keyframes: some Keyframes<Value>) {
        self.init(initialValue: initialValue, initialVelocity: initialVelocity, keyframes: keyframes) { _ in true }
    }

    /// A timeline starting from `initialValue` while moving at `initialVelocity` (shaped like
    /// the value, see ``init(initialValue:initialVelocity:keyframes:)``), with the tracks (or,
    /// for an animatable value, the keyframes) in `content`.
    ///
    /// - Parameters:
    ///   - initialValue: The value before the timeline starts.
    ///   - initialVelocity: The velocity at time 0, shaped like the value.
    ///   - content: The tracks, or the keyframes of the whole value.
    public init<Content: Keyframes>(initialValue: Value, initialVelocity: Value,
                                    @KeyframesBuilder<Value> content: () -> Content) where Content.Value == Value {
        self.init(initialValue: initialValue, initialVelocity: initialVelocity, keyframes: content())
    }

    /// A timeline of `keyframes` that takes over from `previous` at `time`, as a keyframe
    /// animator re-triggered mid-motion does: it starts from `previous`'s value at `time`, and
    /// each of its tracks whose property `previous` also animates starts from that property's
    /// velocity there, so the motion goes on without a kink. Properties `previous` does not
    /// animate start at rest.
    ///
    /// - Parameters:
    ///   - previous: The timeline being replaced.
    ///   - time: The time into `previous` at which this timeline takes over.
    ///   - keyframes: The tracks, usually made from `previous.value(time: time)`.
    public init(continuing previous: KeyframeTimeline<Value>, at time: Double, keyframes: some Keyframes<Value>) {
        let moving = Set(previous.tracks.map(\.keyPath))
        self.init(initialValue: previous.value(time: time), initialVelocity: previous.velocity(time: time),
                  keyframes: keyframes) { moving.contains($0) }
    }

    private init(initialValue: Value, initialVelocity: Value?, keyframes: some Keyframes<Value>,
                 takesVelocity: (PartialKeyPath<Value>) -> Bool) {
        var resolvers: [KeyframeTrackResolver<Value>] = []
        keyframes._appendTracks(to: &resolvers)
        self.initialValue = initialValue
        tracks = resolvers.map { resolver in
            resolver.resolve(initialValue, takesVelocity(resolver.keyPath) ? initialVelocity : nil)
        }
        duration = tracks.map(\.duration).max() ?? 0
    }

    /// The properties the timeline's tracks write.
    public var animatedProperties: Set<PartialKeyPath<Value>> { Set(tracks.map(\.keyPath)) }

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

    /// The velocity at `time` seconds, shaped like the value: each property a track writes holds
    /// its rate of change per second in its own type (an `Angle` per second, a `CGPoint` per
    /// second), taken from the last track that writes it, and 0 before the start and once its
    /// track has ended; properties no track writes keep their value at `time`.
    ///
    /// A time on a boundary between keyframes belongs to the earlier keyframe, as for
    /// ``value(time:)``.
    public func velocity(time: Double) -> Value {
        var velocity = value(time: time)
        for track in tracks { track.applyVelocity(&velocity, time) }
        return velocity
    }
}
