import MotionCurves

extension Animation {
    /// A cubic-bezier timing curve from (0, 0) to (1, 1) with control points (p1x, p1y) and
    /// (p2x, p2y); x is clamped to [0, 1], y is not.
    public static func timingCurve(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double,
                                   duration: Double = 0.35) -> Animation {
        timingCurve(.bezier(startControlPoint: UnitPoint(x: p1x, y: p1y), endControlPoint: UnitPoint(x: p2x, y: p2y)),
                    duration: duration)
    }

    /// An animation along `curve` lasting `duration` seconds.
    public static func timingCurve(_ curve: UnitCurve, duration: Double = 0.35) -> Animation {
        Animation(BezierAnimation(curve: curve, duration: duration))
    }

    /// Constant speed, 0.35 s: the curve (0, 0), (1, 1).
    public static var linear: Animation { linear(duration: 0.35) }

    /// Constant speed: the curve (0, 0), (1, 1).
    public static func linear(duration: Double) -> Animation { timingCurve(0, 0, 1, 1, duration: duration) }

    /// Slow start, 0.35 s: the curve (0.42, 0), (1, 1).
    public static var easeIn: Animation { easeIn(duration: 0.35) }

    /// Slow start: the curve (0.42, 0), (1, 1).
    public static func easeIn(duration: Double) -> Animation { timingCurve(0.42, 0, 1, 1, duration: duration) }

    /// Slow end, 0.35 s: the curve (0, 0), (0.58, 1).
    public static var easeOut: Animation { easeOut(duration: 0.35) }

    /// Slow end: the curve (0, 0), (0.58, 1).
    public static func easeOut(duration: Double) -> Animation { timingCurve(0, 0, 0.58, 1, duration: duration) }

    /// Slow start and end, 0.35 s: the curve (0.42, 0), (0.58, 1).
    public static var easeInOut: Animation { easeInOut(duration: 0.35) }

    /// Slow start and end: the curve (0.42, 0), (0.58, 1).
    public static func easeInOut(duration: Double) -> Animation { timingCurve(0.42, 0, 0.58, 1, duration: duration) }
}
