import MotionCurves
import MotionNumerics

/// The ranges of an export's arguments, checked once for every front end: the command line and
/// the C ABI call these, so both accept and reject the same values with the same message. A
/// message names the argument as the command line's option does without its dashes
/// (`curve-duration`, `tolerance`, `fps`, `name`, `curve`, `bezier`), its valid range and the
/// value given.
public enum ExportArguments {
    /// The highest frame rate of frame-based formats and of a scenario's run, in frames per second.
    public static let maximumFPS = 1000.0

    /// The durations a timing curve may be exported over, in seconds: the range of a spring's
    /// duration. Every format holds them in its own units (Flutter's whole microseconds, Lottie's
    /// frames) without overflow.
    public static let curveDurationRange: ClosedRange<Double> = 1e-6...1e6

    /// `duration` if it is in ``curveDurationRange``: a timing curve's duration in seconds.
    /// - Parameter duration: the curve's duration asked for.
    public static func curveDuration(_ duration: Double) throws(ExportError) -> Double {
        guard curveDurationRange.contains(duration) else {
            throw ExportError("curve-duration must be in [1e-06, 1e+06] seconds; got \(duration)")
        }
        return duration
    }

    /// `tolerance` if it is a finite number > 0: the largest error allowed where the target
    /// approximates (each exporter narrows it further where its units need).
    /// - Parameter tolerance: the error budget asked for.
    public static func tolerance(_ tolerance: Double) throws(ExportError) -> Double {
        guard tolerance.isFinite, tolerance > 0 else {
            throw ExportError("tolerance must be a finite number > 0; got \(tolerance)")
        }
        return tolerance
    }

    /// `fps` if it is in (0, ``maximumFPS``]: the frame rate of frame-based formats and of a
    /// scenario's run.
    /// - Parameter fps: the frame rate asked for.
    public static func fps(_ fps: Double) throws(ExportError) -> Double {
        guard fps.isFinite, fps > 0, fps <= maximumFPS else {
            throw ExportError("fps must be in (0, \(DecimalText.shortest(maximumFPS))]; got \(fps)")
        }
        return fps
    }

    /// `name` if it is not empty: the name of the exported rule or layer.
    /// - Parameter name: the name asked for.
    public static func name(_ name: String) throws(ExportError) -> String {
        guard !name.isEmpty else { throw ExportError("name must not be empty") }
        return name
    }

    /// The timing curve to export: the predefined curve `name` (SwiftUI's spelling), or the cubic
    /// bezier of the control points `bezier` (x1, y1, x2, y2; x1 and x2 in [0, 1], |y| ≤ 1e100).
    /// Exactly one of the two is given.
    /// - Parameters:
    ///   - name: a predefined curve's name.
    ///   - bezier: the bezier's control points.
    public static func curve(named name: String?, bezier: [Double]?) throws(ExportError) -> UnitCurve {
        switch (name, bezier) {
        case (let name?, nil):
            do { return try UnitCurve.named(name) } catch { throw ExportError("curve: \(error)") }
        case (nil, let bezier?):
            do { _ = try UnitCurve.checkedControlPoints(bezier) } catch { throw ExportError("\(error)") }
            guard (0...1).contains(bezier[0]), (0...1).contains(bezier[2]) else {
                throw ExportError("bezier x1 and x2 must be in [0, 1]; got \(bezier[0]) and \(bezier[2])")
            }
            return .bezier(startControlPoint: UnitPoint(x: bezier[0], y: bezier[1]), endControlPoint: UnitPoint(x: bezier[2], y: bezier[3]))
        case (nil, nil):
            throw ExportError("curve: give a curve's name or bezier control points x1,y1,x2,y2")
        case (_?, _?):
            throw ExportError("curve: give a curve's name or bezier control points, not both")
        }
    }
}
