/// A keyframe timeline of a dynamic value — one number, or named numbers — as the timeline JSON
/// writes it: named tracks of scalar keyframes, open to inspection.
///
/// This is the timeline the command line, the fits, the exports and the continuity checks work
/// with. Each track is the typed engine's ``KeyframePath`` over `Double`, so a document and a
/// ``KeyframeTimeline`` over a struct with the same properties give the same numbers; ``timeline``
/// turns a document into one.
///
/// Tracks apply in order, the last track writing a property wins, and properties no track writes
/// keep their initial value.
public struct TimelineDocument: Sendable, Hashable {
    /// A track of scalar keyframes animating one named property, or the value itself when
    /// `property` is `nil`.
    public struct Track: Sendable, Hashable {
        /// The property the track writes, or `nil` for a scalar timeline's value.
        public var property: String?
        /// The keyframes, in order.
        public var keyframes: [Keyframe<Double>]

        /// A track of `keyframes` writing `property`.
        public init(_ property: String? = nil, keyframes: [Keyframe<Double>]) {
            self.property = property
            self.keyframes = keyframes
        }

        /// A track of the keyframes in `content` writing `property`.
        public init<Content: KeyframeTrackContent>(
            _ property: String? = nil, @KeyframeTrackContentBuilder<Double> content: () -> Content
        ) where Content.Value == Double {
            self.init(property, keyframes: content().keyframes)
        }

        /// The path the property takes from `initialValue`: every keyframe resolved to a segment
        /// with its start time, start value and tangents.
        public func path(from initialValue: Double) -> KeyframePath<Double> {
            KeyframePath(keyframes: keyframes, initialValue: initialValue)
        }
    }

    public let initialValue: AnimatableValue
    public let tracks: [Track]
    /// Each track resolved against the initial value of its property.
    public let paths: [KeyframePath<Double>]

    /// A timeline; `tracks` must name properties of `initialValue` (a scalar's tracks name none).
    /// ``decode(json:)`` checks that and reports errors; this initializer assumes it and
    /// starts a track on an unknown property from 0.
    public init(initialValue: AnimatableValue, tracks: [Track]) {
        self.initialValue = initialValue
        self.tracks = tracks
        self.paths = tracks.map { $0.path(from: initialValue[$0.property] ?? 0) }
    }

    /// A scalar timeline with one track of the keyframes in `content`.
    public init<Content: KeyframeTrackContent>(
        initialValue: Double, @KeyframeTrackContentBuilder<Double> content: () -> Content
    ) where Content.Value == Double {
        self.init(initialValue: .scalar(initialValue), tracks: [Track(nil, keyframes: content().keyframes)])
    }

    /// The duration in seconds: the longest track's.
    public var duration: Double { paths.map(\.duration).max() ?? 0 }

    /// The value at `time`.
    public func value(time: Double) -> AnimatableValue {
        var value = initialValue
        for (track, path) in zip(tracks, paths) {
            value[component: track.property] = path.value(at: time)
        }
        return value
    }

    /// The value at `progress` ∈ [0, 1] of the duration: value(time: progress·duration).
    public func value(progress: Double) -> AnimatableValue {
        value(time: progress * duration)
    }

    /// Values at many times. Sorted times are evaluated in one pass per track, O(n + k);
    /// unsorted ones are correct too, at a search per sample where the order breaks.
    public func values(time times: [Double]) -> [AnimatableValue] {
        let columns = paths.map { $0.values(atSorted: times) }
        return times.indices.map { n in
            var value = initialValue
            for (t, track) in tracks.enumerated() {
                value[component: track.property] = columns[t][n]
            }
            return value
        }
    }

    /// The same timeline in the typed API: one `KeyframeTrack(\AnimatableValue[component: name])`
    /// per track.
    public var timeline: KeyframeTimeline<AnimatableValue> {
        let tracks = tracks
        return KeyframeTimeline(initialValue: initialValue) {
            for track in tracks {
                KeyframeTrack(\AnimatableValue[component: track.property]) { KeyframeSequence(track.keyframes) }
            }
        }
    }
}
