import MotionCurves

extension Animation {
    /// A cubic-bezier timing curve from (0, 0) to (1, 1) with control points (p1x, p1y) and
    /// (p2x, p2y); x is clamped to [0, 1], y is not.
    ///
    /// The four named curves are built once and shared (a curve's solver table is built with it),
    /// so a UI that animates thousands of values with `.easeInOut` holds one table, not thousands.
    public static func timingCurve(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double,
                                   duration: Double = 0.35) -> Animation {
        let shared = sharedCurves.first { $0.points == (p1x, p1y, p2x, p2y) }?.curve
        return timingCurve(shared ?? .bezier(startControlPoint: UnitPoint(x: p1x, y: p1y), endControlPoint: UnitPoint(x: p2x, y: p2y)),
                           duration: duration)
    }

    /// The curves of `linear`, `easeIn`, `easeOut` and `easeInOut`, built once.
    private static let sharedCurves: [(points: (Double, Double, Double, Double), curve: UnitCurve)] = [
        ((0, 0, 1, 1), .bezier(startControlPoint: UnitPoint(x: 0, y: 0), endControlPoint: UnitPoint(x: 1, y: 1))),
        ((0.42, 0, 1, 1), .easeIn), ((0, 0, 0.58, 1), .easeOut), ((0.42, 0, 0.58, 1), .easeInOut),
    ]

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
