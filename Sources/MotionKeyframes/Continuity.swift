/// How smooth a junction is: the highest derivative that does not jump.
public enum ContinuityClass: Int, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    /// The value jumps.
    case discontinuous
    /// The value is continuous, the velocity jumps.
    case c0
    /// Value and velocity are continuous, the acceleration jumps.
    case c1
    /// Value, velocity and acceleration are continuous.
    case c2

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    public var description: String {
        switch self {
        case .discontinuous: "discontinuous"
        case .c0: "C0"
        case .c1: "C1"
        case .c2: "C2"
        }
    }
}

/// The continuity of one track and of a whole timeline: every junction's jumps, and whether
/// each automatic cubic tangent follows SwiftUI's Catmull-Rom rule.
public struct ContinuityReport: Sendable {
    /// Where two pieces of a track meet. Zero-length keyframes (moves) sit inside a junction:
    /// it compares the motion just before the time with the motion just after it. The start of
    /// a track meets the value at rest (velocity and acceleration 0); so does its end.
    public struct Junction: Sendable, Hashable {
        public enum Boundary: String, Sendable, Hashable { case start, interior, end }
        public var boundary: Boundary
        public var time: Double
        /// The keyframe ending here (`nil` at the start).
        public var keyframeBefore: Int?
        /// The keyframe starting here (`nil` at the end).
        public var keyframeAfter: Int?
        /// Right minus left, for value, velocity and acceleration: the one-sided limits of the
        /// evaluated motion.
        public var valueJump: Double
        public var velocityJump: Double
        public var accelerationJump: Double
        /// The evaluated motion's velocity just before and just after the junction.
        public var velocityBefore: Double
        public var velocityAfter: Double
        /// The velocity SwiftUI hands from the keyframe before to the one after (``KeyframePath``'s
        /// rules); it can differ from ``velocityBefore`` where a timing curve's control point sits
        /// on its end. `nil` at the start and the end.
        public var handedOverVelocity: Double?
        public var continuity: ContinuityClass
    }

    /// A check of one automatic cubic tangent against the rule it should follow.
    public struct TangentCheck: Sendable, Hashable {
        public enum Side: String, Sendable, Hashable { case start, end }
        public var keyframe: Int
        public var side: Side
        /// The rule, in words: "Catmull-Rom (to − P)/(dPrev + d)", "0 after a move", ….
        public var rule: String
        public var expectedVelocity: Double
        public var actualVelocity: Double
        public var satisfied: Bool
    }

    public struct Track: Sendable {
        public var property: String?
        public var junctions: [Junction]
        public var tangentChecks: [TangentCheck]
        /// The weakest junction's class (C2 for a track without junctions).
        public var continuity: ContinuityClass { junctions.map(\.continuity).min() ?? .c2 }
    }

    public var tracks: [Track]

    /// The weakest class over all tracks.
    public var continuity: ContinuityClass { tracks.map(\.continuity).min() ?? .c2 }
    /// Whether every automatic tangent follows its rule.
    public var tangentsFollowRules: Bool { tracks.allSatisfy { $0.tangentChecks.allSatisfy(\.satisfied) } }

    /// The report for `timeline`; jumps up to `relativeTolerance` of the quantities' size count as none.
    public init(_ timeline: TimelineDocument, relativeTolerance: Double = 1e-9) {
        tracks = zip(timeline.tracks, timeline.paths).map { track, path in
            Track(property: track.property,
                  junctions: ContinuityReport.junctions(of: path, tolerance: relativeTolerance),
                  tangentChecks: ContinuityReport.tangentChecks(of: track.keyframes, path: path, tolerance: relativeTolerance))
        }
    }

