import MotionIO
import MotionNumerics
import MotionSprings
import RealModule

/// Step-response metrics (settling time, rise time, peak, overshoot, undershoot) of recorded
/// motion and of springs. See ``StepMetrics`` for the definitions.
public enum StepAnalysis {
    /// The fewest samples a recording may have.
    public static let minimumSampleCount = 4

    /// Rise-time limits, as fractions of the step (python-control's `RiseTimeLimits`).
    public static let riseLimits = (lower: 0.1, upper: 0.9)

    /// The noise level, as a fraction of the step, at or below which a recording's samples are
    /// taken as they are (``StepMetrics/Method/interpolated``); above it the metrics are measured
    /// on a noise-free estimate (``StepMetrics/Method/smoothed``). Exact samples of a motion
    /// estimate at about 1e-16.
    public static let noiseFloor = 1e-9

    /// The smallest step, in standard deviations of the samples' noise, that is measured: a
    /// smaller one is ``StepAnalysisError/Reason/noStep`` (on pure noise the "step" is the
    /// difference of two noisy levels, and its metrics would describe the noise).
    public static let minimumStepInNoise = 3.0

    /// The fewest samples a noise-free estimate is made from; fewer noisy samples are interpolated.
    public static let minimumSmoothingCount = 8

    /// Metrics of a recorded step, computed on a curve through the samples, not on the sample grid.
    ///
    /// - Times are measured from the onset (``StepMetrics/onsetTime``): where the motion leaves
    ///   the rest value it holds from the first sample, found between the frames — so idle frames
    ///   before the motion change no time. With `onset: .firstSample` they are measured from the
    ///   first sample instead, as python-control measures a step applied at t = 0.
    ///   initialValue is the first sample's value (the noise-free estimate there when the samples
    ///   are noisy).
    /// - finalValue comes from the samples in the last 5 % of the recording's duration (at least
    ///   the last three): the last sample when they approach it monotonically in non-growing steps
    ///   (python-control's choice, the best for a clean converging tail), else — and always when
    ///   the samples are noisy — their median, robust to noise, to a last frame that is off and
    ///   to a residual oscillation.
    /// - The curve is the shape-preserving piecewise cubic (PCHIP) through the samples. It has no
    ///   extremum that is not a sample and crosses a level only where the samples do, so it
    ///   invents no overshoot or undershoot — a C² spline rings where a ramp meets its plateau —
    ///   while its crossing times are good to a small fraction of a frame.
    /// - The noise of the samples is estimated (``StepMetrics/noise``): from high-order
    ///   differences, or — when the values lie on a grid, as a capture rounded to whole pixels
    ///   does, and repeat so often that differences are mostly exactly 0 — as the RMS of the
    ///   samples about the noise-free estimate below. Above ``noiseFloor`` of the step, and on
    ///   any such grid coarser than ``quantisationFloor`` of the step, an interpolant would follow the noise — more samples would
    ///   mean more spurious band crossings, not a better answer — so the curve is instead the
    ///   shape-preserving interpolant of a noise-free estimate: an order-3 Whittaker smoother whose
    ///   strength is chosen by generalised cross-validation (recordings of more than a thousand
    ///   samples are first averaged in groups). The estimate converges to the motion as samples
    ///   are added, and so do the metrics.
    /// - An extremum of the curve that its neighbours bracket lies between frames: the peak time
    ///   and value, and the extremes behind the overshoot and undershoot, are those of the
    ///   stationary point of the cubic through the samples around it,
    ///   within the bracket. Where the samples show no overshoot or undershoot there is none, and
    ///   on noisy samples none exceeds what the samples themselves show.
    ///
    /// - Parameters:
    ///   - recording: the recorded step (at least a few samples, times strictly increasing).
    ///   - threshold: the settling band's half-width as a fraction of the step, in (0, 1).
    ///   - onset: what the times are measured from: the onset detected (the default) or the first sample.
    /// - The work is done in normalised coordinates — u = (t − t₀)/(t_last − t₀) in [0, 1] and
    ///   w = (y − y₀)/(finalValue − y₀) — and the results mapped back (times × span, values
    ///   y₀ + w·Δ), so the metrics are exactly equivariant under t → a·t + b and y → c·y + d at any
    ///   scale a double can hold (1e-300 s steps or 1e300 s clocks alike).
    /// - Every metric is finite, except a settling time of `+∞` (the recording ends outside the band).
    ///
    /// - Throws: ``StepAnalysisError`` for a bad threshold, fewer than 4 samples, non-finite or
    ///   non-increasing samples, a recording that ends where it starts or whose step is under
    ///   ``minimumStepInNoise`` standard deviations of its noise (no step), or samples a
    ///   double cannot normalise: a time span or a step that overflows (times 1e308 apart, values
    ///   ±1e308), times closer than the span's resolution, or a metric that would overflow on
    ///   mapping back (``StepAnalysisError/Reason/invalidSamples``).
    public static func metrics(of recording: Recording, threshold: Double = 0.02, onset: Onset = .detected) throws(StepAnalysisError) -> StepMetrics {
        try validate(threshold: threshold)
        let times = recording.times, values = recording.values
        if let (problem, message) = recording.sampleProblem(minimumCount: minimumSampleCount, purpose: "a step") {
            throw StepAnalysisError(problem == .tooFew ? .tooFewSamples : .invalidSamples, message)
        }
        let start = times[0]
        let span = times[times.count - 1] - start
        let first = values[0]
        let tail = tailStart(times: times)
        let lastValue = finalValueEstimate(times: times, values: values)
        let step = lastValue - first
        guard step.isFinite else {
            throw StepAnalysisError(.invalidSamples, "the step from the initial value \(first) to the final value \(lastValue) overflows a double; rescale the values")
        }
        let scale = values.reduce(0) { max($0, abs($1)) }
        guard step != 0, abs(step) > 1e-12 * scale else {
            throw StepAnalysisError(.noStep, "the recording shows no step: its final value \(lastValue) (from the last 5 % of samples) equals its initial value \(first); a step needs final ≠ initial")
        }

        // Work in normalised coordinates — time as a fraction of the recording's span from the
        // first sample, value as a fraction of the step from the first sample — so that neither
        // the interpolant's h², h³ nor its coefficients can overflow or underflow whatever the
        // units. The metrics are equivariant under both affine maps: times scale by the span,
        // percentages do not change, values map back through y0 + w·Δ.
        let u = times.map { ($0 - start) / span }
        var w = [Double](repeating: 0, count: values.count)
        for i in values.indices {
            w[i] = (values[i] - first) / step
            guard w[i].isFinite else {
                throw StepAnalysisError(.invalidSamples, "sample \(i + 1) (value \(values[i])) is \(values[i] - first) from the initial value \(first), which overflows relative to the step \(step)")
            }
        }
        for i in 1..<u.count where !(u[i] > u[i - 1]) {
            throw StepAnalysisError(.invalidSamples, "samples \(i) and \(i + 1) (times \(times[i - 1]) and \(times[i])) are closer than the resolution of a double relative to the recording's span \(span); they cannot be told apart")
        }

        // The curve measured, in units where it starts at `origin` and ends at `target` (w units).
        var noise = NoiseEstimate.sigma(x: u, y: w, floor: noiseFloor)
        let quantised = isQuantised(values, step: step)
        var knots = u, curveValues = w
        var origin = 0.0, target = 1.0
        var method = StepMetrics.Method.interpolated
        var degrees = Double(u.count)
        if (noise > noiseFloor || quantised) && u.count >= minimumSmoothingCount {
            guard let estimate = NoiseFreeEstimate(x: u, y: w) else {
                throw StepAnalysisError(.invalidSamples, "the samples cannot be smoothed: relative to the step \(step) and the span \(span) they vary too fast for a double")
            }
            if quantised { noise = max(noise, residualNoise(x: u, y: w, estimate: estimate)) }
            var tailValues = Array(w[tail...])
            origin = estimate.values[0]
            target = NoiseEstimate.median(&tailValues, count: tailValues.count)
            knots = estimate.x
            curveValues = estimate.values
            method = .smoothed
            degrees = estimate.degreesOfFreedom
        }
        let unit = target - origin
        guard unit.isFinite, abs(unit) > 1e-12 else {
            throw StepAnalysisError(.noStep, "the recording shows no step: the noise-free estimate starts at \(first + origin * step) and the final value (median of the last 5 % of samples) is \(first + target * step); a step needs final ≠ initial")
        }
        // A step within the samples' noise is no step: its metrics would measure the noise.
        guard method == .interpolated || abs(unit) >= Self.minimumStepInNoise * noise else {
            throw StepAnalysisError(.noStep, "the recording shows no step above its noise: the step from \(DecimalText.significant(first + origin * step)) "
                                    + "to \(DecimalText.significant(first + target * step)) (\(DecimalText.significant(abs(unit * step), digits: 3))) is less than "
                                    + "\(DecimalText.significant(Self.minimumStepInNoise)) times the samples' noise (σ ≈ \(DecimalText.significant(noise * abs(step), digits: 3)))")
        }
        // v = 0 at the start of the step, 1 at its final value.
        func normalised(_ value: Double) -> Double { method == .interpolated ? value : (value - origin) / unit }
        let curve = ShapePreservingCubic(x: knots, y: curveValues.map(normalised))
        guard curve.isFinite else {
            throw StepAnalysisError(.invalidSamples, "the samples cannot be interpolated: relative to the step \(step) and the span \(span) they vary too fast for a double (the interpolant's coefficients overflow)")
        }
        // Times are measured from the onset (where the samples leave their rest value) or the first sample.
        let onsetU = Self.onset(u: u, w: w, noise: noise)
        let zero = onset == .detected ? onsetU : 0
        let riseStart = (curve.firstReach(riseLimits.lower, direction: 1) ?? .nan) - zero
        let riseEnd = (curve.firstReach(riseLimits.upper, direction: 1) ?? .nan) - zero
        let settling = curve.lastExit(center: 1, halfWidth: threshold).map { max(0, $0 - zero) } ?? .infinity

        // Extremes: the curve's are at its knots (every segment is monotone), refined to the
        // vertex of the parabola through the extreme knot and its neighbours where they bracket
        // a true extremum (SubFrameExtremum); the samples' own bound them when smoothed, so that
        // noise cannot lift a metric above what the samples show.
        var peakIndex = 0, mostIndex = 0, leastIndex = 0
        for i in curve.y.indices {
            if abs(curve.y[i]) > abs(curve.y[peakIndex]) { peakIndex = i }
            if curve.y[i] > curve.y[mostIndex] { mostIndex = i }
            if curve.y[i] < curve.y[leastIndex] { leastIndex = i }
        }
        let refinedPeak = SubFrameExtremum.refine(x: curve.x, y: curve.y, at: peakIndex)
        var peak = (time: refinedPeak.time, excursion: abs(refinedPeak.value), value: refinedPeak.value)
        var most = SubFrameExtremum.refine(x: curve.x, y: curve.y, at: mostIndex).value
        var least = SubFrameExtremum.refine(x: curve.x, y: curve.y, at: leastIndex).value
        if method == .smoothed {
            var sampleMost = -Double.infinity, sampleLeast = Double.infinity
            for value in w {
                let v = normalised(value)
                sampleMost = max(sampleMost, v)
                sampleLeast = min(sampleLeast, v)
            }
            most = min(most, sampleMost)
            least = max(least, sampleLeast)
            let samplePeak = max(abs(sampleMost), abs(sampleLeast))
            if peak.excursion > samplePeak {
                peak.excursion = samplePeak
                peak.value = peak.value < 0 ? -samplePeak : samplePeak
            }
        }

        let initial = method == .interpolated ? first : first + origin * step
        let final = method == .interpolated ? lastValue : first + target * step
        let delta = method == .interpolated ? step : final - initial
        let metrics = StepMetrics(
            initialValue: initial, finalValue: final, settlingTime: settling * span, riseTime: (riseEnd - riseStart) * span,
            peak: peak.excursion * abs(delta), peakTime: (peak.time - zero) * span,
            overshoot: max(0, 100 * (most - 1)),
            undershoot: least < 0 ? -100 * least : 0,
            threshold: threshold, riseStart: riseStart * span, riseEnd: riseEnd * span,
            peakValue: initial + peak.value * delta, startTime: start,
            method: method, noise: noise * abs(step), degreesOfFreedom: degrees,
            onsetTime: onsetU * span, onset: onset)
        try checkFinite(metrics)
        return metrics
    }

