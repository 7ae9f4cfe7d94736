import MotionIO

/// How well a fitted model reproduces a recording.
public struct FitQuality: Sendable, Hashable {
    /// √(mean of squared residuals).
    public var rmse: Double
    /// The largest |residual|.
    public var maxError: Double
    /// Where the largest residual is (recording time).
    public var maxErrorTime: Double
    /// 1 − SS_res/SS_tot (1 for a perfect fit; for constant data, 1 when it is fitted to rounding, else 0).
    public var r2: Double
    /// Number of samples.
    public var count: Int

    /// The quality of `model` on (times, values).
    public init(times: [Double], values: [Double], model: [Double]) {
        precondition(times.count == values.count && values.count == model.count)
        let n = values.count
        var sse = 0.0, worst = 0.0, worstTime = times.first ?? 0
        var mean = 0.0
        for v in values { mean += v }
        mean /= Double(max(n, 1))
        var sst = 0.0
        for i in 0..<n {
            let r = values[i] - model[i]
            sse += r * r
            sst += (values[i] - mean) * (values[i] - mean)
            if abs(r) > worst { worst = abs(r); worstTime = times[i] }
        }
        rmse = (sse / Double(max(n, 1))).squareRoot()
        maxError = worst
        maxErrorTime = worstTime
        // A constant recording has no variance to explain: R² is 1 when the fit reproduces it to
        // rounding (a few ulps of its size per sample), else 0.
        let roundingLevel = Double(n) * 16 * (values.map(abs).max() ?? 0).ulp * (values.map(abs).max() ?? 0).ulp
        r2 = sst > roundingLevel ? 1 - sse / sst : (sse <= roundingLevel ? 1 : 0)
        count = n
    }
}

/// Why a fit could not be made; every case says what to change.
public struct FitError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
