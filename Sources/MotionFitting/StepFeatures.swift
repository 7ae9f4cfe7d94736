import MotionIO

/// What can be read off a recorded step before any model is fitted: where it starts and ends,
/// when it leaves the start, its first peak and how fast it rises. The fits start from these.
///
/// Every test here is relative — to the step and to the samples' own times — so the features are
/// the same, up to the affine maps, at any time or value scale. The fits compute them on a
/// ``NormalisedStep``.
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

    /// The fewest samples a step fit accepts.
    static let minimumSampleCount = 8

    /// The medians of the first and last samples: the plateaus the step goes between, when the
    /// recording shows rest before and after. On a capture trimmed to the motion they are not
    /// plateaus; the fits use them only as the normalisation and first guesses, and fit from/to.
    static func plateaus(_ values: [Double]) -> (from: Double, to: Double) {
        func median(_ xs: ArraySlice<Double>) -> Double {
            let s = xs.sorted()
            // Halve before adding: two values near ±1.8e308 must not overflow.
            return s.count % 2 == 1 ? s[s.count / 2] : 0.5 * s[s.count / 2 - 1] + 0.5 * s[s.count / 2]
        }
        let n = values.count
        let head = max(2, n / 50), tail = max(3, n / 10)
        return (median(values.prefix(head)), median(values.suffix(tail)))
    }

    init(_ times: [Double], _ values: [Double]) throws(FitError) {
        let n = values.count
        guard n >= Self.minimumSampleCount else {
            throw FitError("a step fit needs at least \(Self.minimumSampleCount) samples; the recording has \(n)")
        }
        let (from, to) = Self.plateaus(values)
        self.from = from
        self.to = to
        let step = to - from
        let range = (values.max() ?? 0) - (values.min() ?? 0)
        // Relative: the step must stand out of the data's own range, whatever its units.
        guard range > 0, abs(step) > 1e-9 * range else {
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

/// A recorded step in normalised coordinates, where the fits work: time as a fraction of the
/// recording's span from its first sample, u = (t − t₀)/span in [0, 1], and value as a fraction
/// of the step from the start plateau, w = (y − from)/(to − from), going from ≈ 0 to ≈ 1.
///
/// A spring or a timing curve is the same shape at any scale — its duration in units of the span,
/// its initial velocity in steps per span — so fitting here makes the fits exactly scale-invariant
/// and keeps every floor, bound and finite-difference step meaningful: in seconds they would be
/// wrong at 1e-300 s (everything below the floor) and at 1e300 s (t₀ + step = t₀).
struct NormalisedStep {
    /// The first sample's time, t₀.
    let start: Double
    /// The last sample's time minus the first's (> 0, finite).
    let span: Double
    /// The start and end plateaus, in the recording's units.
    let from: Double
    let to: Double
    /// to − from (≠ 0, finite).
    let step: Double
    /// The normalised samples.
    let times: [Double]
    let values: [Double]
    /// The features of the normalised samples (from ≈ 0, to ≈ 1, times in spans).
    let features: StepFeatures

    /// The information criterion's noise floor f (``StepModelSelection/relativeNoiseFloor`` of the
    /// normalised samples' range).
    var noiseFloor: Double {
        StepModelSelection.relativeNoiseFloor * ((values.max() ?? 1) - (values.min() ?? 0))
    }

    /// The recording's samples normalised; errors name its channel.
    init(_ recording: Recording) throws(FitError) {
        if let (_, message) = recording.sampleProblem(minimumCount: StepFeatures.minimumSampleCount, purpose: "a step fit") {
            throw FitError(message)
        }
        let recordedTimes = recording.times, recordedValues = recording.values
        let n = recordedTimes.count
        start = recordedTimes[0]
        span = recordedTimes[n - 1] - start
        (from, to) = StepFeatures.plateaus(recordedValues)
        step = to - from
        guard step.isFinite else {
            throw FitError("the step from \(from) to \(to) overflows a double; rescale the values")
        }
        let range = (recordedValues.max() ?? 0) - (recordedValues.min() ?? 0)
        guard step != 0, range > 0, !(abs(step) <= 1e-9 * range) else {
            throw FitError("the recording does not move from one value to another (start ≈ end ≈ \(from)); a step model needs a step")
        }
        let start = start, span = span, step = step, from = from
        let times = recordedTimes.map { ($0 - start) / span }
        self.times = times
        var values = [Double](repeating: 0, count: n)
        for i in 0..<n {
            values[i] = (recordedValues[i] - from) / step
            guard values[i].isFinite else {
                throw FitError("sample \(i + 1) (value \(recordedValues[i])) is \(recordedValues[i] - from) from the start \(from): it overflows a double relative to the step \(step)")
            }
        }
        self.values = values
        for i in 1..<n where !(times[i] > times[i - 1]) {
            throw FitError("samples \(i) and \(i + 1) (times \(recordedTimes[i - 1]) and \(recordedTimes[i])) are closer than a double can resolve relative to the recording's span \(span)")
        }
        features = try StepFeatures(times, values)
    }

    /// A normalised time on the recording's clock.
    func time(_ u: Double) -> Double { start + u * span }
    /// A normalised value in the recording's units.
    func value(_ w: Double) -> Double { from + w * step }

    /// The quality of a model computed in normalised values, in the recording's units: the
    /// errors scale by |step| (R² is invariant) and the worst one is placed at its recorded time.
    func quality(recordedTimes: [Double], model: [Double]) -> FitQuality {
        var quality = FitQuality(times: recordedTimes, values: values, model: model)
        quality.rmse *= abs(step)
        quality.maxError *= abs(step)
        return quality
    }
}
