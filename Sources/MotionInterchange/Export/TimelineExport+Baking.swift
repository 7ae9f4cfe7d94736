import MotionKeyframes
import MotionNumerics

/// One keyframe of a format without `linear()` easing: its time as a fraction of
/// ``TimelineExport/playDuration``, its value, and the easing of the interval it starts —
/// `.linear`, `.cubicBezier` or `.hold`; `nil` for the last keyframe.
public struct BakedKeyframe: Sendable, Hashable {
    public var offset: Double
    public var value: Double
    public var easing: EasedSegment.Easing?

    public init(offset: Double, value: Double, easing: EasedSegment.Easing?) {
        self.offset = offset
        self.value = value
        self.easing = easing
    }
}

extension TimelineExport {
    /// ``keyframes(of:)`` for formats whose easings are only lines and cubic beziers: each
    /// `linear()` stop of an approximated segment (a spring, a circular curve) becomes a keyframe
    /// of its own joined by straight lines, so the baked keyframes play exactly the polyline the
    /// CSS export plays, within the same stated error. Jumps keep their ``jumpWidth`` sliver.
    public func bakedKeyframes(of track: EasedTrack) -> [BakedKeyframe] {
        let keyframes = keyframes(of: track)
        var out: [BakedKeyframe] = []
        for (i, k) in keyframes.enumerated() {
            guard case .stops(let easing)? = k.easing, i + 1 < keyframes.count else {
                out.append(BakedKeyframe(offset: k.offset, value: k.value, easing: k.easing))
                continue
            }
            let next = keyframes[i + 1]
            out.append(BakedKeyframe(offset: k.offset, value: k.value, easing: .linear))
            for stop in easing.stops.dropFirst().dropLast() {
                let offset = k.offset + stop.input * (next.offset - k.offset)
                guard offset > out[out.count - 1].offset, offset < next.offset else { continue }
                out.append(BakedKeyframe(offset: offset, value: k.value + stop.output * (next.value - k.value), easing: .linear))
            }
        }
        return out
    }

    /// The track's segments for formats with instantaneous jumps and per-step durations
    /// (Reanimated, react-spring): `linear()` stops baked into straight segments, and a hold to
    /// the timeline's end when the track ends earlier.
    public func bakedSegments(of track: EasedTrack) -> [EasedSegment] {
        var out: [EasedSegment] = []
        for segment in track.segments {
            guard case .stops(let easing) = segment.easing else { out.append(segment); continue }
            var previous = (time: segment.startTime, value: segment.from)
            for stop in easing.stops.dropFirst() {
                let time = stop.input >= 1 ? segment.endTime : segment.startTime + stop.input * segment.duration
                let value = stop.input >= 1 ? segment.to : segment.from + stop.output * (segment.to - segment.from)
                guard time > previous.time else { continue }
                out.append(EasedSegment(startTime: previous.time, endTime: time, from: previous.value, to: value,
                                        easing: value == previous.value ? .hold : .linear, maxError: segment.maxError))
                previous = (time, value)
            }
        }
        let end = out.last?.endTime ?? 0
        if end < duration {
            let value = out.last?.to ?? track.initialValue
            out.append(EasedSegment(startTime: end, endTime: duration, from: value, to: value, easing: .hold))
        }
        return out
    }

    /// The timeline's path that `track` exports (the last track writing its property), if any.
    func path(of track: EasedTrack) -> KeyframePath? {
        timeline.tracks.lastIndex { $0.property == track.property }.map { timeline.paths[$0] }
    }

    /// The largest |played − exact| of keyframes placed at `times` (seconds) with `values` and the
    /// easing of each interval, against the track's exact motion on a grid of 64 points per
    /// interval; times within `skipping` (the jumps' slivers, widened by the format's rounding)
    /// are left out. What a format that moves keyframe times (whole milliseconds) states.
    func measuredError(of track: EasedTrack, times: [Double], values: [Double], easings: [EasedSegment.Easing?],
                       skipping: [ClosedRange<Double>]) -> Double {
        guard let path = path(of: track), times.count > 1 else { return track.maxError }
        var worst = track.maxError
        for i in 0..<(times.count - 1) where times[i + 1] > times[i] {
            let segment = EasedSegment(startTime: times[i], endTime: times[i + 1], from: values[i], to: values[i + 1],
                                       easing: easings[i] ?? .linear)
            let play = segment.evaluator()
            func error(_ t: Double) -> Double {
                if skipping.contains(where: { $0.contains(t) }) { return 0 }
                let played = segment.easing == .hold ? values[i] : play(t - times[i])
                let error = abs(played - path.value(at: min(t, path.duration)))
                return error.isFinite ? error : 0
            }
            // A grid of 64 points, then 64 more around its worst point.
            let step = (times[i + 1] - times[i]) / 64
            let grid = (0...64).map { times[i] + step * Double($0) }
            let errors = grid.map(error)
            let best = errors.indices.max { errors[$0] < errors[$1] } ?? 0
            worst = max(worst, errors[best])
            for j in 0...64 {
                worst = max(worst, error(min(times[i + 1], max(times[i], grid[best] - step + 2 * step * Double(j) / 64))))
            }
        }
        return worst
    }

    /// Where a jump's sliver lies, in seconds, for the tracks' jumps (widened by `margin`).
    func jumpZones(of track: EasedTrack, margin: Double) -> [ClosedRange<Double>] {
        track.segments.filter { $0.easing == .jump && $0.startTime > 0 }.map {
            ($0.startTime - margin)...($0.startTime + Self.jumpWidth + margin)
        }
    }
}

extension TimelineExport {
    /// The notes of a format that bakes approximated segments into straight-line keyframes:
    /// overridden tracks, the approximation, and how the format plays a jump (`jump`, or nil
    /// when it jumps instantly).
    func bakedNotes(for format: ExportFormat, jump: String?) -> [String] {
        var notes = trackNotes
        let approximated = tracks.flatMap { track in track.segments.filter { $0.maxError > 0 } }
        if !approximated.isEmpty {
            let worst = approximated.map(\.maxError).max() ?? 0
            notes.append("\(approximated.count) segment\(approximated.count == 1 ? "" : "s") (springs, non-bezier curves) baked into straight-line keyframes within \(toleranceText); the largest error is \(DecimalText.significant(worst, digits: 3))")
        }
        if let jump, tracks.contains(where: { $0.segments.contains { $0.easing == .jump && $0.startTime > 0 } }) {
            notes.append(jump)
        }
        return notes
    }

    /// The default sliver note: each move keyframe takes ``jumpWidth``.
    func sliverNote(_ format: ExportFormat) -> String {
        "\(format.title) has no instantaneous jump between keyframes: each move keyframe takes \(DecimalText.significant(Self.jumpWidth * 1e6, digits: 3)) µs, and the value is exact outside it"
    }
}
