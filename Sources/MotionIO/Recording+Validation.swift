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
        // Worded as the reader words a file's row, "sample N" in place of "file:line".
        for i in times.indices {
            guard times[i].isFinite else {
                return (.invalid, "sample \(i + 1): column 'time': \(times[i]) is not a finite number")
            }
            guard values[i].isFinite else {
                return (.invalid, "sample \(i + 1): column '\(channel.isEmpty ? "value" : channel)': \(values[i]) is not a finite number")
            }
            if i > 0 && times[i] == times[i - 1] {
                return (.invalid, "sample \(i + 1): time \(times[i]) repeats the previous sample's time: times must strictly increase")
            }
            if i > 0 && !(times[i] > times[i - 1]) {
                return (.invalid, "sample \(i + 1): time \(times[i]) comes before the previous sample's time \(times[i - 1]): times must strictly increase (sort the samples)")
            }
        }
        if let first = times.first, let last = times.last, !(last - first).isFinite {
            return (.invalid, "the recording's times run from \(first) to \(last); their span overflows a double, so times cannot be measured from the first sample")
        }
        return nil
    }
}