    /// Every metric of a recording is finite except a settling time of +∞ (still outside the band
    /// at the end); anything else — NaN from a degenerate interpolant, an overflow on mapping back
    /// to the recording's units — is an error, never a silent answer.
    static func checkFinite(_ m: StepMetrics) throws(StepAnalysisError) {
        let named: [(String, Double)] = [
            ("riseTime", m.riseTime), ("riseStart", m.riseStart), ("riseEnd", m.riseEnd), ("peak", m.peak),
            ("peakTime", m.peakTime), ("peakValue", m.peakValue), ("overshoot", m.overshoot), ("undershoot", m.undershoot),
        ]
        for (name, value) in named where !value.isFinite {
            throw StepAnalysisError(.invalidSamples, "the recording's \(name) is \(value), not a finite number: the samples are too extreme for a double (the \(name.hasSuffix("Value") || name == "peak" ? "excursion from the initial value" : "time") overflows)")
        }
        guard m.settlingTime.isFinite || m.settlingTime == .infinity else {
            throw StepAnalysisError(.invalidSamples, "the recording's settlingTime is \(m.settlingTime): the samples are too extreme for a double")
        }
    }

    /// The same metrics of a spring's motion from 0 towards `target`, in closed form (exact).
    ///
    /// The settling band is threshold·|target| around the target; the settling time is the spring's
    /// exact last crossing of it (`SpringMotion.exactSettlingTime(epsilon:)`). The 10 % and 90 %
    /// crossings are found by Newton–bisection on the closed form between consecutive extrema
    /// of the motion (where it is monotone), the peak and the overshoot and undershoot from the
    /// values at those extrema, which are known in closed form. Without overshoot the peak is the
    /// target itself, approached as t → ∞ (peakTime = `+∞`).
    ///
    /// Returns NaN metrics when `target` is 0 or not finite, `initialVelocity` is not finite or
    /// `threshold` is outside (0, 1) — there is no step to measure.
    public static func metrics(of spring: Spring, target: Double = 1, initialVelocity: Double = 0, threshold: Double = 0.02) -> StepMetrics {
        guard target.isFinite, target != 0, initialVelocity.isFinite, threshold.isFinite, threshold > 0, threshold < 1,
              spring.decayRate.isFinite, spring.decayRate >= 0, spring.signedFrequency.isFinite else {
            return StepMetrics(initialValue: 0, finalValue: target, settlingTime: .nan, riseTime: .nan, peak: .nan,
                               peakTime: .nan, overshoot: .nan, undershoot: .nan, threshold: threshold)
        }
        let motion = SpringMotion(spring: spring, target: target, initialVelocity: initialVelocity)
        let direction: Double = target > 0 ? 1 : -1
        func position(_ t: Double) -> Double { target + motion.state(at: t).displacement }
        // Enough extrema to hold the largest excursions on either side of the target: the first
        // two of an oscillating motion (they alternate in sign and shrink), or its only one.
        let extrema = motion.extremumTimes(count: 2)

        /// The first time direction·(x − level) ≥ 0, on the monotone pieces between extrema.
        func firstReach(_ level: Double) -> Double {
            func g(_ t: Double) -> (value: Double, derivative: Double) {
                let s = motion.state(at: t)
                return (direction * (target + s.displacement - level), direction * s.velocity)
            }
            var a = 0.0
            for b in extrema {
                if g(b).value >= 0 { return Roots.newtonBisection(between: a, and: b) { g($0) } ?? .nan }
                a = b
            }
            // Monotone after the last extremum, towards the target (beyond the level).
            let rate = spring.signedFrequency < 0 ? spring.decayRate + spring.signedFrequency : spring.decayRate
            var span = 1 / max(rate, .leastNormalMagnitude)
            var b = a + span
            var count = 0
            while g(b).value < 0 && count < 2100 {
                span *= 2
                b = a + span
                count += 1
            }
            return Roots.newtonBisection(between: a, and: b) { g($0) } ?? .nan
        }
        let riseStart = firstReach(riseLimits.lower * target)
        let riseEnd = firstReach(riseLimits.upper * target)
        let settling = motion.exactSettlingTime(epsilon: threshold * abs(target))

        // The peak: the extrema, then the target approached at t → ∞ (which loses any tie).
        var peak = (time: 0.0, excursion: 0.0, value: 0.0)
        var most = 0.0, least = 0.0
        for t in extrema {
            let x = position(t)
            if abs(x) > peak.excursion { peak = (t, abs(x), x) }
            most = max(most, direction * x)
            least = min(least, direction * x)
        }
        if abs(target) > peak.excursion { peak = (.infinity, abs(target), target) }
        most = max(most, abs(target))
        return StepMetrics(
            initialValue: 0, finalValue: target, settlingTime: settling, riseTime: riseEnd - riseStart,
            peak: peak.excursion, peakTime: peak.time,
            overshoot: 100 * (most - abs(target)) / abs(target),
            undershoot: least < 0 ? -100 * least / abs(target) : 0,
            threshold: threshold, riseStart: riseStart, riseEnd: riseEnd, peakValue: peak.value, startTime: 0,
            method: .closedForm, noise: 0, degreesOfFreedom: 0)
    }

