import MotionIO
import MotionLinearAlgebra
import RealModule

extension KeyframeFitting {
    /// The largest samples × keyframes product for which the shared keyframe times of several
    /// channels are refined (a 4·10⁶-entry Jacobian, 32 MB).
    public static let refinementLimit = 4_000_000

    /// How far from a split or a removal the keyframes move in the tolerance search's local
    /// refinements: this many on each side.
    static let localReach = 2

    /// Past this many samples the tolerance search ranks candidate removals by fits to this many
    /// evenly spaced samples, and checks only the best few on all of them.
    public static let shrinkProbeSampleCount = 20_000

    /// The most samples keyframe times are refined on: longer recordings are refined on this many
    /// evenly spaced samples (the first and last among them), and the tolerance search refines
    /// them sparingly (see ``fit(_:tolerance:maxKeyframes:progress:)``). The refinement's Jacobian
    /// is dense, samples × keyframes, each column a linear fit: refining at every step of the
    /// search on all samples took minutes on 2000 samples.
    public static let refinementSampleCount = 500

    /// Moves the keyframe times (the last stays at the end) to minimise the squared error, by
    /// Levenberg–Marquardt over log-gaps, with the values solved linearly at each step
    /// (variable projection), on at most ``refinementSampleCount`` of the samples.
    ///
    /// With `moving`, only the ends of those keyframes move (the end before them and the last of
    /// them stay), and the samples they span join the subset, at most ``refinementSampleCount``
    /// more: a local refinement costs the same at any number of keyframes, where moving all of
    /// them costs about k² solves.
    static func refine(
        _ recording: Recording, times allTimes: [Double], ends: [Double], moving window: Range<Int>? = nil, minimumSamples: Int = 2
    ) throws -> [Double] {
        let moving = window.map { max($0.lowerBound, 0)..<min($0.upperBound, ends.count - 1) } ?? 0..<(ends.count - 1)
        guard !moving.isEmpty else { return ends }
        let origin = moving.lowerBound == 0 ? 0.0 : ends[moving.lowerBound - 1]
        var subset = refinementSubset(allTimes, ends: ends)
        if window != nil && subset.count < allTimes.count {
            // The samples the moving keyframes span, evenly spaced.
            let span = Segments(times: allTimes, ends: [origin, ends[moving.upperBound]])
            let range = origin == 0 ? 0..<span.bounds[2] : span.range(1)
            subset = Array(Set(subset).union(StepFitSupport.evenlySpacedIndices(range.count, count: refinementSampleCount).map { range.lowerBound + $0 })).sorted()
        }
        let times = subset.count == allTimes.count ? allTimes : subset.map { allTimes[$0] }
        let values = subset.count == allTimes.count ? recording.values : subset.map { recording.values[$0] }
        guard ends.count >= 2, times.count > ends.count + 2 else { return ends }
        let local = ends[moving.lowerBound...moving.upperBound].map { $0 - origin }
        func placed(_ e: [Double]) -> [Double] {
            var all = ends
            for k in 0..<(e.count - 1) { all[moving.lowerBound + k] = origin + e[k] }
            return all
        }
        let refined = try refineGaps(local, samples: times.count) { e in
            let e = placed(e)
            guard coversSamples(times: times, ends: e, atLeast: 2),
                  let p = try? solve(times: times, values: values, ends: e) else { return nil }
            let model = evaluate(times: times, ends: e, parameters: p)
            return (0..<times.count).map { model[$0] - values[$0] }
        }
        let result = placed(refined)
        return coversSamples(times: allTimes, ends: result, atLeast: minimumSamples) ? result : ends
    }

    /// Keyframe ends (the last stays at the end) moved to minimise the squared residuals by
    /// Levenberg–Marquardt over the gaps' logarithms relative to the first gap (each gap between
    /// 10⁻⁶ and 10⁶ of the first); `residuals(ends)` is nil where the ends are not admissible,
    /// and otherwise holds `samples` values.
    static func refineGaps(_ ends: [Double], samples: Int, residuals: ([Double]) -> [Double]?) throws(LAPACKError) -> [Double] {
        let span = ends[ends.count - 1]
        var gaps: [Double] = []
        var start = 0.0
        for e in ends { gaps.append(e - start); start = e }
        func endsFor(_ theta: [Double]) -> [Double] {
            // θ are log-gaps relative to the first; the gaps are normalised to the span.
            let weights = [1.0] + theta.map { Double.exp($0) }
            let total = weights.reduce(0, +)
            var e = 0.0
            return weights.map { w in e += span * w / total; return e }.enumerated().map { $0.offset == weights.count - 1 ? span : $0.element }
        }
        let theta0 = gaps.dropFirst().map { Double.log($0 / gaps[0]) }
        let minimumGap = Double.log(1e-3)
        let result = try LevenbergMarquardt.minimize(
            initial: Array(theta0), lower: theta0.map { _ in minimumGap + Double.log(1e-3) }, upper: theta0.map { _ in -minimumGap - Double.log(1e-3) },
            maxIterations: 30, tolerance: 1e-10,
            residuals: { theta in residuals(endsFor(theta)) ?? Array(repeating: Double.infinity, count: samples) })
        return endsFor(result.parameters)
    }

    /// The samples a refinement works on: all up to ``refinementSampleCount``, else that many
    /// evenly spaced ones plus the first two and last two of every keyframe, so that a keyframe
    /// just split off still covers samples of the subset.
    static func refinementSubset(_ times: [Double], ends: [Double]) -> [Int] {
        let n = times.count
        let even = StepFitSupport.evenlySpacedIndices(n, count: refinementSampleCount)
        guard even.count < n else { return even }
        var chosen = Set(even)
        var start = 0
        func close(_ end: Int) {
            guard end >= start else { return }
            for i in [start, start + 1, end - 1, end] where i >= start && i <= end { chosen.insert(i) }
        }
        // Each keyframe's first and last two samples (a sample after the last end joins the last).
        for boundary in Segments(times: times, ends: ends).bounds.dropFirst() where boundary < n {
            close(boundary - 1)
            start = boundary
        }
        close(n - 1)
        return chosen.sorted()
    }

    /// Whether every keyframe covers at least `count` samples.
    static func coversSamples(times: [Double], ends: [Double], atLeast count: Int) -> Bool {
        let segments = Segments(times: times, ends: ends)
        return ends.indices.allSatisfy { segments.count($0) >= count }
    }
}
