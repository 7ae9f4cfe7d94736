import MotionKeyframes

/// Sampled values joined by the fewest straight-line keyframes, greedily: from each kept sample,
/// the farthest sample whose chord passes within each column's budget of every sample between,
/// for every column at once, so that all columns share their keyframe times.
///
/// Used where a motion has no exact keyframe form: a scenario's frames (``ScenarioExport``) and a
/// Lottie curved motion path (`LottieImport` with `approximate`). Greedy chords are not the
/// global minimum, but close to it on smooth motion, and they keep every sample within budget.
package struct ChordBaking: Sendable, Hashable {
    /// The indices of the kept samples, ascending, from the first sample to the last.
    package var kept: [Int]
    /// Per column, the largest |chord − sample| over the samples.
    package var errors: [Double]

    /// Bakes `columns` (one array of values per column, each as long as `times`, ascending) within
    /// `budgets` (one per column, ≥ 0, in the column's units); no keyframe spans more than
    /// `maximumSpan` samples, which bounds the cost (quadratic in a keyframe's span).
    package init(times: [Double], columns: [[Double]], budgets: [Double], maximumSpan: Int = .max) {
        precondition(budgets.count == columns.count && columns.allSatisfy { $0.count == times.count })
        var kept = [0]
        var errors = Array(repeating: 0.0, count: columns.count)
        var i = 0
        while i < times.count - 1 {
            var j = i + 1
            var chord = Array(repeating: 0.0, count: columns.count)
            while j + 1 < times.count, j + 1 - i <= maximumSpan {
                let candidate = Self.chordErrors(columns, times, i, j + 1)
                guard zip(candidate, budgets).allSatisfy({ $0 <= $1 }) else { break }
                (j, chord) = (j + 1, candidate)
            }
            for c in errors.indices { errors[c] = max(errors[c], chord[c]) }
            kept.append(j)
            i = j
        }
        self.kept = kept
        self.errors = errors
    }

    /// The linear keyframes that draw `column` through the kept samples (from the first kept
    /// sample on; the caller places the first value).
    package func keyframes(_ column: [Double], times: [Double]) -> [Keyframe<Double>] {
        zip(kept.dropFirst(), kept).map { j, i in .linear(LinearKeyframe(column[j], duration: times[j] - times[i])) }
    }

    /// Per column, the largest distance over the samples strictly between `i` and `j` from the
    /// chord joining samples `i` and `j`.
    static func chordErrors(_ columns: [[Double]], _ times: [Double], _ i: Int, _ j: Int) -> [Double] {
        let span = times[j] - times[i]
        return columns.map { column in
            var worst = 0.0
            let slope = (column[j] - column[i]) / span
            for k in (i + 1)..<j {
                worst = max(worst, abs(column[i] + slope * (times[k] - times[i]) - column[k]))
            }
            return worst
        }
    }
}
