import MotionCurves
import MotionSprings

/// How a keyframe segment interpolates; the vectors it needs are the segment's
/// ``KeyframeSegment/startTangent``, ``KeyframeSegment/endTangent`` and
/// ``KeyframeSegment/initialVelocity``. It is declared outside the generic segment and carries no
/// vector, so a segment of a concrete value is a plain struct that copies without runtime layout work.
public enum KeyframeMotion: Sendable, Hashable {
    /// A jump to the keyframe's value (duration 0).
    case move
    /// from + (to − from)·curve(u).
    case linear(UnitCurve)
    /// Cubic Hermite on u = t/d with tangents m0 = startTangent, m1 = endTangent in value per
    /// segment (velocity·d).
    case cubic
    /// from + spring.value(target: to − from, initialVelocity: v0, time: t), v0 = initialVelocity.
    case spring(Spring)
}

/// One resolved keyframe: where it starts, how long it lasts and how it moves, for a value
/// whose `animatableData` is `V` (`Double` for a single number).
public struct KeyframeSegment<V: VectorArithmetic> {
    /// How the segment interpolates.
    public typealias Motion = KeyframeMotion

    /// The keyframe's position in its track.
    public var index: Int
    /// When the segment starts.
    public var startTime: Double
    /// How long it lasts (0 for a move).
    public var duration: Double
    /// The value it starts from: where the previous segment ended.
    public var from: V
    /// The keyframe's target value.
    public var to: V
    public var motion: Motion
    /// A cubic segment's tangents in value per segment (velocity·d); zero for the other motions.
    public var startTangent: V
    public var endTangent: V
    /// A spring segment's initial velocity; zero for the other motions.
    public var initialVelocity: V

    /// A segment; ``KeyframePath`` builds them by SwiftUI's rules.
    @inlinable
    public init(index: Int, startTime: Double, duration: Double, from: V, to: V, motion: Motion,
                startTangent: V = .zero, endTangent: V = .zero, initialVelocity: V = .zero) {
        self.index = index
        self.startTime = startTime
        self.duration = duration
        self.from = from
        self.to = to
        self.motion = motion
        self.startTangent = startTangent
        self.endTangent = endTangent
        self.initialVelocity = initialVelocity
    }

    /// When the segment ends.
    @inlinable
    public var endTime: Double { startTime + duration }

    /// The value at `local` seconds into the segment (clamped to [0, duration]).
    @inlinable
    public func value(at local: Double) -> V {
        guard duration > 0 else {
            if case .spring = motion { return from }
            return to
        }
        let t = min(max(local, 0), duration)
        switch motion {
        case .move: return to
        case .linear(let curve): return from + (to - from).scaled(by: curve.value(at: t / duration))
        case .cubic:
            let (m0, m1) = (startTangent, endTangent)
            let u = t / duration
            let u2 = u * u, u3 = u2 * u
            return from.scaled(by: 2 * u3 - 3 * u2 + 1) + m0.scaled(by: u3 - 2 * u2 + u)
                + to.scaled(by: -2 * u3 + 3 * u2) + m1.scaled(by: u3 - u2)
        case .spring(let spring):
            let v0 = initialVelocity
            return from + spring.value(target: to - from, initialVelocity: v0, time: t)
        }
    }

    /// The velocity of the evaluated motion at `local` seconds into the segment (clamped to
    /// [0, duration]): its true derivative, also where a timing curve's control point sits on an
    /// end (`UnitCurve.exactVelocity(at:)`). What SwiftUI hands to the next keyframe can differ
    /// there: see ``endVelocity``.
    @inlinable
    public func velocity(at local: Double) -> V {
        guard duration > 0 else { return .zero }
        let t = min(max(local, 0), duration)
        switch motion {
        case .move: return .zero
        case .linear(let curve): return (to - from).divided(by: duration).scaled(by: curve.exactVelocity(at: t / duration))
        case .cubic:
            let (m0, m1) = (startTangent, endTangent)
            let u = t / duration
            let u2 = u * u
            let dp = from.scaled(by: 6 * u2 - 6 * u) + m0.scaled(by: 3 * u2 - 4 * u + 1)
                + to.scaled(by: -6 * u2 + 6 * u) + m1.scaled(by: 3 * u2 - 2 * u)
            return dp.divided(by: duration)
        case .spring(let spring):
            let v0 = initialVelocity
            return spring.velocity(target: to - from, initialVelocity: v0, time: t)
        }
    }

    /// The value where the segment ends: `to`, except for a spring cut short of it.
    @inlinable
    public var endValue: V { value(at: duration) }
    /// The velocity SwiftUI takes as the segment's start: for a linear keyframe its timing
    /// curve's `velocity(at: 0)` as SwiftUI reports it, else the motion's own.
    @inlinable
    public var startVelocity: V { handOver(at: 0) }
    /// The velocity SwiftUI hands to the next keyframe (0 for a move or any zero-length segment):
    /// for a linear keyframe (to − from)/d · curve.velocity(at: 1) with SwiftUI's value of the
    /// curve's velocity — 0 for easeIn, whose control point sits on the end, where the motion
    /// itself arrives at (to − from)/(0.58·d) — else the motion's own end velocity.
    @inlinable
    public var endVelocity: V { handOver(at: duration) }

    @inlinable
    func handOver(at local: Double) -> V {
        guard duration > 0, case .linear(let curve) = motion else { return velocity(at: local) }
        return (to - from).divided(by: duration).scaled(by: curve.velocity(at: local / duration))
    }
}

extension KeyframeSegment where V == Double {
    /// The acceleration at `local` seconds into the segment (clamped to [0, duration]).
    ///
    /// Exact for every kind: an eased linear segment's is (to − from)/duration² times the timing
    /// curve's second derivative (±∞ at an end whose control point coincides with it, where the
    /// curve's slope turns while its progress stops).
    public func acceleration(at local: Double) -> Double {
        guard duration > 0 else { return 0 }
        let t = min(max(local, 0), duration)
        switch motion {
        case .move: return 0
        case .linear(let curve):
            if curve == .linear || to == from { return 0 }
            return (to - from) / (duration * duration) * curve.exactAcceleration(at: t / duration)
        case .cubic:
            let (m0, m1) = (startTangent, endTangent)
            let u = t / duration
            let ddp = (12 * u - 6) * from + (6 * u - 4) * m0 + (-12 * u + 6) * to + (6 * u - 2) * m1
            return ddp / (duration * duration)
        case .spring(let spring):
            let v0 = initialVelocity
            // x'' = −ω0²·(x − target) − 2λ·x', the spring's own equation.
            let displacement = value(at: t) - to
            let omega0Squared = spring.decayRate * spring.decayRate + spring.signedFrequency * abs(spring.signedFrequency)
            return -omega0Squared * displacement - 2 * spring.decayRate * spring.velocity(target: to - from, initialVelocity: v0, time: t)
        }
    }
}

extension KeyframeSegment: Sendable where V: Sendable {}
extension KeyframeSegment: Equatable where V: Equatable {}
extension KeyframeSegment: Hashable where V: Hashable {}
