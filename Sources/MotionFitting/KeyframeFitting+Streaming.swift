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
            // As in FitQuality.init: constant data is "explained" when fitted to rounding.
            let roundingLevel = Double(count) * 16 * largest.ulp * largest.ulp
            return FitQuality(rmse: (sse / Double(max(count, 1))).squareRoot(), maxError: worst, maxErrorTime: worstTime,
                              r2: m2 > roundingLevel ? 1 - sse / m2 : (sse <= roundingLevel ? 1 : 0), count: count)
        }
    }

    init(rmse: Double, maxError: Double, maxErrorTime: Double, r2: Double, count: Int) {
        self.rmse = rmse
        self.maxError = maxError
        self.maxErrorTime = maxErrorTime
        self.r2 = r2
        self.count = count
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
    /// by `clock` (a time column's unit, or a frame column's rate).
    public static func fitStreaming(
        path: String, column: String? = nil, clock: RecordingClock, endTimes: [Double]? = nil, keyframeCount: Int? = nil
    ) throws(FitError) -> KeyframeFit {
        var channel = column ?? ""
        func stream(_ body: (Double, Double) -> Void) throws(FitError) -> Int {
            do {
                let result = try RecordingReader.stream(path: path, column: column, clock: clock) { t, y in body(t, y) }
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
            return try fitStreaming(path: path, column: column, clock: clock,
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
        _ = try stream { t, y in
            let model = equations.model(t - first, p)
            equations.add(t - first, y - model)
        }
        if let correction = try? factor.solve(equations.system().rhs) {
            for j in p.indices { p[j] += correction[j] }
        }
        // Pass 3: the quality of the refined values.
        var sweep = NormalEquations(ends: ends)
        var accumulator = FitQuality.Accumulator()
        _ = try stream { t, y in accumulator.add(time: t, value: y, model: sweep.model(t - first, p)) }
        var keyframes: [CubicKeyframe] = []
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

    /// AᵀA (upper band, kd = 3) and Aᵀy, added to one sample at a time in increasing time.
    ///
    /// A keyframe's samples all touch the same four unknowns, so their products are summed in a
    /// 4×4 block held in registers and added to the band once per keyframe; ``system()`` adds the
    /// last block and gives the band and the right-hand side.
    struct NormalEquations {
        let ends: [Double]
        let unknowns: Int
        private var band: [Double]
        private var rhs: [Double]
        var segment = 0
        /// The current keyframe's block: its first unknown, the rows of c·cᵀ and c·y summed.
        private var blockFirst = 0
        private var blockRows = (SIMD4<Double>(), SIMD4<Double>(), SIMD4<Double>(), SIMD4<Double>())
        private var blockRhs = SIMD4<Double>()
        private var blockPending = false

        init(ends: [Double]) {
            self.ends = ends
            unknowns = ends.count + 1
            band = [Double](repeating: 0, count: 4 * unknowns)
            rhs = [Double](repeating: 0, count: unknowns)
        }

        @inline(__always)
        mutating func add(_ t: Double, _ y: Double) {
            if segment < ends.count && ends[segment] < t {
                flush()
                while segment < ends.count && ends[segment] < t { segment += 1 }
            }
            if segment == ends.count {
                band[3 + (unknowns - 1) * 4] += 1
                rhs[unknowns - 1] += y
                return
            }
            let (first, c) = KeyframeFitting.row(t: t, segment: segment, ends: ends)
            blockFirst = first
            blockPending = true
            blockRhs += c * y
            blockRows.0 += c * c[0]
            blockRows.1 += c * c[1]
            blockRows.2 += c * c[2]
            blockRows.3 += c * c[3]
        }

        /// Adds the current block to the band: it touches unknowns first…first+3.
        private mutating func flush() {
            guard blockPending else { return }
            let rows = [blockRows.0, blockRows.1, blockRows.2, blockRows.3]
            for a in 0..<4 {
                let ja = blockFirst + a
                guard ja >= 0, ja < unknowns else { continue }
                rhs[ja] += blockRhs[a]
                for b in a..<4 {
                    let jb = blockFirst + b
                    guard jb < unknowns else { continue }
                    band[(3 + ja - jb) + jb * 4] += rows[b][a]
                }
            }
            blockRows = (SIMD4<Double>(), SIMD4<Double>(), SIMD4<Double>(), SIMD4<Double>())
            blockRhs = SIMD4<Double>()
            blockPending = false
        }

        /// The band of AᵀA (LAPACK's upper band storage, kd = 3) and Aᵀy of every sample added.
        mutating func system() -> (band: [Double], rhs: [Double]) {
            flush()
            return (band, rhs)
        }

        /// The system of the samples of both, added in a fixed order (self, then other).
        mutating func absorb(_ other: inout NormalEquations) {
            let (b, r) = other.system()
            flush()
            for i in band.indices { band[i] += b[i] }
            for i in rhs.indices { rhs[i] += r[i] }
        }

        /// The track's value at `t` (increasing from call to call) for parameters `p`.
        mutating func model(_ t: Double, _ p: [Double]) -> Double {
            if segment < ends.count && ends[segment] < t {
                flush()  // the block belongs to the keyframe being left
                while segment < ends.count && ends[segment] < t { segment += 1 }
            }
            if segment == ends.count { return p[p.count - 1] }
            let (first, c) = KeyframeFitting.row(t: t, segment: segment, ends: ends)
            var y = c[1] * p[first + 1] + c[2] * p[first + 2]
            if first >= 0 { y += c[0] * p[first] }
            if first + 3 < p.count { y += c[3] * p[first + 3] }
            return y
        }
    }
}
