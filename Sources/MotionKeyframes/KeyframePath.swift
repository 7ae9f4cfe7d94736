import MotionCurves
import MotionSprings

/// A track resolved against its initial value: the segments in time order and fast evaluation,
/// for a value whose `animatableData` is `V`.
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
///
/// The first keyframe starts from the path's initial velocity (0 unless given): a cubic keyframe
/// without `startVelocity` takes it as its start velocity, a spring keyframe without one as its v0.
/// A keyframe animator re-triggered mid-motion gives the velocity shown, so the motion goes on
/// smoothly.
///
/// Every rule is linear in the values, so a value of several components follows them component
/// by component; only a spring keyframe's default duration looks at the whole vector.
public struct KeyframePath<V: VectorArithmetic> {
    /// The value before the first keyframe.
    public let initialValue: V
    /// The velocity the path starts with: what the first keyframe takes where it has no start
    /// velocity of its own.
    public let initialVelocity: V
    /// The resolved keyframes, in time order.
    public let segments: [KeyframeSegment<V>]
    /// The track's duration: the end of its last segment.
    public let duration: Double

    /// The path of `keyframes` starting from `initialValue` (the data of the track's value),
    /// moving at `initialVelocity` (per second; by default at rest).
    ///
    /// - Parameters:
    ///   - keyframes: The keyframes, in order.
    ///   - initialValue: The data of the value before the first keyframe.
    ///   - initialVelocity: The velocity at time 0, taken by a first cubic or spring keyframe
    ///     without a start velocity of its own.
    @inlinable
    public init<Value: Animatable>(keyframes: [Keyframe<Value>], initialValue: V, initialVelocity: V = .zero)
    where Value.AnimatableData == V {
        self.initialValue = initialValue
        self.initialVelocity = initialVelocity
        var segments: [KeyframeSegment<V>] = []
        segments.reserveCapacity(keyframes.count)
        var time = 0.0
        var from = initialValue
        for (i, keyframe) in keyframes.enumerated() {
            // The previous segment, read in place when a rule needs it (a copy costs more than
            // the rule).
            func previousEndVelocity() -> V { segments.withUnsafeBufferPointer { $0[$0.count - 1].endVelocity } }
            let previous = segments.withUnsafeBufferPointer { $0.last.map { (duration: $0.duration, from: $0.from) } }
            let next = i + 1 < keyframes.count ? keyframes[i + 1] : nil
            let to = keyframe.to.animatableData
            let segment: KeyframeSegment<V>
            switch keyframe {
            case .move:
                segment = KeyframeSegment(index: i, startTime: time, duration: 0, from: from, to: to, motion: .move)
            case .linear(let k):
                segment = KeyframeSegment(index: i, startTime: time, duration: max(k.duration, 0), from: from, to: to,
                                          motion: .linear(k.timingCurve))
            case .cubic(let k):
                let d = max(k.duration, 0)
                let v0 = k.startVelocity?.animatableData ?? Self.automaticStartVelocity(
                    to: to, duration: k.duration, previous: previous, previousEndVelocity: previousEndVelocity,
                    previousKeyframe: i > 0 ? keyframes[i - 1] : nil, initialVelocity: initialVelocity)
                let v1 = k.endVelocity?.animatableData
                    ?? Self.automaticEndVelocity(to: to, duration: k.duration, from: from, next: next)
                segment = KeyframeSegment(index: i, startTime: time, duration: d, from: from, to: to,
                                          motion: .cubic, startTangent: v0.scaled(by: d), endTangent: v1.scaled(by: d))
            case .spring(let k):
                let v0 = k.startVelocity?.animatableData ?? (previous == nil ? initialVelocity : previousEndVelocity())
                let d = k.duration ?? k.spring.settlingDuration(target: to - from, initialVelocity: v0, epsilon: 1e-4)
                segment = KeyframeSegment(index: i, startTime: time, duration: max(d, 0), from: from, to: to,
                                          motion: .spring(k.spring), initialVelocity: v0)
            }
            time = segment.endTime
            from = segment.endValue
            segments.append(segment)
        }
        self.segments = segments
        self.duration = time
    }

