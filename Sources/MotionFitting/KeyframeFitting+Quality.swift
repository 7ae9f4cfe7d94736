import MotionIO

extension KeyframeFitting {
    /// The quality of the track with parameters `p` on the samples (times − origin, values),
    /// with the definitions of ``FitQuality/init(times:values:model:)``, the track evaluated in
    /// the sweep that sums the residuals (no array of model values), two halves at once for long
    /// recordings.
    ///
    /// The sums are formed in units of a power of two near the largest |value| or |parameter|
    /// (the track is bounded by twice the largest parameter: its coefficients' magnitudes sum to
    /// less than 2), so they neither overflow nor underflow, even for values near the largest
    /// double, where twice a parameter would.
    static func quality(
        times: [Double], origin: Double, values: [Double], basis: KeyframeBasis, parameters p: [Double],
        summary: ValueSummary? = nil
    ) -> FitQuality {
        let n = values.count
        guard n > 0 else { return FitQuality(rmse: 0, maxError: 0, maxErrorTime: 0, r2: 1, count: 0) }
        let largestValue = summary?.largest ?? ValueSummary.largest(values)
        let largest = max(largestValue, p.reduce(0.0) { max($0, abs($1)) })
        let unit = ValueUnit(largest: largest)
        // The mean first (then the two-pass sum of squares about it).
        let mean = summary?.mean(in: unit) ?? ValueSummary.mean(values, in: unit)
        let pScaled = p.map { unit.scaled($0) }
        let halves = inHalves(n) { range in
            var sse = 0.0, sst = 0.0, worst = 0.0, worstIndex = range.lowerBound
            basis.sweep(times: times, origin: origin, range: range, parameters: pScaled) { i, model in
                let v = unit.scaled(values[i])
                let r = v - model
                sse += r * r
                sst += (v - mean) * (v - mean)
                if abs(r) > worst { worst = abs(r); worstIndex = i }
            }
            return (sse: sse, sst: sst, worst: worst, worstIndex: worstIndex)
        }
        var total = halves[0]
        for half in halves.dropFirst() {
            total.sse += half.sse
            total.sst += half.sst
            if half.worst > total.worst { (total.worst, total.worstIndex) = (half.worst, half.worstIndex) }
        }
        return FitQuality(
            rmse: (total.sse / Double(n)).squareRoot() * unit.unit, maxError: total.worst * unit.unit,
            maxErrorTime: total.worst > 0 ? times[total.worstIndex] : times[0],
            r2: FitQuality.r2(sse: total.sse, sst: total.sst, count: n, size: unit.scaled(largestValue)), count: n)
    }
}

extension KeyframeFitting {
    /// The largest |value| of a recording and its mean in the units a fit's quality is summed
    /// in, kept across the many fits of one search so that each fit reads the samples fewer
    /// times; the numbers are those each fit would compute.
    final class ValueSummary {
        let values: [Double]
        let largest: Double
        private var means: [Double: Double] = [:]

        init(_ values: [Double]) {
            self.values = values
            largest = Self.largest(values)
        }

        /// The mean of the values in `unit`, computed once per unit.
        func mean(in unit: ValueUnit) -> Double {
            if let known = means[unit.unit] { return known }
            let mean = Self.mean(values, in: unit)
            means[unit.unit] = mean
            return mean
        }

        static func largest(_ values: [Double]) -> Double { values.reduce(0.0) { max($0, abs($1)) } }

        /// The mean of the values scaled by `unit`: four running sums, then the rest.
        static func mean(_ values: [Double], in unit: ValueUnit) -> Double {
            let n = values.count
            var sums = SIMD4<Double>()
            var i = 0
            while i + 4 <= n {
                sums += SIMD4(unit.scaled(values[i]), unit.scaled(values[i + 1]), unit.scaled(values[i + 2]), unit.scaled(values[i + 3]))
                i += 4
            }
            var mean = sums.sum()
            while i < n { mean += unit.scaled(values[i]); i += 1 }
            return mean / Double(n)
        }
    }
}
