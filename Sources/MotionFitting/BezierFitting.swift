import MotionCurves
import MotionIO
import MotionLinearAlgebra
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

}

/// Fits a cubic-bezier timing curve, its start time and duration to a recorded transition
/// between two plateaus, by Levenberg–Marquardt with x1, x2 kept in [0, 1].
///
/// The plateaus (medians of the first and last samples) fix the start and end values; the
/// departure from the first plateau and the arrival at the last one give the first guesses of
/// start time and duration, and the curve starts from each of ease, ease-in, ease-out,
/// ease-in-out and linear — the best fit wins.
///
/// Like ``SpringFitting`` the fit works in normalised coordinates (``NormalisedStep``: time in
/// spans of the recording from its first sample, value in steps from the start plateau) and maps
/// the start time and duration back, so it is the same at any time or value scale.
public enum BezierFitting {
    public static func fit(_ recording: Recording) throws(FitError) -> BezierFit {
        let data = try NormalisedStep(recording.times, recording.values)
        let times = data.times, values = data.values, features = data.features
        let n = times.count
        let dt = 1 / Double(n - 1)
        // Normalised plateaus: the start plateau is 0 and the end plateau 1 by construction.
        func model(_ p: [Double], _ t: Double) -> Double {
            let (t0, d) = (p[4], p[5])
            if t <= t0 { return 0 }
            if t >= t0 + d { return 1 }
            let curve = CubicBezier(clampingX1: p[0], y1: p[1], x2: p[2], y2: p[3])
            return curve.y(forX: (t - t0) / d)
        }
        func residuals(_ p: [Double]) -> [Double] {
            (0..<n).map { model(p, times[$0]) - values[$0] }
        }
        let duration0 = max(features.arrival - features.departure, 2 * dt)
        let starts: [[Double]] = [[0.25, 0.1, 0.25, 1], [0.42, 0, 1, 1], [0, 0, 0.58, 1], [0.42, 0, 0.58, 1], [0.3, 0.3, 0.7, 0.7]]
        let lower: [Double] = [0, -5, 0, -5, -1, dt]
        let upper: [Double] = [1, 5, 1, 5, 1, 10]
        var best: LevenbergMarquardt.Result? = nil
        for start in starts {
            guard let result = try? LevenbergMarquardt.minimize(
                initial: start + [features.departure, duration0], lower: lower, upper: upper,
                steps: [1e-6, 1e-6, 1e-6, 1e-6, dt * 1e-3, dt * 1e-3], maxIterations: 200,
                residuals: residuals) else { continue }
            guard result.cost.isFinite, result.parameters.allSatisfy(\.isFinite) else { continue }
            if best == nil || result.cost < best!.cost { best = result }
        }
        guard let best else { throw FitError("the timing-curve fit did not converge from any starting guess") }
        let p = best.parameters
        let curve = CubicBezier(clampingX1: p[0], y1: p[1], x2: p[2], y2: p[3])
        let (startTime, duration) = (data.time(p[4]), p[5] * data.span)
        guard startTime.isFinite, duration.isFinite, duration > 0 else {
            throw FitError("the fitted start time and duration (\(DecimalText.significant(p[4])) and \(DecimalText.significant(p[5])) spans of \(data.span)) are beyond the range of a double in the recording's units; rescale the times")
        }
        var fit = BezierFit(curve: curve, startTime: startTime, duration: duration, from: data.from, to: data.to,
                            quality: data.quality(recordedTimes: recording.times, model: times.map { model(p, $0) }))
        if let u = best.uncertainty() {
            let units: [Double] = [1, 1, 1, 1, data.span, data.span]
            fit.standardErrors = zip(["x1", "y1", "x2", "y2", "startTime", "duration"], zip(u.standardErrors, units)).map { ($0, $1.0 * $1.1) }
        }
        return fit
    }
}
