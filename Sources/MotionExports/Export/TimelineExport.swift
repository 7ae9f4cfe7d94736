import MotionKeyframes
import MotionNumerics

/// A keyframe timeline prepared for keyframe formats: one ``EasedTrack`` per track, on the
/// timeline's clock, exact where the format allows and within ``tolerance`` elsewhere.
public struct TimelineExport: Sendable {
    public var timeline: TimelineDocument
    public var tracks: [EasedTrack]
    /// What the export leaves out: tracks overridden by a later one for the same property.
    public var trackNotes: [String]
    /// The approximation budget, in value units: the one given, or the largest per-track default.
    public var tolerance: Double
    /// The tolerance given to ``init(_:tolerance:)``, `nil` for the per-track default.
    public var givenTolerance: Double?
    /// The timeline's duration: every track is played over it, holding its end value.
    public var duration: Double

    /// The default tolerance of a track: 0.1 % of its own value range (1e-9 for a track that does
    /// not move), so a small property (a scale from 0.8 to 1) is kept as closely, relatively, as a
    /// large one (a position over 400 points).
    public static func defaultTolerance(for path: KeyframePath<Double>) -> Double {
        let times = (0...400).map { path.duration * Double($0) / 400 }
        let values = path.values(atSorted: times) + path.segments.map(\.to) + [path.initialValue]
        let range = (values.max() ?? 0) - (values.min() ?? 0)
        return range > 0 ? range * 1e-3 : 1e-9
    }

    /// The tolerance as the notes state it: the number given, or the per-track default.
    var toleranceText: String {
        givenTolerance.map { DecimalText.significant($0, digits: 3) } ?? "0.1 % of each track's value range"
    }

    /// - Parameters:
    ///   - timeline: the timeline.
    ///   - tolerance: the largest error allowed where the format approximates (value units, the
    ///     same for every track); `nil` for each track's ``defaultTolerance(for:)``.
    public init(_ timeline: TimelineDocument, tolerance: Double? = nil) throws(ExportError) {
        self.timeline = timeline
        if let tolerance, !(tolerance.isFinite && tolerance > 0) {
            throw ExportError("the tolerance must be a finite number > 0; got \(tolerance)")
        }
        givenTolerance = tolerance
        var largest = 0.0
        duration = timeline.duration
        guard duration > 0 else { throw ExportError("the timeline lasts 0 s: there is nothing to animate") }
        for (track, path) in zip(timeline.tracks, timeline.paths) {
            for segment in path.segments where !(segment.from.isFinite && segment.to.isFinite && segment.endValue.isFinite) {
                throw ExportError("track \(track.property ?? "value") keyframe \(segment.index + 1) has a value that is not finite")
            }
        }
        // One exported track per property, in the initial value's order: the last track that
        // writes it (SwiftUI applies tracks in order, so the last one wins at every time), or a
        // constant for a property no track animates.
        let properties: [(name: String?, value: Double)] = timeline.initialValue.pairs.map { $0.map { ($0.name, $0.value) } }
            ?? [(nil, timeline.initialValue[nil] ?? 0)]
        var tracks: [EasedTrack] = []
        var notes: [String] = []
        for property in properties {
            let writers = timeline.tracks.indices.filter { timeline.tracks[$0].property == property.name }
            if let last = writers.last {
                let budget = tolerance ?? Self.defaultTolerance(for: timeline.paths[last])
                largest = max(largest, budget)
                tracks.append(EasedTrack(timeline.paths[last], property: property.name, tolerance: budget))
                if writers.count > 1 {
                    notes.append("\(writers.count - 1) earlier track\(writers.count == 2 ? "" : "s") for '\(property.name ?? "value")' \(writers.count == 2 ? "is" : "are") overridden by the last one (as in SwiftUI) and not exported")
                }
            } else {
                tracks.append(EasedTrack(constant: property.value, property: property.name))
            }
        }
        // Nothing non-finite is ever written: values so large that their changes overflow are an error.
        for track in tracks {
            for segment in track.segments where !segment.isFinite {
                throw ExportError("track '\(track.property ?? "value")' at \(segment.startTime) s: the keyframe from \(segment.from) to \(segment.to) cannot be exported — its change or its easing overflows a double")
            }
        }
        self.tracks = tracks
        self.trackNotes = notes
        self.tolerance = tolerance ?? max(largest, 1e-9)
        // A move at the very end jumps after a sliver added to the play time, so that every
        // earlier time keeps its exact offset.
        let terminalJump = tracks.contains { $0.segments.contains { $0.easing == .jump && $0.startTime >= timeline.duration } }
        playDuration = terminalJump ? duration + Self.jumpWidth : duration
    }

    /// How long the exported animation plays: the timeline's duration, plus a sliver of
    /// ``jumpWidth`` seconds when a move keyframe ends it (so the jump happens within the animation).
    public var playDuration: Double

    /// The largest |exported − exact| over every track.
    public var maxError: Double { tracks.map(\.maxError).max() ?? 0 }

    /// Each track's property name: `value` for a scalar timeline's track.
    public func name(of track: EasedTrack) -> String { track.property ?? "value" }

    /// The time a jump (a move keyframe) takes in formats without instantaneous jumps: 10 µs, far
    /// below a display frame and above the microsecond to which browsers keep animation time. The
    /// value is exact outside that sliver.
    public static let jumpWidth = 1e-5

    /// The keyframes of `track` as (offset in [0, 1] of ``playDuration``, value, easing of the
    /// interval that starts there): 0 and 1 always present, a jump as two keyframes ``jumpWidth``
    /// seconds apart.
    public func keyframes(of track: EasedTrack) -> [(offset: Double, value: Double, easing: EasedSegment.Easing?)] {
        var out: [(offset: Double, value: Double, easing: EasedSegment.Easing?)] = [(0, track.initialValue, nil)]
        var value = track.initialValue
        for segment in track.segments {
            let start = segment.startTime / playDuration
            if segment.easing == .jump {
                if start <= 0 {
                    // A jump at time 0 replaces the initial value.
                    out[out.count - 1] = (0, segment.to, nil)
                } else {
                    // A jump takes a sliver (moves at one time are one jump; a sliver after the
                    // end still lies within the play time, which is that much longer).
                    let base = max(start, out[out.count - 1].offset)
                    out[out.count - 1].easing = .linear
                    if out[out.count - 1].offset < base { out.append((base, segment.from, .linear)) }
                    out.append((min(1, base + Self.jumpWidth / playDuration), segment.to, nil))
                }
                value = segment.to
                continue
            }
            var segment = segment
            let last = out[out.count - 1].offset
            if last > start {
                // A jump's sliver reached into this segment: start it where the sliver ends,
                // exactly (its suffix), so every time after the sliver keeps its value.
                segment = segment.suffix(from: (last - start) * playDuration)
                out[out.count - 1].value = segment.from
            }
            out[out.count - 1].easing = segment.easing
            out.append((segment.endTime / playDuration, segment.to, nil))
            value = segment.to
        }
        if out[out.count - 1].offset < 1 {
            out[out.count - 1].easing = .hold
            out.append((1, value, nil))
        }
        return out
    }
}