    static func validate(threshold: Double) throws(StepAnalysisError) {
        guard threshold.isFinite, threshold > 0, threshold < 1 else {
            throw StepAnalysisError(.threshold, "the settling threshold must be a fraction in (0, 1), such as 0.02 for a 2 % band; got \(threshold)")
        }
    }

    /// The index of the first sample in the last 5 % of the recording's duration, and at most
    /// the third from the end: the window the final value is taken from.
    static func tailStart(times: [Double]) -> Int {
        let n = times.count
        // The window is judged in normalised time (a fraction of the span), with a little slack:
        // a sample exactly at the 95 % mark — common on a uniform grid — must fall on the same
        // side whatever the clock's offset and unit, not on the side its rounding happens to pick.
        let start = times[0], span = times[n - 1] - times[0]
        var first = n - 1
        while first > 0 && (times[first - 1] - start) / span >= 0.95 - 1e-9 { first -= 1 }
        return min(first, max(0, n - 3))
    }

    /// The final value: the samples in the last 5 % of the recording's duration (at least the last
    /// three) give it — their last value when they approach it monotonically in steps that do not
    /// grow at the end (a converging tail, whose last sample is the closest to the limit), else
    /// their median (noise, a glitched last frame, a residual oscillation).
    static func finalValueEstimate(times: [Double], values: [Double]) -> Double {
        let n = times.count
        let first = tailStart(times: times)
        let window = Array(values[first...])
        let steps = zip(window, window.dropFirst()).map { $1 - $0 }
        // Steps within a few ulps of the values are rounding, of either sign (values offset by
        // y → c·y + d must give the same verdict).
        let noise = 8 * window.map { $0.magnitude.ulp }.max()!
        let monotone = steps.allSatisfy { $0 >= -noise } || steps.allSatisfy { $0 <= noise }
        // A converging tail takes ever smaller steps; a last step larger than every earlier one
        // is a glitch (or the motion is not over), and the median handles both.
        let converging = steps.count >= 2 && abs(steps[steps.count - 1]) <= steps.dropLast().map(abs).max()! + noise
        if monotone && converging { return values[n - 1] }
        let tail = window.sorted()
        let middle = tail.count / 2
        // Halve before adding: two values near ±1.8e308 must not overflow.
        return tail.count % 2 == 1 ? tail[middle] : 0.5 * tail[middle - 1] + 0.5 * tail[middle]
    }
}
