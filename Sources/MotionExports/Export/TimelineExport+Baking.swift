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
    func path(of track: EasedTrack) -> KeyframePath<Double>? {
        timeline.tracks.lastIndex { $0.property == track.property }.map { timeline.paths[$0] }
    }

    /// The largest |played − exact| of keyframes placed at `times` (seconds) with `values` and the
    /// easing of each interval, against the track's exact motion; times within `skipping` (the
    /// jumps' slivers, widened by the format's rounding) are left out. What a format that moves
    /// keyframe times (whole milliseconds) states.
    ///
    /// The difference is smooth between breakpoints — the played keyframe times, the exact
    /// segments' ends and the skipped zones' edges — so each piece between two of them is searched
    /// on its own: both ends, a grid of 32 points, and a golden-section refinement around each of
    /// the grid's local maxima. A peak where the rounded and the exact keyframe times
    /// disagree lies at a piece's end, where it is evaluated exactly.
    func measuredError(of track: EasedTrack, times: [Double], values: [Double], easings: [EasedSegment.Easing?],
                       skipping: [ClosedRange<Double>]) -> Double {
        guard let path = path(of: track), times.count > 1 else { return track.maxError }
        var worst = track.maxError
        let edges = path.segments.flatMap { [$0.startTime, $0.endTime] } + skipping.flatMap { [$0.lowerBound, $0.upperBound] }
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
            let cuts = [times[i]] + edges.filter { $0 > times[i] && $0 < times[i + 1] }.sorted() + [times[i + 1]]
            for (a, b) in zip(cuts, cuts.dropFirst()) where b > a {
                worst = max(worst, Self.largest(of: error, from: a, to: b))
            }
        }
        return worst
    }

    /// The largest value of `f` on [a, b]: both ends, 32 grid points, and a golden-section
    /// search in the two grid steps around each of the grid's local maxima.
    static func largest(of f: (Double) -> Double, from a: Double, to b: Double) -> Double {
        let count = 32
        let step = (b - a) / Double(count)
        let grid = (0...count).map { j in j == count ? b : a + step * Double(j) }
        let values = grid.map(f)
        var worst = values.max() ?? 0
        let peaks = values.indices.filter { j in (j == 0 || values[j] >= values[j - 1]) && (j == count || values[j] >= values[j + 1]) }
        for j in peaks {
            var (lo, hi) = (max(a, grid[j] - step), min(b, grid[j] + step))
            let r = (5.0.squareRoot() - 1) / 2
            var (x1, x2) = (hi - r * (hi - lo), lo + r * (hi - lo))
            var (f1, f2) = (f(x1), f(x2))
            for _ in 0..<40 {
                guard hi - lo > 1e-12 * max(1, abs(hi)) else { break }
                if f1 > f2 { (hi, x2, f2) = (x2, x1, f1); x1 = hi - r * (hi - lo); f1 = f(x1) }
                else { (lo, x1, f1) = (x1, x2, f2); x2 = lo + r * (hi - lo); f2 = f(x2) }
            }
            worst = max(worst, f1, f2)
        }
        return worst
    }

    /// Where each jump plays in a format that moves keyframes from their `exact` times to `placed`
    /// ones (seconds, one per baked keyframe): from the earlier of the jump's time and its
    /// sliver's first keyframe as placed, to the later of the sliver's end and its last keyframe as
    /// placed. (Moves at one time are one jump: ``EasedTrack`` merges them.)
    func jumpZones(of track: EasedTrack, exact: [Double], placed: [Double]) -> [ClosedRange<Double>] {
        var zones: [ClosedRange<Double>] = []
        for jump in track.segments where jump.easing == .jump && jump.startTime > 0 {
            let start = jump.startTime
            guard let i = exact.indices.dropLast().first(where: { exact[$0] >= start - 1e-9 }) else { continue }
            zones.append(min(start, placed[i])...max(exact[i + 1], placed[i + 1]))
        }
        return zones
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

    /// The default sliver note: each jump takes ``jumpWidth``.
    func sliverNote(_ format: ExportFormat) -> String {
        "\(format.title) has no instantaneous jump between keyframes: each jump (moves at one time are one) takes \(DecimalText.significant(Self.jumpWidth * 1e6, digits: 3)) µs, and the value is exact outside it"
    }
}
