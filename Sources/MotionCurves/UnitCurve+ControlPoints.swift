import MotionNumerics

extension UnitCurve {
    /// The largest |y| of a bezier's control points a curve is built from: beyond it the curve's
    /// values and velocities overflow.
    public static let controlPointBound = 1e100

    /// `points` if they are a bezier's control points x1, y1, x2, y2: four finite numbers with
    /// |y1| and |y2| ≤ ``controlPointBound``. The command line, the exporters and the C ABI check
    /// given control points with this, so they reject the same ones with the same message.
    /// - Parameters:
    ///   - points: the control points given.
    ///   - argument: the argument's name in the message (`bezier`).
    /// - Throws: `CurveError` naming the argument, the item or coordinate, its range and the value.
    public static func checkedControlPoints(_ points: [Double], argument: String = "bezier") throws(CurveError) -> [Double] {
        guard points.count == 4 else {
            throw .syntax("\(argument) needs exactly 4 numbers x1,y1,x2,y2; got \(points.count)")
        }
        for (index, value) in points.enumerated() where !value.isFinite {
            throw .nonFinite(parameter: "\(argument): item \(index + 1)", value: value)
        }
        for (label, y) in [("y1", points[1]), ("y2", points[3])] where abs(y) > controlPointBound {
            throw .syntax("\(argument) \(label) must be in [-1e100, 1e100] (beyond, the curve's values and velocities overflow); got \(DecimalText.shortest(y))")
        }
        return points
    }
}
