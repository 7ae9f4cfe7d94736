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
}

// In an extension, so that the module keeps the memberwise initializer for figures it has summed itself.
extension FitQuality {
    /// The quality of `model` on (times, values).
    ///
    /// Sums are formed in units of a power of two near the largest |value| (an exact scaling), so
    /// they neither overflow nor underflow for any finite recording: values near 10³⁰⁸ give a
    /// finite RMSE and an honest R².
    public init(times: [Double], values: [Double], model: [Double]) {
        precondition(times.count == values.count && values.count == model.count)
        let n = values.count
        let largest = zip(values, model).reduce(0.0) { max($0, abs($1.0), abs($1.1)) }
        let unit = largest.isFinite && largest > 0 ? Double(sign: .plus, exponent: largest.exponent, significand: 1) : 1
        var sse = 0.0, worst = 0.0, worstTime = times.first ?? 0
        var mean = 0.0
        for v in values { mean += v / unit }
        mean /= Double(max(n, 1))
        var sst = 0.0
        for i in 0..<n {
            let r = values[i] / unit - model[i] / unit
            sse += r * r
            sst += (values[i] / unit - mean) * (values[i] / unit - mean)
            if abs(r) > worst { worst = abs(r); worstTime = times[i] }
        }
        rmse = (sse / Double(max(n, 1))).squareRoot() * unit
        maxError = worst * unit
        maxErrorTime = worstTime
        r2 = Self.r2(sse: sse, sst: sst, count: n, size: (values.map(abs).max() ?? 0) / unit)
        count = n
    }

    /// 1 − sse/sst. A constant recording has no variance to explain (sst within rounding: a few
    /// ulps of `size`, the largest |value|, per sample): R² is 1 when the fit reproduces it to
    /// rounding, else 0.
    static func r2(sse: Double, sst: Double, count: Int, size: Double) -> Double {
        let roundingLevel = Double(count) * 16 * size.ulp * size.ulp
        return sst > roundingLevel ? 1 - sse / sst : (sse <= roundingLevel ? 1 : 0)
    }
}

/// Why a fit could not be made; every case says what to change.
public struct FitError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
