import MotionCurves
import MotionKeyframes
import MotionNumerics
import MotionSprings

/// A keyframe track as keyframe formats hold it: eased segments between keyframe values, exact
/// wherever the format can be (cubic keyframes, bezier and linear curves, moves), within a stated
/// tolerance elsewhere (springs, circular curves).
public struct EasedTrack: Sendable, Hashable {
    /// The property the track animates (`nil` for a scalar timeline's value).
    public var property: String?
    /// The value before the first segment.
    public var initialValue: Double
    /// The segments in time order, each starting where the previous ended; a jump has no duration.
    public var segments: [EasedSegment]
    /// The track's duration (the end of its last segment).
    public var duration: Double

    /// The largest control-point ordinate a cubic-bezier segment keeps; steeper segments are split.
    /// Browsers solve x(t) = u to about 1e-7, so an ordinate of y shows an error of about y·1e-7.
    public static let maximumOrdinate = 8.0
    /// How many times a cubic segment may be halved to bring its ordinates within range.
    static let maximumSplitDepth = 12

    /// The largest |exported − exact| over the track, in value units.
    public var maxError: Double { segments.map(\.maxError).max() ?? 0 }

    /// A property no keyframe moves: it keeps `constant`.
    public init(constant: Double, property: String?) {
        self.property = property
        initialValue = constant
        segments = []
        duration = 0
    }

    /// The eased segments of `path`, springs and non-bezier curves approximated by `linear()` stops
    /// within `tolerance` (value units, > 0).
    public init(_ path: KeyframePath<Double>, property: String?, tolerance: Double) {
        self.property = property
        initialValue = path.initialValue
        duration = path.duration
        var out: [EasedSegment] = []
        // Jumps at one instant (moves in a row) are one jump from the first value to the last: the
        // path shows the values between for no time, and a format draws each jump as a sliver.
        func jump(at t0: Double, from a: Double, to b: Double) {
            var a = a
            if let last = out.last, last.easing == .jump, last.startTime == t0 {
                a = last.from
                out.removeLast()
            }
            if b != a { out.append(EasedSegment(startTime: t0, endTime: t0, from: a, to: b, easing: .jump)) }
        }
        for segment in path.segments {
            let (t0, t1, a, b) = (segment.startTime, segment.endTime, segment.from, segment.endValue)
            switch segment.motion {
            case .move:
                jump(at: t0, from: a, to: b)
            case .linear(let curve):
                guard segment.duration > 0 else {
                    jump(at: t0, from: a, to: b)
                    continue
                }
                if a == b {
                    out.append(EasedSegment(startTime: t0, endTime: t1, from: a, to: b, easing: .hold))
                } else if curve == .linear {
                    out.append(EasedSegment(startTime: t0, endTime: t1, from: a, to: b, easing: .linear))
                } else if let p = curve.controlPoints {
                    out.append(EasedSegment(startTime: t0, endTime: t1, from: a, to: b,
                                            easing: .cubicBezier(x1: p.start.x, y1: p.start.y, x2: p.end.x, y2: p.end.y)))
                } else {
                    out += Self.approximated(t0, t1, a, b, tolerance: tolerance) { u in a + (b - a) * curve.value(at: u) }
                }
            case .cubic:
                let (m0, m1) = (segment.startTangent, segment.endTangent)
                guard segment.duration > 0 else {
                    jump(at: t0, from: a, to: b)
                    continue
                }
                // Bernstein ordinates of the Hermite cubic; the abscissae are 0, 1/3, 2/3, 1 (time is linear in u).
                out += Self.cubic(t0, t1, (a, a + m0 / 3, b - m1 / 3, b), depth: 0, tolerance: tolerance)
            case .spring:
                guard segment.duration > 0 else {
                    jump(at: t0, from: a, to: b)
                    continue
                }
                out += Self.approximated(t0, t1, a, b, tolerance: tolerance) { u in segment.value(at: u * segment.duration) }
            }
        }
        segments = out
    }

