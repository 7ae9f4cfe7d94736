/// A timeline's value: one number, or named numbers such as `{"x": 0, "scale": 1}` — the
/// stand-in for SwiftUI's generic `Value` (a `Double`, or a struct of animatable properties).
public enum KeyframeValue: Sendable, Hashable, CustomStringConvertible {
    case scalar(Double)
    /// Named properties, in the order given.
    case properties([Property])

    public struct Property: Sendable, Hashable {
        public var name: String
        public var value: Double
        public init(_ name: String, _ value: Double) {
            self.name = name
            self.value = value
        }
    }

    /// The value of `property` (`nil` names the scalar).
    public subscript(property: String?) -> Double? {
        switch self {
        case .scalar(let x): return property == nil ? x : nil
        case .properties(let list): return property.flatMap { name in list.first { $0.name == name }?.value }
        }
    }

    /// The property names, in order (empty for a scalar).
    public var propertyNames: [String] {
        if case .properties(let list) = self { return list.map(\.name) }
        return []
    }

    /// A copy with `property` set to `value`.
    func setting(_ property: String?, to value: Double) -> KeyframeValue {
        switch self {
        case .scalar: return .scalar(value)
        case .properties(var list):
            if let i = list.firstIndex(where: { $0.name == property }) { list[i].value = value }
            return .properties(list)
        }
    }

    public var description: String {
        switch self {
        case .scalar(let x): return "\(x)"
        case .properties(let list): return "{" + list.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + "}"
        }
    }
}

/// A description of how a value changes over time, modelled with keyframes (SwiftUI's
/// `KeyframeTimeline`), evaluated exactly as SwiftUI evaluates it.
///
/// ```swift
/// let timeline = KeyframeTimeline(initialValue: 0) {
///     KeyframeTrack {
///         LinearKeyframe(10, duration: 0.2, timingCurve: .easeInOut)
///         CubicKeyframe(-10, duration: 0.2)
///         SpringKeyframe(10, duration: 0.4, spring: .bouncy)
///         MoveKeyframe(-5)
///     }
/// }
/// timeline.value(time: 0.3)
/// ```
///
/// Tracks apply in declaration order, so when two tracks write the same property the last one
/// wins; properties no track writes keep their initial value. A time before 0 gives the initial
/// value, a time past a track's end that track's end value, and a time on a boundary between
/// keyframes belongs to the earlier one.
public struct KeyframeTimeline: Sendable, Hashable {
    public let initialValue: KeyframeValue
    public let tracks: [KeyframeTrack]
    /// Each track resolved against the initial value of its property.
    public let paths: [KeyframePath]

    /// A timeline; `tracks` must name properties of `initialValue` (a scalar's tracks name none).
    /// ``decode(json:)`` checks that and reports errors; this initializer assumes it and
    /// starts a track on an unknown property from 0.
    public init(initialValue: KeyframeValue, tracks: [KeyframeTrack]) {
        self.initialValue = initialValue
        self.tracks = tracks
        self.paths = tracks.map { $0.path(from: initialValue[$0.property] ?? 0) }
    }

    /// A scalar timeline with one track (SwiftUI's `KeyframeTimeline(initialValue:) { … keyframes … }`).
    public init(initialValue: Double, @KeyframeTrackContentBuilder keyframes: () -> [Keyframe]) {
        self.init(initialValue: .scalar(initialValue), tracks: [KeyframeTrack(nil, keyframes: keyframes())])
    }

    /// A timeline of tracks (SwiftUI's `KeyframeTimeline(initialValue:) { KeyframeTrack(…) { … } }`).
    public init(initialValue: KeyframeValue, @KeyframesBuilder content: () -> [KeyframeTrack]) {
        self.init(initialValue: initialValue, tracks: content())
    }

    /// The duration in seconds: the longest track's.
    public var duration: Double { paths.map(\.duration).max() ?? 0 }

    /// The value at `time`.
    public func value(time: Double) -> KeyframeValue {
        var value = initialValue
        for (track, path) in zip(tracks, paths) {
            value = value.setting(track.property, to: path.value(at: time))
        }
        return value
    }

    /// The value at `progress` ∈ [0, 1] of the duration: value(time: progress·duration).
    public func value(progress: Double) -> KeyframeValue {
        value(time: progress * duration)
    }

    /// Values at many times. Sorted times are evaluated in one pass per track, O(n + k);
    /// unsorted ones are correct too, at a search per sample where the order breaks.
    public func values(time times: [Double]) -> [KeyframeValue] {
        let columns = paths.map { $0.values(atSorted: times) }
        return times.indices.map { n in
            var value = initialValue
            for (t, track) in tracks.enumerated() {
                value = value.setting(track.property, to: columns[t][n])
            }
            return value
        }
    }
}
