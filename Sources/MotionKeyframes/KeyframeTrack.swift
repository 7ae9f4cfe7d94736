import MotionCurves
import MotionSprings

/// A sequence of keyframes animating one property of a timeline's value — or the whole value
/// when `property` is `nil` (SwiftUI's `KeyframeTrack`, with a property name for a key path).
public struct KeyframeTrack: Sendable, Hashable {
    /// The property the track writes, or `nil` for a scalar timeline's value.
    public var property: String?
    /// The keyframes, in order.
    public var keyframes: [Keyframe]

    public init(_ property: String? = nil, keyframes: [Keyframe]) {
        self.property = property
        self.keyframes = keyframes
    }

    public init(_ property: String? = nil, @KeyframeTrackContentBuilder content: () -> [Keyframe]) {
        self.init(property, keyframes: content())
    }

    /// The path the property takes from `initialValue`: every keyframe resolved to a segment
    /// with its start time, start value and tangents.
    public func path(from initialValue: Double) -> KeyframePath {
        KeyframePath(keyframes: keyframes, initialValue: initialValue)
    }
}

/// One resolved keyframe: where it starts, how long it lasts and how it moves.
public struct KeyframeSegment: Sendable, Hashable {
    /// How the segment interpolates, with everything resolved from its neighbours.
    public enum Motion: Sendable, Hashable {
        /// A jump to the keyframe's value (duration 0).
        case move
        /// from + (to − from)·curve(u).
        case linear(UnitCurve)
        /// Cubic Hermite on u = t/d with tangents m0, m1 in value per segment (velocity·d).
        case cubic(startTangent: Double, endTangent: Double)
        /// from + spring.value(target: to − from, initialVelocity: v0, time: t).
        case spring(Spring, initialVelocity: Double)
    }

    /// The keyframe's position in its track.
    public var index: Int
    /// When the segment starts.
    public var startTime: Double
    /// How long it lasts (0 for a move).
    public var duration: Double
    /// The value it starts from: where the previous segment ended.
    public var from: Double
    /// The keyframe's target value.
    public var to: Double
    public var motion: Motion

    /// When the segment ends.
    public var endTime: Double { startTime + duration }

    /// The value at `local` seconds into the segment (clamped to [0, duration]).
    public func value(at local: Double) -> Double {
        guard duration > 0 else {
            if case .spring = motion { return from }
            return to
        }
        let t = min(max(local, 0), duration)
        switch motion {
        case .move: return to
        case .linear(let curve): return from + (to - from) * curve.value(at: t / duration)
        case .cubic(let m0, let m1):
            let u = t / duration
            let u2 = u * u, u3 = u2 * u
            return (2 * u3 - 3 * u2 + 1) * from + (u3 - 2 * u2 + u) * m0 + (-2 * u3 + 3 * u2) * to + (u3 - u2) * m1
        case .spring(let spring, let v0):
            return from + spring.value(target: to - from, initialVelocity: v0, time: t)
        }
    }

    /// The velocity of the evaluated motion at `local` seconds into the segment (clamped to
    /// [0, duration]): its true derivative, also where a timing curve's control point sits on an
    /// end (`UnitCurve.exactVelocity(at:)`). What SwiftUI hands to the next keyframe can differ
    /// there: see ``endVelocity``.
    public func velocity(at local: Double) -> Double {
        guard duration > 0 else { return 0 }
        let t = min(max(local, 0), duration)
        switch motion {
        case .move: return 0
        case .linear(let curve): return (to - from) / duration * curve.exactVelocity(at: t / duration)
        case .cubic(let m0, let m1):
            let u = t / duration
            let u2 = u * u
            let dp = (6 * u2 - 6 * u) * from + (3 * u2 - 4 * u + 1) * m0 + (-6 * u2 + 6 * u) * to + (3 * u2 - 2 * u) * m1
            return dp / duration
        case .spring(let spring, let v0):
            return spring.velocity(target: to - from, initialVelocity: v0, time: t)
        }
    }