    private static func junctions(of path: KeyframePath<Double>, tolerance: Double) -> [Junction] {
        let pieces = path.segments.filter { $0.duration > 0 }
        var result: [Junction] = []
        func classify(_ left: (Double, Double, Double), _ right: (Double, Double, Double)) -> (Double, Double, Double, ContinuityClass) {
            // Written so that a jump that cannot be measured (NaN, ∞, or either side infinite) counts as a break.
            func jumps(_ a: Double, _ b: Double) -> Bool {
                !(a.isFinite && b.isFinite && abs(b - a) <= tolerance * max(1, abs(a), abs(b)))
            }
            let c: ContinuityClass = jumps(left.0, right.0) ? .discontinuous
                : jumps(left.1, right.1) ? .c0 : jumps(left.2, right.2) ? .c1 : .c2
            return (right.0 - left.0, right.1 - left.1, right.2 - left.2, c)
        }
        // Left state at time 0: rest at the initial value.
        var left = (path.initialValue, 0.0, 0.0)
        var handedOver: Double? = nil
        var leftIndex: Int? = nil
        var leftTime = 0.0
        var boundary = Junction.Boundary.start
        for piece in pieces {
            let right = (piece.value(at: 0), piece.velocity(at: 0), piece.acceleration(at: 0))
            let (dv, dvel, dacc, c) = classify(left, right)
            result.append(Junction(boundary: boundary, time: leftIndex == nil ? 0 : leftTime, keyframeBefore: leftIndex,
                                   keyframeAfter: piece.index, valueJump: dv, velocityJump: dvel, accelerationJump: dacc,
                                   velocityBefore: left.1, velocityAfter: right.1, handedOverVelocity: handedOver, continuity: c))
            left = (piece.endValue, piece.velocity(at: piece.duration), piece.acceleration(at: piece.duration))
            handedOver = piece.endVelocity
            leftIndex = piece.index
            leftTime = piece.endTime
            boundary = .interior
        }
        // The end meets rest at the end value (which moves after the last piece may change).
        let (dv, dvel, dacc, c) = classify(left, (path.endValue, 0, 0))
        result.append(Junction(boundary: .end, time: path.duration, keyframeBefore: leftIndex, keyframeAfter: nil,
                               valueJump: dv, velocityJump: dvel, accelerationJump: dacc,
                               velocityBefore: left.1, velocityAfter: 0, handedOverVelocity: nil, continuity: c))
        return result
    }

    /// Recomputes each automatic cubic tangent from the keyframes alone and compares.
    private static func tangentChecks(of keyframes: [Keyframe<Double>], path: KeyframePath<Double>, tolerance: Double) -> [TangentCheck] {
        var checks: [TangentCheck] = []
        for (i, keyframe) in keyframes.enumerated() {
            guard case .cubic(let k) = keyframe, k.duration > 0 else { continue }
            let segment = path.segments[i]
            let from = segment.from
            if k.startVelocity == nil {
                var rule = "0 for the first keyframe", expected = 0.0
                if i > 0 {
                    let previous = path.segments[i - 1]
                    switch keyframes[i - 1] {
                    case .move: rule = "0 after a move"
                    case .cubic(let p) where p.endVelocity != nil:
                        rule = "the previous cubic's endVelocity"; expected = p.endVelocity!
                    case .cubic:
                        rule = "Catmull-Rom (to − P)/(dPrev + d)"
                        expected = (k.to - previous.from) / (previous.duration + k.duration)
                    case .linear(let p):
                        rule = "the linear keyframe's end velocity"
                        expected = p.duration > 0 ? (p.to - previous.from) / p.duration * p.timingCurve.velocity(at: 1) : 0
                    case .spring:
                        rule = "the spring's end velocity"; expected = previous.velocity(at: previous.duration)
                    }
                }
                let actual = segment.velocity(at: 0)
                checks.append(TangentCheck(keyframe: i, side: .start, rule: rule, expectedVelocity: expected, actualVelocity: actual,
                                           satisfied: abs(actual - expected) <= tolerance * max(1, abs(expected))))
            }
            if k.endVelocity == nil {
                var rule = "0 for the last keyframe", expected = 0.0
                if i + 1 < keyframes.count {
                    switch keyframes[i + 1] {
                    case .move: rule = "0 before a move"
                    case .cubic(let n) where n.startVelocity != nil:
                        rule = "the next cubic's startVelocity"; expected = n.startVelocity!
                    case .cubic(let n):
                        rule = "Catmull-Rom (next.to − from)/(dNext + d)"
                        expected = (n.to - from) / (n.duration + k.duration)
                    case .spring(let n) where n.startVelocity != nil:
                        rule = "the spring's startVelocity"; expected = n.startVelocity!
                    case .spring(let n):
                        rule = "(½(next.to − to) + ½(to − from))/d: the tangent per segment over the duration"
                        expected = (0.5 * (n.to - k.to) + 0.5 * (k.to - from)) / k.duration
                    case .linear(let n):
                        rule = "the linear keyframe's start velocity"
                        expected = n.duration > 0 ? (n.to - k.to) / n.duration * n.timingCurve.velocity(at: 0) : 0
                    }
                }
                let actual = segment.velocity(at: k.duration)
                checks.append(TangentCheck(keyframe: i, side: .end, rule: rule, expectedVelocity: expected, actualVelocity: actual,
                                           satisfied: abs(actual - expected) <= tolerance * max(1, abs(expected))))
            }
        }
        return checks
    }
}