    /// The start velocity SwiftUI gives a cubic keyframe without an explicit one.
    @inlinable
    static func automaticStartVelocity<Value: Animatable>(
        to: V, duration: Double, previous: (duration: Double, from: V)?, previousEndVelocity: () -> V,
        previousKeyframe: Keyframe<Value>?, initialVelocity: V
    ) -> V where Value.AnimatableData == V {
        guard let previous, let previousKeyframe else { return initialVelocity }
        switch previousKeyframe {
        case .move: return .zero
        case .cubic(let p):
            if let v = p.endVelocity { return v.animatableData }
            // Catmull-Rom for unequal durations; P is where the previous keyframe started.
            let span = previous.duration + duration
            return span > 0 ? (to - previous.from).divided(by: span) : .zero
        case .spring, .linear: return previousEndVelocity()
        }
    }

    /// The end velocity SwiftUI gives a cubic keyframe without an explicit one.
    @inlinable
    static func automaticEndVelocity<Value: Animatable>(
        to: V, duration: Double, from: V, next: Keyframe<Value>?
    ) -> V where Value.AnimatableData == V {
        guard let next else { return .zero }
        switch next {
        case .move: return .zero
        case .cubic(let n):
            if let v = n.startVelocity { return v.animatableData }
            let span = n.duration + duration
            return span > 0 ? (n.to.animatableData - from).divided(by: span) : .zero
        case .spring(let n):
            if let v = n.startVelocity { return v.animatableData }
            let tangent = (n.to.animatableData - to).scaled(by: 0.5) + (to - from).scaled(by: 0.5)
            return duration > 0 ? tangent.divided(by: duration) : .zero
        case .linear(let n):
            guard n.duration > 0 else { return .zero }
            return (n.to.animatableData - to).divided(by: n.duration).scaled(by: n.timingCurve.velocity(at: 0))
        }
    }

    /// The value where the path ends.
    @inlinable
    public var endValue: V { segments.last?.endValue ?? initialValue }

    /// The index of the segment that owns time `t`: the first whose end is ≥ t (a boundary
    /// belongs to the earlier keyframe); `nil` before 0 or after the end.
    @inlinable
    public func segmentIndex(at t: Double) -> Int? {
        segments.withUnsafeBufferPointer { segments in
            guard t >= 0, let last = segments.last, t <= last.endTime else { return nil }
            var lo = 0, hi = segments.count - 1
            while lo < hi {
                let mid = (lo + hi) / 2
                if segments[mid].endTime >= t { hi = mid } else { lo = mid + 1 }
            }
            return lo
        }
    }

    /// The value at time `t`: the initial value before 0, the end value after the end.
    /// O(log k) for k keyframes.
    @inlinable
    public func value(at t: Double) -> V {
        if t < 0 || t.isNaN { return initialValue }
        guard let i = segmentIndex(at: t) else { return endValue }
        // Through the buffer: a segment is read in place, not copied out of the array.
        return segments.withUnsafeBufferPointer { $0[i].value(at: t - $0[i].startTime) }
    }

    /// The velocity at time `t` (0 outside the path).
    @inlinable
    public func velocity(at t: Double) -> V {
        guard t >= 0, let i = segmentIndex(at: t) else { return .zero }
        return segments.withUnsafeBufferPointer { $0[i].velocity(at: t - $0[i].startTime) }
    }

    /// Values at `times` sorted ascending, in one pass: O(n + k) for n times and k keyframes.
    /// Unsorted input is still evaluated correctly: where the order breaks, the sweep restarts
    /// from a binary search (O(log k)) rather than from the first keyframe.
    /// The result is written in place as it is computed (no zero-filled array first, no
    /// per-element checks), so it also beats ``value(at:)`` per time where evaluating a segment
    /// costs more than finding it; the benchmark table measures both.
    @inlinable
    public func values(atSorted times: [Double]) -> [V] {
        let end = endValue
        let initial = initialValue
        return segments.withUnsafeBufferPointer { segments in
            times.withUnsafeBufferPointer { times in
                [V](unsafeUninitializedCapacity: times.count) { out, initialized in
                    var i = 0
                    var previousTime = -Double.infinity
                    for n in 0..<times.count {
                        let t = times[n]
                        var value = initial
                        if t >= 0 {  // false for NaN too
                            if t < previousTime { i = segmentIndex(at: t) ?? 0 }  // not sorted: jump back by search
                            previousTime = t
                            while i < segments.count && segments[i].endTime < t { i += 1 }
                            value = i < segments.count ? segments[i].value(at: t - segments[i].startTime) : end
                        }
                        (out.baseAddress! + n).initialize(to: value)
                        initialized = n + 1
                    }
                }
            }
        }
    }
}

extension KeyframePath: Sendable where V: Sendable {}
extension KeyframePath: Equatable where V: Equatable {}
extension KeyframePath: Hashable where V: Hashable {}
