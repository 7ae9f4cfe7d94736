import MotionCurves
import MotionIO
import MotionNumerics

/// A cubic-bezier timing curve fitted to a recorded transition.
public struct BezierFit: Sendable {
    /// (x1, y1, x2, y2), with x1 and x2 in [0, 1].
    public var curve: CubicBezier
    /// When the transition starts, on the recording's clock.
    public var startTime: Double
    /// How long it lasts.
    public var duration: Double
    /// The values before and after (the recording's plateaus).
    public var from: Double
    public var to: Double
    public var quality: FitQuality
    /// Standard errors of x1, y1, x2, y2, startTime, duration; `nil` when undetermined.
    public var standardErrors: [(name: String, value: Double)]?

    /// The model's value at recording time `t`.
    public func value(at t: Double) -> Double {
        if t <= startTime { return from }
        if t >= startTime + duration { return to }
        return from + (to - from) * curve.y(forX: (t - startTime) / duration)
    }

    public var controlPoints: [Double] { [curve.x1, curve.y1, curve.x2, curve.y2] }

    /// `cubic-bezier(x1, y1, x2, y2)`.
    public var css: String {
        "cubic-bezier(\(controlPoints.map { Code.number($0, digits: 4) }.joined(separator: ", ")))"
    }

    /// SwiftUI's `.timingCurve(_:_:_:_:duration:)`.
    public var swiftUICode: String {
        ".timingCurve(\(controlPoints.map { Code.number($0, digits: 4) }.joined(separator: ", ")), duration: \(Code.number(duration, digits: 4)))"
    }
}

/// Fits a cubic-bezier timing curve, its start time and duration to a recorded transition
/// between two plateaus, by Levenberg–Marquardt with x1, x2 kept in [0, 1].
///
/// The plateaus (medians of the first and last samples) fix the start and end values; the
/// departure from the first plateau and the arrival at the last one give the first guesses of
/// start time and duration, and the curve starts from each of ease, ease-in, ease-out,
/// ease-in-out and linear — the best fit wins.
public enum BezierFitting {
    public static func fit(_ recording: Recording) throws(FitError) -> BezierFit {
        let times = recording.times, values = recording.values
        let features = try StepFeatures(times, values)
        let (from, to) = (features.from, features.to)
        let scale = abs(to - from)
        let span = times[times.count - 1] - times[0]
        let dt = span / Double(max(times.count - 1, 1))
        func model(_ p: [Double], _ t: Double) -> Double {
            let (t0, d) = (p[4], p[5])
            if t <= t0 { return from }
            if t >= t0 + d { return to }
            let curve = CubicBezier(clampingX1: p[0], y1: p[1], x2: p[2], y2: p[3])
            return from + (to - from) * curve.y(forX: (t - t0) / d)
        }
        func residuals(_ p: [Double]) -> [Double] {
            (0..<times.count).map { (model(p, times[$0]) - values[$0]) / scale }
        }
        let duration0 = max(features.arrival - features.departure, 2 * dt)
        let starts: [[Double]] = [[0.25, 0.1, 0.25, 1], [0.42, 0, 1, 1], [0, 0, 0.58, 1], [0.42, 0, 0.58, 1], [0.3, 0.3, 0.7, 0.7]]
        let lower = [0, -5, 0, -5, times[0] - span, dt]
        let upper = [1, 5, 1, 5, times[times.count - 1], 10 * max(span, dt)]
        var best: LevenbergMarquardt.Result? = nil
        for start in starts {
            guard let result = try? LevenbergMarquardt.minimize(
                initial: start + [features.departure, duration0], lower: lower, upper: upper,
                steps: [1e-6, 1e-6, 1e-6, 1e-6, dt * 1e-3, dt * 1e-3], maxIterations: 200,
                residuals: residuals) else { continue }
            if best == nil || result.cost < best!.cost { best = result }
        }
        guard let best else { throw FitError("the timing-curve fit did not converge from any starting guess") }
        let p = best.parameters
        let curve = CubicBezier(clampingX1: p[0], y1: p[1], x2: p[2], y2: p[3])
        var fit = BezierFit(curve: curve, startTime: p[4], duration: p[5], from: from, to: to,
                            quality: FitQuality(times: times, values: values, model: times.map { model(p, $0) }))
        if let u = best.uncertainty() {
            fit.standardErrors = zip(["x1", "y1", "x2", "y2", "startTime", "duration"], u.standardErrors).map { ($0, $1) }
        }
        return fit
    }
}
