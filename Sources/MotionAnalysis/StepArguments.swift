import MotionNumerics

extension StepAnalysis {
    /// `threshold` if it is a fraction in (0, 1): the half-width of the settling band as a fraction
    /// of the step. Every front end checks it here, so they reject the same values with the same
    /// message (which names the argument `threshold`, its range and the value given).
    /// - Parameter threshold: the band's half-width asked for (0.02 for a 2 % band).
    /// - Throws: ``StepAnalysisError`` with reason ``StepAnalysisError/Reason/threshold``.
    public static func checkedThreshold(_ threshold: Double) throws(StepAnalysisError) -> Double {
        guard threshold.isFinite, threshold > 0, threshold < 1 else {
            throw StepAnalysisError(.threshold, "threshold must be a fraction in (0, 1) such as 0.02 for a 2 % band; got \(DecimalText.shortest(threshold))")
        }
        return threshold
    }
}
