/// What can be read off a recorded step before any model is fitted: where it starts and ends,
/// when it leaves the start, its first peak and how fast it rises. The fits start from these.
struct StepFeatures {
    var from: Double
    var to: Double
    /// The last sample time before the motion leaves `from` by more than 2 % of the step.
    var departure: Double
    /// The first time the motion stays within 2 % of `to`.
    var arrival: Double
    /// The largest excursion beyond `to`, in the step's direction, and when it happens.
    var overshoot: Double
    var peakTime: Double
    /// 10 % → 90 % rise time.
    var riseTime: Double

    init(_ times: [Double], _ values: [Double]) throws(FitError) {
        let n = values.count
        guard n >= 8 else { throw FitError("a step fit needs at least 8 samples; the recording has \(n)") }
        func median(_ xs: ArraySlice<Double>) -> Double {
            let s = xs.sorted()
            return s.count % 2 == 1 ? s[s.count / 2] : 0.5 * (s[s.count / 2 - 1] + s[s.count / 2])
        }
        let head = max(2, n / 50), tail = max(3, n / 10)
        let from = median(values.prefix(head))
        let to = median(values.suffix(tail))
        self.from = from
        self.to = to
        let step = to - from
        let range = (values.max() ?? 0) - (values.min() ?? 0)
        guard abs(step) > 1e-9 * max(1, range), range > 0 else {
            throw FitError("the recording does not move from one value to another (start ≈ end ≈ \(from)); a step model needs a step")
        }
        let sign: Double = step > 0 ? 1 : -1
        let leave = values.firstIndex { abs($0 - from) > 0.02 * abs(step) } ?? 0
        departure = times[max(leave - 1, 0)]
        let lastOutside = values.lastIndex { abs($0 - to) > 0.02 * abs(step) } ?? 0
        arrival = times[min(lastOutside + 1, n - 1)]
        var peak = 0.0, peakIndex = leave
        for i in leave..<n where sign * (values[i] - to) > peak {
            peak = sign * (values[i] - to)
            peakIndex = i
        }
        overshoot = peak / abs(step)
        peakTime = times[peakIndex]
        let ten = values.firstIndex { sign * ($0 - from) >= 0.1 * abs(step) } ?? leave
        let ninety = values.firstIndex { sign * ($0 - from) >= 0.9 * abs(step) } ?? (n - 1)
        riseTime = max(times[ninety] - times[ten], times[min(1, n - 1)] - times[0])
    }
}
