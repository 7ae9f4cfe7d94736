extension Recording {
    /// What makes samples unusable for analysing a motion.
    public enum SampleProblem: Sendable, Hashable {
        /// Fewer samples than the analysis needs.
        case tooFew
        /// Counts that differ, a time or value that is not finite, times that do not strictly
        /// increase, or a span of times that overflows a double.
        case invalid
    }

    /// Why these samples cannot be analysed as a motion, with a message that names the sample;
    /// `nil` when they can. `purpose` completes "… needs at least N samples" (e.g. "a step fit").
    public func sampleProblem(minimumCount: Int, purpose: String) -> (problem: SampleProblem, message: String)? {
        guard times.count == values.count else {
            return (.invalid, "the recording has \(times.count) times but \(values.count) values; they must match")
        }
        guard times.count >= minimumCount else {
            return (.tooFew, "\(purpose) needs at least \(minimumCount) samples; the recording has \(times.count)")
        }
        for i in times.indices {
            guard times[i].isFinite, values[i].isFinite else {
                return (.invalid, "sample \(i + 1) (time \(times[i]), value \(values[i])) is not finite; times and values must be finite numbers")
            }
            if i > 0 && !(times[i] > times[i - 1]) {
                return (.invalid, "sample \(i + 1) has time \(times[i]), not after the previous \(times[i - 1]); times must strictly increase")
            }
        }
        if let first = times.first, let last = times.last, !(last - first).isFinite {
            return (.invalid, "the recording's times run from \(first) to \(last); their span overflows a double, so times cannot be measured from the first sample")
        }
        return nil
    }
}
