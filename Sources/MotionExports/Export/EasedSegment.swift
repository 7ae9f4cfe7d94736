import MotionCurves

/// One interval of an exported keyframe track: the value goes from ``from`` at ``startTime`` to
/// ``to`` at ``endTime`` along ``easing`` — what a keyframe format (CSS `@keyframes`, Web
/// Animations, Lottie, Compose `keyframes { }`) holds between two keyframes.
public struct EasedSegment: Sendable, Hashable {
    /// How the value moves between the two keyframes, as a function of normalised time u ∈ [0, 1]
    /// giving normalised progress (0 at ``from``, 1 at ``to``).
    public enum Easing: Sendable, Hashable {
        /// progress = u.
        case linear
        /// `cubic-bezier(x1, y1, x2, y2)`: exact for SwiftUI's cubic keyframes, whose control
        /// points are (1/3, m0/(3Δ)) and (2/3, 1 − m1/(3Δ)), and for bezier timing curves.
        case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)
        /// CSS `linear()` stops approximating the motion (a spring, a circular curve).
        case stops(CSSLinearEasing)
        /// The value stays at ``EasedSegment/from`` (which equals ``EasedSegment/to``).
        case hold
        /// An instantaneous jump from ``EasedSegment/from`` to ``EasedSegment/to`` at
        /// ``EasedSegment/startTime`` (a move keyframe): ``EasedSegment/endTime`` equals the start.
        case jump
    }

    public var startTime: Double
    public var endTime: Double
    public var from: Double
    public var to: Double
    public var easing: Easing
    /// The largest |exported − exact| value on this segment (value units): 0 for an exact easing.
    public var maxError: Double

    public init(startTime: Double, endTime: Double, from: Double, to: Double, easing: Easing, maxError: Double = 0) {
        self.startTime = startTime
        self.endTime = endTime
        self.from = from
        self.to = to
        self.easing = easing
        self.maxError = maxError
    }

    public var duration: Double { endTime - startTime }

    /// Whether every number of the segment — times, values, easing, error — is finite.
    public var isFinite: Bool {
        let easingFinite: Bool
        switch easing {
        case let .cubicBezier(x1, y1, x2, y2): easingFinite = x1.isFinite && y1.isFinite && x2.isFinite && y2.isFinite
        case .stops(let stops): easingFinite = stops.stops.allSatisfy { $0.input.isFinite && $0.output.isFinite }
        case .linear, .hold, .jump: easingFinite = true
        }
        return easingFinite && startTime.isFinite && endTime.isFinite && from.isFinite && to.isFinite && maxError.isFinite && (to - from).isFinite
    }

    /// The exported value at `local` seconds into the segment, as a player computes it (a jump
    /// is at ``to`` from its start). For many values use ``evaluator()``, which prepares the
    /// easing once.
    public func value(at local: Double) -> Double { evaluator()(local) }

    /// The exported value as a function of local time, the easing prepared once (a bezier's
    /// solver is built here, not at every call).
    public func evaluator() -> (Double) -> Double {
        let (from, to, duration) = (self.from, self.to, self.duration)
        let progress: (Double) -> Double
        switch easing {
        case .linear: progress = { $0 }
        case let .cubicBezier(x1, y1, x2, y2):
            let curve = CubicBezier(clampingX1: x1, y1: y1, x2: x2, y2: y2)
            progress = { curve.y(forX: $0) }
        case .stops(let easing): progress = { easing.value(at: $0) }
        case .hold: return { _ in from }
        case .jump: return { _ in to }
        }
        return { local in
            let u = duration > 0 ? min(1, max(0, local / duration)) : 1
            return from + (to - from) * progress(u)
        }
    }
}

extension EasedSegment {
    /// The same motion from `local` seconds into the segment to its end, exactly: a line stays a
    /// line, a bezier becomes its right part after de Casteljau subdivision (renormalised, so again
    /// a `cubic-bezier()`), `linear()` stops are re-mapped onto the shorter interval.
    public func suffix(from local: Double) -> EasedSegment {
        guard local > 0, duration > 0 else { return self }
        guard local < duration else { return EasedSegment(startTime: endTime, endTime: endTime, from: to, to: to, easing: .hold) }
        let e = local / duration
        let start = value(at: local)
        var result = EasedSegment(startTime: startTime + local, endTime: endTime, from: start, to: to, easing: easing, maxError: maxError)
        switch easing {
        case .linear, .hold, .jump:
            break
        case let .cubicBezier(x1, y1, x2, y2):
            let curve = CubicBezier(clampingX1: x1, y1: y1, x2: x2, y2: y2)
            let s = curve.solveT(forX: e)
            // The right part of (0, p1, p2, 1) split at s: (B(s), (1−s)²p1… ) by de Casteljau.
            func right(_ p1: Double, _ p2: Double) -> (Double, Double, Double) {
                let a = p1 + (p2 - p1) * s, b = p2 + (1 - p2) * s
                let l = p1 * s, m = l + (a - l) * s
                let n = a + (b - a) * s
                return (m + (n - m) * s, n, b)
            }
            let (x0, xa, xb) = right(x1, x2), (y0, ya, yb) = right(y1, y2)
            let dx = 1 - x0, dy = 1 - y0
            guard dx > 0, dy != 0 else { result.easing = .hold; result.to = start; return result }
            result.easing = .cubicBezier(x1: (xa - x0) / dx, y1: (ya - y0) / dy, x2: (xb - x0) / dx, y2: (yb - y0) / dy)
        case .stops(let stops):
            let p = stops.value(at: e)
            guard p != 1 else { result.easing = .hold; result.to = start; return result }
            var remapped: [(input: Double, output: Double)] = [(0, 0)]
            for stop in stops.stops where stop.input > e {
                remapped.append(((stop.input - e) / (1 - e), (stop.output - p) / (1 - p)))
            }
            result.easing = .stops(stops.replacingStops(remapped))
        }
        return result
    }
}
