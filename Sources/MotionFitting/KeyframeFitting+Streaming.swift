import MotionIO
import MotionKeyframes
import MotionLinearAlgebra

extension FitQuality {
    /// Quality accumulated one sample at a time (Welford's running mean and sum of squares, so
    /// R² does not cancel for recordings far from 0).
    struct Accumulator {
        var count = 0
        var mean = 0.0
        var m2 = 0.0
        var sse = 0.0
        var worst = 0.0
        var worstTime = 0.0
        var largest = 0.0

        mutating func add(time: Double, value: Double, model: Double) {
            count += 1
            largest = max(largest, abs(value))
            let delta = value - mean
            mean += delta / Double(count)
            m2 += delta * (value - mean)
            let r = value - model
            sse += r * r
            if abs(r) > worst || count == 1 {
                worst = abs(r)
                worstTime = time
            }
        }

        var quality: FitQuality {
            FitQuality(rmse: (sse / Double(max(count, 1))).squareRoot(), maxError: worst, maxErrorTime: worstTime,
                       r2: FitQuality.r2(sse: sse, sst: m2, count: count, size: largest), count: count)
        }
    }
}

extension KeyframeFitting {
    /// Fixed-time keyframe fit of a CSV recording too large to hold: the file is read in passes —
    /// the normal equations, the refinement residuals, the quality — and only O(k) numbers are
    /// kept, whatever the number of samples.
    ///
    /// - Parameters:
    ///   - path: the recording CSV.
    ///   - column: the channel; `nil` for the first.
    ///   - timeUnit: the unit of the file's time column.
    ///   - endTimes: keyframe end times on the recording's clock, or `nil` with `keyframeCount`
    ///     for evenly spaced ones (one more pass finds the recording's span).
    ///   - keyframeCount: the number of evenly spaced keyframes, when `endTimes` is `nil`.
    /// - Complexity: 3 or 4 passes over the file; O(k) memory for k keyframes.
    public static func fitStreaming(
        path: String, column: String? = nil, timeUnit: TimeUnit = .s, endTimes: [Double]? = nil, keyframeCount: Int? = nil
    ) throws(FitError) -> KeyframeFit {
        try fitStreaming(path: path, column: column, clock: RecordingClock(timeUnit: timeUnit), endTimes: endTimes, keyframeCount: keyframeCount)
    }

    /// ``fitStreaming(path:column:timeUnit:endTimes:keyframeCount:)`` with the first column read
    /// by `clock` (a time column's unit, or a frame column's rate) and the fields split by
    /// `dialect`.
    public static func fitStreaming(
        path: String, column: String? = nil, clock: RecordingClock, dialect: RecordingDialect = .automatic,
        endTimes: [Double]? = nil, keyframeCount: Int? = nil
    ) throws(FitError) -> KeyframeFit {
        var channel = column ?? ""
        func stream(_ body: (Double, Double) -> Void) throws(FitError) -> Int {
            do {
                let result = try RecordingReader.stream(path: path, column: column, clock: clock, dialect: dialect) { t, y in body(t, y) }
                channel = result.channel
                return result.count
            } catch { throw FitError("\(error)") }
        }
        // The clock: the first sample is time 0; the span is needed for evenly spaced keyframes.
        var first = Double.nan, last = Double.nan
        if endTimes == nil {
            let n = try stream { t, _ in
                if first.isNaN { first = t }
                last = t
            }
            guard let count = keyframeCount, count >= 1 else { throw FitError("give keyframe times or a number of keyframes ≥ 1") }
            guard n >= 2 else { throw FitError("a keyframe fit needs at least 2 samples; the recording has \(n)") }
            let span = last - first
            return try fitStreaming(path: path, column: column, clock: clock, dialect: dialect,
                                    endTimes: (1...count).map { first + span * Double($0) / Double(count) })
        }
        let absoluteEnds = endTimes!
        guard !absoluteEnds.isEmpty else { throw FitError("give at least one keyframe time") }
        // Pass 1: the normal equations (times relative to the first sample).
        var ends: [Double] = []
        var equations: NormalEquations? = nil
        var orderError: FitError? = nil
        let n = try stream { t, y in
            if equations == nil {
                first = t
                var previous = t
                for (i, e) in absoluteEnds.enumerated() where orderError == nil {
                    if !(e.isFinite && e > previous) {
                        orderError = FitError("keyframe time \(i + 1) (\(e)) must be after \(i == 0 ? "the first sample time \(t)" : "the previous keyframe time \(previous)")")
                    }
                    previous = e
                }
                ends = absoluteEnds.map { $0 - t }
                equations = NormalEquations(ends: ends)
            }
            if orderError == nil { equations!.add(t - first, y) }
        }
        if let orderError { throw orderError }
        guard n >= 2, var equations else { throw FitError("a keyframe fit needs at least 2 samples; the recording has \(n)") }
        let factor: BandedCholesky
        let system = equations.system()
        do { factor = try BandedCholesky(band: system.band, bandwidth: 3, order: equations.unknowns) } catch {
            throw FitError("the keyframe values are not determined by the samples (\(error)): a keyframe may cover no samples; use fewer keyframes or other times")
        }
        var p: [Double]
        do { p = try factor.solve(system.rhs) } catch { throw FitError("the keyframe system could not be solved: \(error)") }
        // Pass 2: one step of iterative refinement on the true residual.
        equations = NormalEquations(ends: ends)
        _ = try stream { t, y in equations.addResidual(t - first, y, p) }
        if let correction = try? factor.solve(equations.system().rhs) {
            for j in p.indices { p[j] += correction[j] }
        }
        // Pass 3: the quality of the refined values.
        var sweep = NormalEquations(ends: ends)
        var accumulator = FitQuality.Accumulator()
        _ = try stream { t, y in accumulator.add(time: t, value: y, model: sweep.model(t - first, p)) }
        var keyframes: [CubicKeyframe<Double>] = []
        var start = 0.0
        for (i, e) in ends.enumerated() {
            keyframes.append(CubicKeyframe(p[i + 1], duration: e - start))
            start = e
        }
        var fit = KeyframeFit(startTime: first, initialValue: p[0], keyframes: keyframes, endTimes: absoluteEnds,
                              quality: accumulator.quality)
        fit.standardErrors = standardErrors(factor: factor, quality: fit.quality)
        fit.channel = channel
        return fit
    }
}
