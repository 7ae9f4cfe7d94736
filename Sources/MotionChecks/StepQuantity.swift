import MotionAnalysis

/// A step-response metric of a recording (`motionlab settle`) that a check can bound.
public enum StepQuantity: String, Sendable, Hashable, CaseIterable {
    case settlingTime, riseTime, overshoot, undershoot, peakTime, onsetTime

    /// The metric of `metrics`, in `settle`'s units: seconds (from the onset, or for `onsetTime`
    /// from the first sample to the onset), or % of the step.
    public func value(of metrics: StepMetrics) -> Double {
        switch self {
        case .settlingTime: metrics.settlingTime
        case .riseTime: metrics.riseTime
        case .overshoot: metrics.overshoot
        case .undershoot: metrics.undershoot
        case .peakTime: metrics.peakTime
        case .onsetTime: metrics.onsetTime
        }
    }

    /// The unit the metric is printed in.
    public var unit: String {
        switch self {
        case .settlingTime, .riseTime, .peakTime, .onsetTime: "s"
        case .overshoot, .undershoot: "%"
        }
    }
}