    /// The acceleration at `local` seconds into the segment (clamped to [0, duration]).
    ///
    /// Exact for cubic, spring and linear-curve segments; for an eased linear segment, a
    /// central difference of the curve's exact velocity (one-sided at the ends).
    public func acceleration(at local: Double) -> Double {
        guard duration > 0 else { return 0 }
        let t = min(max(local, 0), duration)
        switch motion {
        case .move: return 0
        case .linear(let curve):
            if curve == .linear { return 0 }
            let u = t / duration, h = 1e-6
            let lo = max(u - h, 0), hi = min(u + h, 1)
            let slope = (curve.exactVelocity(at: hi) - curve.exactVelocity(at: lo)) / (hi - lo)
            return (to - from) / (duration * duration) * slope
        case .cubic(let m0, let m1):
            let u = t / duration
            let ddp = (12 * u - 6) * from + (6 * u - 4) * m0 + (-12 * u + 6) * to + (6 * u - 2) * m1
            return ddp / (duration * duration)
        case .spring(let spring, let v0):
            // x'' = −ω0²·(x − target) − 2λ·x', the spring's own equation.
            let displacement = value(at: t) - to
            let omega0Squared = spring.decayRate * spring.decayRate + spring.signedFrequency * abs(spring.signedFrequency)
            return -omega0Squared * displacement - 2 * spring.decayRate * spring.velocity(target: to - from, initialVelocity: v0, time: t)
        }
    }

    /// The value where the segment ends: `to`, except for a spring cut short of it.
    public var endValue: Double { value(at: duration) }
    /// The velocity SwiftUI takes as the segment's start: for a linear keyframe its timing
    /// curve's `velocity(at: 0)` as SwiftUI reports it, else the motion's own.
    public var startVelocity: Double { handOver(at: 0) }
    /// The velocity SwiftUI hands to the next keyframe (0 for a move or any zero-length segment):
    /// for a linear keyframe (to − from)/d · curve.velocity(at: 1) with SwiftUI's value of the
    /// curve's velocity — 0 for easeIn, whose control point sits on the end, where the motion
    /// itself arrives at (to − from)/(0.58·d) — else the motion's own end velocity.
    public var endVelocity: Double { handOver(at: duration) }

    private func handOver(at local: Double) -> Double {
        guard duration > 0, case .linear(let curve) = motion else { return velocity(at: local) }
        return (to - from) / duration * curve.velocity(at: local / duration)
    }
}

/// A track resolved against its initial value: the segments in time order and fast evaluation.
///
/// Resolution follows SwiftUI's hand-over rules. A cubic keyframe's start velocity is its
/// explicit `startVelocity`; for the first keyframe the timeline's initial velocity (0); after a
/// move 0; after a cubic that cubic's explicit `endVelocity`, else the Catmull-Rom velocity for
/// unequal durations (to − P)/(dPrev + d), P the value before the previous keyframe; after a
/// spring or a linear keyframe that keyframe's end velocity. Its end velocity is its explicit
/// `endVelocity`; for the last keyframe 0; before a move 0; before a cubic that cubic's explicit
/// `startVelocity`, else (next.to − from)/(dNext + d); before a spring its `startVelocity`, else
/// the tangent ½(next.to − to) + ½(to − from) per segment (not weighted by the neighbours' durations),
/// i.e. the velocity (½(next.to − to) + ½(to − from))/d; before a linear keyframe
/// that keyframe's start velocity.
public struct KeyframePath: Sendable, Hashable {
    public let initialValue: Double
    public let segments: [KeyframeSegment]
    /// The track's duration: the end of its last segment.
    public let duration: Double

    public init(keyframes: [Keyframe], initialValue: Double) {
        self.initialValue = initialValue
        var segments: [KeyframeSegment] = []
        segments.reserveCapacity(keyframes.count)
        var time = 0.0
        var from = initialValue
        for (i, keyframe) in keyframes.enumerated() {
            let previous = segments.last
            let next = i + 1 < keyframes.count ? keyframes[i + 1] : nil
            let segment: KeyframeSegment
            switch keyframe {
            case .move(let k):
                segment = KeyframeSegment(index: i, startTime: time, duration: 0, from: from, to: k.to, motion: .move)
            case .linear(let k):
                segment = KeyframeSegment(index: i, startTime: time, duration: max(k.duration, 0), from: from, to: k.to,
                                          motion: .linear(k.timingCurve))
            case .cubic(let k):
                let d = max(k.duration, 0)
                let v0 = k.startVelocity ?? KeyframePath.automaticStartVelocity(
                    of: k, from: from, previous: previous, previousKeyframe: i > 0 ? keyframes[i - 1] : nil)
                let v1 = k.endVelocity ?? KeyframePath.automaticEndVelocity(of: k, from: from, next: next)
                segment = KeyframeSegment(index: i, startTime: time, duration: d, from: from, to: k.to,
                                          motion: .cubic(startTangent: v0 * d, endTangent: v1 * d))
            case .spring(let k):
                let v0 = k.startVelocity ?? previous?.endVelocity ?? 0
                let d = k.duration ?? k.spring.settlingDuration(target: k.to - from, initialVelocity: v0, epsilon: 1e-4)
                segment = KeyframeSegment(index: i, startTime: time, duration: max(d, 0), from: from, to: k.to,
                                          motion: .spring(k.spring, initialVelocity: v0))
            }
            segments.append(segment)
            time = segment.endTime
            from = segment.endValue
        }
        self.segments = segments
        self.duration = time
    }

