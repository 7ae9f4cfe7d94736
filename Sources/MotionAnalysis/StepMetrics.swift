/// Step-response metrics of a motion from an initial value to a final value, with
/// python-control's `step_info` definitions generalised to a step that does not start at 0.
///
/// Every quantity is measured relative to the step Δ = finalValue − initialValue and its
/// direction σ = sign(Δ); times are seconds from the start of the step (``timeOrigin``: a
/// recording's onset, where its motion leaves its rest value, or its first sample; t = 0 for a
/// spring). When initialValue = 0 and the step starts at the first sample these are exactly
/// python-control's (and MATLAB's `stepinfo`) definitions:
///
/// - ``settlingTime``: the last time |y − finalValue| ≥ threshold·|Δ|; after it the motion stays in
///   the band. `+∞` when it is still outside the band at the end of a recording (python-control
///   reports NaN there) or never settles (an undamped spring).
/// - ``riseTime``: from the first time y reaches initialValue + 0.1·Δ to the first time it reaches
///   initialValue + 0.9·Δ (``riseStart`` and ``riseEnd``).
/// - ``peak``: the largest excursion max |y − initialValue| (python-control's `Peak` = max |y|),
///   reached first at ``peakTime`` where y = ``peakValue``. For a spring that approaches its
///   target without overshooting, the supremum |Δ| is reached only as t → ∞: peakTime = `+∞`.
///   For a recording it is the maximum over the recorded window, between the frames where the
///   samples bracket it.
/// - ``overshoot``: 100·(max σ·(y − initialValue) − |Δ|)/|Δ|, or 0 (%).
/// - ``undershoot``: 100·(−min σ·(y − initialValue))/|Δ| when the motion first goes the wrong way
///   (a non-minimum-phase response, a spring flung away from its target), else 0 (%).
///
/// For a recording, y is the curve the metrics are measured on (``method``): the shape-preserving
/// interpolant of the samples, or of a noise-free estimate of them when they are noisy. Either
/// way there is no overshoot or undershoot where the samples show none.
public struct StepMetrics: Sendable, Hashable {
    /// What the metrics were measured on.
    public enum Method: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// A spring's exact motion, in closed form.
        case closedForm
        /// The shape-preserving cubic interpolant (PCHIP) of the samples themselves: their noise
        /// is below ``StepAnalysis/noiseFloor`` of the step.
        case interpolated
        /// The shape-preserving cubic interpolant of a noise-free estimate of the samples (a
        /// smoother whose strength is chosen by generalised cross-validation): the samples are
        /// noisy (``StepMetrics/noise``), and an interpolant of them would follow the noise.
        case smoothed

        public var description: String {
            switch self {
            case .closedForm: "closed form"
            case .interpolated: "shape-preserving interpolant of the samples"
            case .smoothed: "shape-preserving interpolant of a noise-free estimate (order-3 Whittaker smoother, GCV)"
            }
        }
    }

    /// The value the step starts from: the first sample, or the noise-free estimate at its time
    /// when the samples are noisy.
    public var initialValue: Double
    /// The value the step settles to.
    public var finalValue: Double
    /// Seconds from ``timeOrigin`` to the last exit from the settling band.
    public var settlingTime: Double
    /// Seconds from 10 % to 90 % of the step.
    public var riseTime: Double
    /// The largest excursion from the initial value, max |y − initialValue| (≥ 0).
    public var peak: Double
    /// Seconds from ``timeOrigin`` to the first time the peak excursion is reached.
    public var peakTime: Double
    /// Overshoot beyond the final value, in % of |Δ|.
    public var overshoot: Double
    /// Excursion in the wrong direction before the motion heads to its final value, in % of |Δ|.
    public var undershoot: Double
    /// The settling band's half-width as a fraction of |finalValue − initialValue| (0.02 = 2 %).
    public var threshold: Double
    /// Seconds from ``timeOrigin`` to the first time the motion reaches 10 % of the step.
    public var riseStart: Double = .nan
    /// Seconds from ``timeOrigin`` to the first time the motion reaches 90 % of the step.
    public var riseEnd: Double = .nan
    /// The value y at ``peakTime`` (initialValue ± ``peak``).
    public var peakValue: Double = .nan
    /// The first sample's time, on the recording's clock (0 for a spring).
    public var startTime: Double = 0
    /// What the metrics were measured on: the closed form, the samples' interpolant, or a
    /// noise-free estimate's.
    public var method: Method = .closedForm
    /// The estimated standard deviation of the samples' noise, in the recording's value units
    /// (0 for the closed form). Robust: from the median absolute deviation of high-order
    /// differences of the samples, so a smooth motion, kinks and a few glitches do not count as
    /// noise; on values quantised to a grid (whole pixels), whose differences are mostly exactly
    /// 0, at least the RMS of the samples about their noise-free estimate.
    public var noise: Double = 0
    /// The effective number of parameters of the curve measured: the number of samples when
    /// interpolated, the trace of the smoother's hat matrix when smoothed, 0 for the closed form.
    public var degreesOfFreedom: Double = 0
    /// Seconds from the first sample to the onset, where the motion leaves its rest value
    /// (sub-frame; 0 when it moves from the first sample on, and for the closed form).
    public var onsetTime: Double = 0
    /// What the times are measured from: the onset, or the first sample.
    public var onset: StepAnalysis.Onset = .detected

    /// The time the settling, rise and peak times are measured from, on the recording's clock:
    /// ``startTime`` plus ``onsetTime`` when they are measured from the onset.
    public var timeOrigin: Double { onset == .detected ? startTime + onsetTime : startTime }
}

/// Why a recording's step metrics cannot be computed: names the problem and what is valid.
public struct StepAnalysisError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: String, Sendable, Hashable {
        /// The threshold is NaN, infinite or outside (0, 1).
        case threshold
        /// Fewer samples than the interpolant needs.
        case tooFewSamples
        /// Times and values differ in number, a time or value is not finite, or times do not increase;
        /// or the samples are beyond a double's range once normalised: the time span or the step
        /// overflows, or a metric would overflow when mapped back to the recording's units.
        case invalidSamples
        /// The final value equals the initial value, or the step is within
        /// ``StepAnalysis/minimumStepInNoise`` standard deviations of the samples' noise: there is
        /// no step to measure.
        case noStep
    }

    public var reason: Reason
    public var message: String

    public init(_ reason: Reason, _ message: String) {
        self.reason = reason
        self.message = message
    }

    public var description: String { message }
}