    /// A cubic with value ordinates `q` over [t0, t1]: exact as `cubic-bezier(1/3, y1, 2/3, y2)`
    /// when its ordinates are in range, else halved (de Casteljau: each half is again a cubic with
    /// abscissae at thirds), down to a depth where a straight line is within the tolerance.
    static func cubic(_ t0: Double, _ t1: Double, _ q: (Double, Double, Double, Double), depth: Int,
                      tolerance: Double) -> [EasedSegment] {
        let delta = q.3 - q.0
        if q.0 == q.1 && q.1 == q.2 && q.2 == q.3 {
            return [EasedSegment(startTime: t0, endTime: t1, from: q.0, to: q.3, easing: .hold)]
        }
        if delta != 0 {
            let y1 = (q.1 - q.0) / delta, y2 = (q.2 - q.0) / delta
            if abs(y1) <= maximumOrdinate && abs(y2) <= maximumOrdinate && y1.isFinite && y2.isFinite {
                return [EasedSegment(startTime: t0, endTime: t1, from: q.0, to: q.3,
                                     easing: .cubicBezier(x1: 1.0 / 3, y1: y1, x2: 2.0 / 3, y2: y2))]
            }
        }
        if depth >= maximumSplitDepth {
            // A piece 1/4096 of the keyframe: a straight line, its error bounded by the ordinates' spread.
            let error = max(abs(q.1 - (q.0 + delta / 3)), abs(q.2 - (q.0 + 2 * delta / 3)))
            return [EasedSegment(startTime: t0, endTime: t1, from: q.0, to: q.3, easing: delta == 0 ? .hold : .linear,
                                 maxError: error)]
        }
        let l1 = (q.0 + q.1) / 2, m = (q.1 + q.2) / 2, r2 = (q.2 + q.3) / 2
        let l2 = (l1 + m) / 2, r1 = (m + r2) / 2, mid = (l2 + r1) / 2
        let tm = (t0 + t1) / 2
        return cubic(t0, tm, (q.0, l1, l2, mid), depth: depth + 1, tolerance: tolerance)
            + cubic(tm, t1, (mid, r1, r2, q.3), depth: depth + 1, tolerance: tolerance)
    }

    /// `value(u)` over [t0, t1] as `linear()` stops within `tolerance` (value units). A piece that
    /// returns to its start (Δ = 0, nothing to normalise by) or barely moves against its excursion
    /// is halved first.
    static func approximated(_ t0: Double, _ t1: Double, _ a: Double, _ b: Double, tolerance: Double, depth: Int = 0,
                             _ value: @escaping (Double) -> Double) -> [EasedSegment] {
        let samples = (0...64).map { value(Double($0) / 64) }
        let excursion = samples.map { abs($0 - a) }.max() ?? 0
        if excursion <= tolerance {
            return [EasedSegment(startTime: t0, endTime: t1, from: a, to: b, easing: a == b ? .hold : .linear,
                                 maxError: zip(samples.indices, samples).map { i, y in abs(a + (b - a) * Double(i) / 64 - y) }.max() ?? 0)]
        }
        let delta = b - a
        if abs(delta) < 0.01 * excursion && depth < 8 {
            let tm = (t0 + t1) / 2, mid = value(0.5)
            return approximated(t0, tm, a, mid, tolerance: tolerance, depth: depth + 1) { u in value(u / 2) }
                + approximated(tm, t1, mid, b, tolerance: tolerance, depth: depth + 1) { u in value(0.5 + u / 2) }
        }
        let easing = CSSLinearEasing(approximating: { u in (value(u) - a) / delta }, tolerance: min(0.5, tolerance / abs(delta)))
        if easing.maxError * abs(delta) > tolerance && depth < 8 {
            // A bend the construction grid cannot follow (a circular curve's vertical tangent): halve.
            let tm = (t0 + t1) / 2, mid = value(0.5)
            return approximated(t0, tm, a, mid, tolerance: tolerance, depth: depth + 1) { u in value(u / 2) }
                + approximated(tm, t1, mid, b, tolerance: tolerance, depth: depth + 1) { u in value(0.5 + u / 2) }
        }
        return [EasedSegment(startTime: t0, endTime: t1, from: a, to: b, easing: .stops(easing), maxError: easing.maxError * abs(delta))]
    }
}