    /// The start velocity SwiftUI gives a cubic keyframe without an explicit one.
    static func automaticStartVelocity(
        of k: CubicKeyframe, from: Double, previous: KeyframeSegment?, previousKeyframe: Keyframe?
    ) -> Double {
        guard let previous, let previousKeyframe else { return 0 }
        switch previousKeyframe {
        case .move: return 0
        case .cubic(let p):
            if let v = p.endVelocity { return v }
            // Catmull-Rom for unequal durations; P is where the previous keyframe started.
            let span = previous.duration + k.duration
            return span > 0 ? (k.to - previous.from) / span : 0
        case .spring, .linear: return previous.endVelocity
        }
    }

    /// The end velocity SwiftUI gives a cubic keyframe without an explicit one.
    static func automaticEndVelocity(of k: CubicKeyframe, from: Double, next: Keyframe?) -> Double {
        guard let next else { return 0 }
        switch next {
        case .move: return 0
        case .cubic(let n):
            if let v = n.startVelocity { return v }
            let span = n.duration + k.duration
            return span > 0 ? (n.to - from) / span : 0
        case .spring(let n):
            if let v = n.startVelocity { return v }
            let tangent = 0.5 * (n.to - k.to) + 0.5 * (k.to - from)
            return k.duration > 0 ? tangent / k.duration : 0
        case .linear(let n):
            guard n.duration > 0 else { return 0 }
            return (n.to - k.to) / n.duration * n.timingCurve.velocity(at: 0)
        }
    }

    /// The value where the path ends.
    public var endValue: Double { segments.last?.endValue ?? initialValue }

    /// The index of the segment that owns time `t`: the first whose end is ≥ t (a boundary
    /// belongs to the earlier keyframe); `nil` before 0 or after the end.
    public func segmentIndex(at t: Double) -> Int? {
        guard t >= 0, let last = segments.last, t <= last.endTime else { return nil }
        var lo = 0, hi = segments.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if segments[mid].endTime >= t { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// The value at time `t`: the initial value before 0, the end value after the end.
    /// O(log k) for k keyframes.
    public func value(at t: Double) -> Double {
        if t < 0 || t.isNaN { return initialValue }
        guard let i = segmentIndex(at: t) else { return endValue }
        return segments[i].value(at: t - segments[i].startTime)
    }

    /// The velocity at time `t` (0 outside the path).
    public func velocity(at t: Double) -> Double {
        guard t >= 0, let i = segmentIndex(at: t) else { return 0 }
        return segments[i].velocity(at: t - segments[i].startTime)
    }

    /// Values at `times` sorted ascending, in one pass: O(n + k) for n times and k keyframes.
    /// Unsorted input is still evaluated correctly: where the order breaks, the sweep restarts
    /// from a binary search (O(log k)) rather than from the first keyframe.
    ///
    /// The pass saves only the search: evaluating each segment costs more than finding it, so at
    /// a thousand keyframes it is barely faster than ``value(at:)`` per time (the README's
    /// benchmark table measures both). Use it for the complexity guarantee, not for speed.
    public func values(atSorted times: [Double]) -> [Double] {
        var out = [Double](repeating: 0, count: times.count)
        var i = 0
        var previousTime = -Double.infinity
        for (n, t) in times.enumerated() {
            if t < 0 || t.isNaN { out[n] = initialValue; continue }
            if t < previousTime { i = segmentIndex(at: t) ?? 0 }  // not sorted: jump back by search
            previousTime = t
            while i < segments.count && segments[i].endTime < t { i += 1 }
            out[n] = i < segments.count ? segments[i].value(at: t - segments[i].startTime) : endValue
        }
        return out
    }
}
