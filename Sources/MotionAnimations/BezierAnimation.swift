import MotionCurves

/// A timing-curve animation (SwiftUI's `BezierAnimation`): `linear`, `easeIn`, `easeOut`,
/// `easeInOut` and `timingCurve`.
///
/// At time τ it covers `value · curve(clamp(τ/duration, 0, 1))`, and it has finished on the first
/// sample after `duration` (the value at τ = duration itself is still returned). It never merges:
/// a timing curve that interrupts another animation combines with it.
public struct BezierAnimation: CustomAnimation {
    /// The timing curve.
    public let curve: UnitCurve
    /// The duration in seconds.
    public let duration: Double
    /// Whether the curve is the identity: its control points lie on the diagonal, so y(t) = x(t).
    @usableFromInline let isIdentity: Bool

    /// An animation along `curve` lasting `duration` seconds.
    public init(curve: UnitCurve, duration: Double) {
        self.curve = curve
        self.duration = duration
        if let points = curve.controlPoints {
            let x1 = Swift.min(Swift.max(points.start.x, 0), 1)
            let x2 = Swift.min(Swift.max(points.end.x, 0), 1)
            isIdentity = x1 == points.start.y && x2 == points.end.y
        } else {
            isIdentity = curve == .linear
        }
    }

    /// The fraction of the interval covered at `time`, or nil once finished.
    @inlinable
    public func fraction(at time: Double) -> Double? {
        guard duration > 0 && duration >= time else { return nil }
        let progress = Swift.min(Swift.max(time / duration, 0), 1)
        return isIdentity ? progress : curve.value(at: progress)
    }

    /// The rate of change of ``fraction(at:)`` per second at `time`: the curve's exact slope at
    /// the progress clamp(time/duration, 0, 1), over the duration; nil once finished.
    ///
    /// The slope is `UnitCurve`'s `exactVelocity`, the limit where both of the bezier's
    /// derivatives vanish (1/0.58 for easeOut at its start), so that it is the motion's true
    /// derivative; SwiftUI's own `velocity` of the curve reports 1 there.
    @inlinable
    public func fractionRate(at time: Double) -> Double? {
        guard duration > 0 && duration >= time else { return nil }
        let progress = Swift.min(Swift.max(time / duration, 0), 1)
        return (isIdentity ? 1 : curve.exactVelocity(at: progress)) / duration
    }

    public func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
        fraction(at: time).map { value.scaled(by: $0) }
    }
}
