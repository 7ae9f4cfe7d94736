/// Whether recorded values lie on a grid of step q — whole pixels, half points, a fixed number
/// of decimals — with many repeated values, as screen captures and trackers write them.
///
/// Quantisation hides small noise and small motion alike: a motion held still between two grid
/// levels repeats one value exactly, so differences of the samples are mostly exactly 0 and a
/// median-based noise estimate collapses to 0 although each value is off the motion by up to q/2
/// (q/√12 RMS where the motion moves across levels).
enum QuantisationGrid {
    /// The grid step of `values`, or nil when they are not quantised: fewer than half as many
    /// distinct values as samples are required (repeated values are what defeats a difference
    /// estimate), and every gap between distinct values must be a whole multiple of the smallest
    /// (to 1e-6 of it, so decimal steps such as 0.1 that a double cannot hold exactly count).
    static func step(of values: [Double]) -> Double? {
        guard values.count >= 4 else { return nil }
        var sorted = values.sorted()
        var distinct = 0
        for v in sorted where distinct == 0 || v != sorted[distinct - 1] {
            sorted[distinct] = v
            distinct += 1
        }
        guard distinct >= 2, 2 * distinct <= values.count else { return nil }
        var q = Double.infinity
        for k in 1..<distinct { q = min(q, sorted[k] - sorted[k - 1]) }
        guard q > 0, q.isFinite else { return nil }
        for k in 1..<distinct {
            let multiple = (sorted[k] - sorted[k - 1]) / q
            guard abs(multiple - multiple.rounded()) <= 1e-6 * multiple else { return nil }
        }
        return q
    }
}
