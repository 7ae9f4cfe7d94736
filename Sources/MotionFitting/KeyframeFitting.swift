import Dispatch
import MotionCurves
import MotionIO
import MotionKeyframes
import MotionLinearAlgebra
import RealModule
import MotionNumerics

/// A track of cubic keyframes fitted to a recording by least squares.
public struct KeyframeFit: Sendable {
    /// The recording's first sample time: the timeline's time 0.
    public var startTime: Double
    /// The fitted initial value.
    public var initialValue: Double
    /// The fitted keyframes (automatic, Catmull-Rom velocities).
    public var keyframes: [CubicKeyframe<Double>]
    /// The keyframes' end times on the recording's clock.
    public var endTimes: [Double]
    public var quality: FitQuality
    /// Standard errors of the initial value and the keyframe values (in that order), from the
    /// residual variance and (AᵀA)⁻¹; `nil` without residual degrees of freedom.
    public var standardErrors: [Double]? = nil
    /// The recording's channel name, when the fit read it from a file.
    public var channel: String? = nil
    /// What a reader should know about the fit: a keyframe that ends after the last sample (its
    /// value is extrapolated, not measured).
    public var warnings: [String] = []

    /// The timeline that reproduces the fit (time 0 = ``startTime``).
    public var timeline: TimelineDocument {
        TimelineDocument(initialValue: .scalar(initialValue), tracks: [TimelineDocument.Track(nil, keyframes: keyframes.map(Keyframe<Double>.cubic))])
    }

}

/// Least-squares fitting of cubic keyframe tracks.
///
/// With the keyframe times fixed, a track of cubic keyframes with SwiftUI's automatic
/// (Catmull-Rom) velocities is linear in its initial value p₀ and keyframe values p₁…p_K: on
/// keyframe i, with u = (t − start)/d_i,
///
///     x(t) = h00(u)·p_i + h10(u)·m0 + h01(u)·p_{i+1} + h11(u)·m1,
///     m0 = d_i·(p_{i+1} − p_{i−1})/(d_{i−1} + d_i)   (0 on the first keyframe),
///     m1 = d_i·(p_{i+2} − p_i)/(d_i + d_{i+1})       (0 on the last keyframe),
///
/// so each sample touches at most four consecutive unknowns and the normal matrix AᵀA is banded
/// with three super-diagonals. It is accumulated in one pass over the samples — never an n × k
/// matrix — factored by banded Cholesky (LAPACK `dpbtrf`) and solved, then improved by one step
/// of iterative refinement on the true residual (a second pass), which recovers the accuracy
/// the normal equations' squared condition number would otherwise cost.
///
/// - Complexity: O(n + k) time for n samples and k keyframes; O(k) memory beyond the samples.
public enum KeyframeFitting {
    /// The keyframes whose ends are `endTimes` (on the recording's clock, increasing, after the
    /// first sample), fitted to `recording`.
    public static func fit(_ recording: Recording, endTimes: [Double]) throws(FitError) -> KeyframeFit {
        guard recording.count >= 2 else { throw FitError("a keyframe fit needs at least 2 samples; the recording has \(recording.count)") }
        return try fit(recording, endTimes: endTimes, origin: recording.times[0])
    }

    /// The keyframes whose ends are `endTimes`, on a timeline whose time 0 is `t0` (at or before
    /// the first sample: several channels share the earliest channel's clock).
    static func fit(_ recording: Recording, endTimes: [Double], origin t0: Double) throws(FitError) -> KeyframeFit {
        guard recording.count >= 2 else { throw FitError("a keyframe fit needs at least 2 samples; the recording has \(recording.count)") }
        guard !endTimes.isEmpty else { throw FitError("give at least one keyframe time") }
        var previous = t0
        for (i, e) in endTimes.enumerated() {
            guard e.isFinite, e > previous else {
                throw FitError("keyframe time \(i + 1) (\(e)) must be after \(i == 0 ? "the first sample time \(t0)" : "the previous keyframe time \(previous)")")
            }
            previous = e
        }
        let relative = endTimes.map { $0 - t0 }
        let (values, factor) = try solveWithFactor(times: recording.times, origin: t0, values: recording.values, ends: relative)
        var fit = makeFit(recording, startTime: t0, ends: relative, parameters: values)
        fit.standardErrors = standardErrors(factor: factor, quality: fit.quality)
        // A keyframe ending more than a frame after the last sample has an extrapolated value.
        let last = recording.times[recording.count - 1]
        let frame = (last - t0) / Double(recording.count - 1)
        if let beyond = endTimes.last, beyond - last > frame {
            fit.warnings.append("keyframe time \(DecimalText.shortest(beyond)) is after the recording's last sample: it spans \(DecimalText.shortest(t0)) … \(DecimalText.shortest(last)) s, so the last keyframe's value is extrapolated, not measured")
        }
        return fit
    }

    /// `count` keyframes whose ends are evenly spaced over the recording.
    public static func fit(_ recording: Recording, keyframeCount count: Int) throws(FitError) -> KeyframeFit {
        guard count >= 1 else { throw FitError("the number of keyframes must be ≥ 1; got \(count)") }
        guard recording.count >= 2 else { throw FitError("a keyframe fit needs at least 2 samples; the recording has \(recording.count)") }
        let t0 = recording.times[0], span = recording.times[recording.count - 1] - t0
        return try fit(recording, endTimes: (1...count).map { t0 + span * Double($0) / Double(count) })
    }

    /// The fewest keyframes whose maximum error is ≤ `tolerance`: keyframes are inserted where
    /// the error peaks, their times refined by nonlinear least squares, and keyframes removed
    /// again while the tolerance still holds.
    ///
    /// A tolerance below the samples' noise floor — the 1 % quantile of the largest of n noise
    /// values of the estimated σ, when the residuals of pilot fits with a keyframe every 8, 32
    /// and 128 samples confirm it — is an error at once, which names the floor and proposes a
    /// tolerance that can be met. No keyframe covers fewer than 2 samples; when the noise's
    /// typical largest value is more than half the tolerance, a keyframe is split into ones of
    /// fewer than 8 samples only where the error peak is more than twice that value (the motion,
    /// not the noise, demands it): shorter ones would fit single noise values. Where a peak the
    /// noise could explain lies in a keyframe too short to split, the search ends with an error
    /// at once.
    ///
    /// The times are refined at every step on at most ``refinementSampleCount`` evenly spaced
    /// samples. Up to that many samples every candidate removal gets refined times too; on longer
    /// recordings a removal is judged by the linear fit without it, O(n), and refined times are
    /// tried only for the most promising few when none is affordable. On longer recordings a step
    /// moves only the keyframes next to the split or the removal (all of them when the count
    /// reaches a power of two, and once the tolerance holds), so that a step's cost does not grow
    /// with the number of keyframes; past ``shrinkProbeSampleCount`` samples refined times are
    /// judged on that many evenly spaced samples first, so that a step fits every sample once.
    ///
    /// - Parameters:
    ///   - recording: the samples to fit.
    ///   - tolerance: the largest error allowed, in the recording's value units.
    ///   - maxKeyframes: the most keyframes the search may use.
    ///   - progress: called with the fraction of the search done, non-decreasing and ending at 1,
    ///     from the calling thread; for a progress display.
    public static func fit(
        _ recording: Recording, tolerance: Double, maxKeyframes: Int = 200, progress: ((Double) -> Void)? = nil
    ) throws(FitError) -> KeyframeFit {
        guard tolerance.isFinite, tolerance > 0 else { throw FitError("the tolerance must be a finite number > 0; got \(tolerance)") }
        guard recording.count >= 2 else { throw FitError("a keyframe fit needs at least 2 samples; the recording has \(recording.count)") }
        let t0 = recording.times[0]
        let times = recording.times.map { $0 - t0 }
        let check = noiseFloor(recording, times: times, tolerance: tolerance)
        if check.rejects { throw noiseFloorError(check, tolerance: tolerance, samples: recording.count) }
        let noisy = check.minimumSamples > 2
        var report = SearchProgress(progress)
        // Every step refines the times (on a subset of a long recording). Removals: on a short
        // recording each candidate gets refined times; on a longer one only the most promising
        // few, when the kept times cannot afford any.
        let exhaustive = recording.count <= refinementSampleCount
        // The values' largest magnitude and mean, read once for all the fits below.
        let summary = ValueSummary(recording.values)
        let span = times[times.count - 1]
        var ends = [span]
        var best = try fitRelative(recording, times: times, ends: ends, summary: summary)
        let firstError = best.quality.maxError
        // A long recording's refined times and removals are judged by fits to an evenly spaced subset
        // of it first; each step taken is then checked on every sample.
        let probeIndices = StepFitSupport.evenlySpacedIndices(recording.count, count: shrinkProbeSampleCount)
        let probing = probeIndices.count < recording.count
        let probe = probing ? Recording(times: probeIndices.map { recording.times[$0] }, values: probeIndices.map { recording.values[$0] },
                                        channel: recording.channel) : recording
        let probeTimes = probing ? probeIndices.map { times[$0] } : times
        let probeSummary = probing ? ValueSummary(probe.values) : summary
        // Refined times keep every keyframe at the shortest length, unless the motion already
        // demanded shorter ones. With `around`, only the keyframes within `localReach` of that
        // index move.
        func refinedEnds(_ ends: [Double], around: Int?) -> [Double]? {
            let shortest = coversSamples(times: times, ends: ends, atLeast: check.minimumSamples) ? check.minimumSamples : 2
            let window = around.map { ($0 - localReach)..<($0 + localReach) }
            return try? refine(recording, times: times, ends: ends, moving: window, minimumSamples: shortest)
        }
        // Refined times, kept when they lower the RMSE (and, with `within`, keep the max error
        // within it, on the subset first).
        func refined(_ ends: [Double], unless fit: KeyframeFit, around: Int? = nil, within: Double? = nil) -> (fit: KeyframeFit, ends: [Double])? {
            guard let e = refinedEnds(ends, around: around) else { return nil }
            if probing, let within {
                guard let f = try? fitRelative(probe, times: probeTimes, ends: e, summary: probeSummary), f.quality.maxError <= within else { return nil }
            }
            guard let f = try? fitRelative(recording, times: times, ends: e, summary: summary), f.quality.rmse <= fit.quality.rmse,
                  f.quality.maxError <= within ?? .infinity else { return nil }
            return (f, e)
        }
        // The fit after a split at `around`: refined times when the subset's RMSE says they are
        // better, so that a step fits every sample once.
        func settled(_ ends: [Double], around: Int?) throws(FitError) -> (fit: KeyframeFit, ends: [Double]) {
            if probing, let e = refinedEnds(ends, around: around),
               let kept = try? fitRelative(probe, times: probeTimes, ends: ends, summary: probeSummary),
               let moved = try? fitRelative(probe, times: probeTimes, ends: e, summary: probeSummary) {
                let chosen = moved.quality.rmse <= kept.quality.rmse ? e : ends
                return (try fitRelative(recording, times: times, ends: chosen, summary: summary), chosen)
            }
            let fit = try fitRelative(recording, times: times, ends: ends, summary: summary)
            return refined(ends, unless: fit, around: around) ?? (fit, ends)
        }
        // Grow: split where the error peaks.
        while best.quality.maxError > tolerance {
            guard ends.count < maxKeyframes else {
                throw FitError("\(maxKeyframes) keyframes still leave a max error of \(best.quality.maxError) > \(tolerance); raise the tolerance")
            }
            // A peak the noise could be half of or more is split only into keyframes of the noisy
            // length; a larger one is the motion's.
            let minimumSamples = noisy && best.quality.maxError <= 2 * check.typical ? check.minimumSamples : 2
            guard let split = splitPoint(times: times, ends: ends, peak: best.quality.maxErrorTime - t0, atMiddle: !exhaustive,
                                         minimumSamples: minimumSamples, peakOnly: minimumSamples > 2) else {
                throw FitError(minimumSamples > 2
                    ? "the max error \(best.quality.maxError) at \(DecimalText.shortest(best.quality.maxErrorTime)) s is above the tolerance \(DecimalText.shortest(tolerance)), and the keyframe there cannot be split: on these noisy samples (σ ≈ \(DecimalText.significant(check.sigma, digits: 3)), the largest of \(recording.count) noise values typically \(DecimalText.significant(check.typical, digits: 3))) a keyframe covers at least \(minimumSamples) samples, so that it follows the motion, not one noise value; raise the tolerance"
                    : "no keyframe can be split further (each covers fewer than 4 samples) and the max error is still \(best.quality.maxError) > \(tolerance); raise the tolerance")
            }
            ends.insert(split.time, at: split.segment)
            // All times move when the count reaches a power of two (and once the tolerance holds),
            // else those near the split: k steps cost about k² solves, not k³.
            let everywhere = exhaustive || ends.count & (ends.count - 1) == 0
            (best, ends) = try settled(ends, around: everywhere ? nil : split.segment)
            if !exhaustive && !everywhere && best.quality.maxError <= tolerance, let better = refined(ends, unless: best, within: tolerance) {
                (best, ends) = better
            }
            // The error falls roughly geometrically from the first fit's to the tolerance.
            let done = Double.log(firstError / max(best.quality.maxError, tolerance)) / Double.log(firstError / tolerance)
            report.update(0.7 * min(max(done, 0), 1))
        }
        report.update(0.7)
        // Shrink: drop the keyframe whose removal hurts least while the tolerance holds.
        let rounds = Double(ends.count)
        shrinking: while ends.count > 1 {
            var candidates: [(fit: KeyframeFit, ends: [Double], removed: Double)] = []
            for i in 0..<(ends.count - 1) {
                var fewer = ends
                fewer.remove(at: i)
                if exhaustive, let e = try? refine(recording, times: times, ends: fewer,
                                                   minimumSamples: coversSamples(times: times, ends: fewer, atLeast: check.minimumSamples) ? check.minimumSamples : 2) {
                    fewer = e
                }
                if let fit = try? fitRelative(probe, times: probeTimes, ends: fewer, summary: probeSummary) { candidates.append((fit, fewer, ends[i])) }
            }
            if probing {
                // The best few on every sample: what the subset ranks first may not hold there.
                candidates.sort { $0.fit.quality.maxError < $1.fit.quality.maxError }
                candidates = candidates.prefix(shrinkRefinements).compactMap { candidate in
                    (try? fitRelative(recording, times: times, ends: candidate.ends, summary: summary)).map { ($0, candidate.ends, candidate.removed) }
                }
            }
            candidates.sort { $0.fit.quality.maxError < $1.fit.quality.maxError }
            var winner = candidates.first { $0.fit.quality.maxError <= tolerance }.map { (fit: $0.fit, ends: $0.ends) }
            // Refined times may afford a removal the kept times cannot: the most promising few.
            if winner == nil && !exhaustive {
                for candidate in candidates.prefix(shrinkRefinements) {
                    // The keyframes next to the removed one move.
                    let at = candidate.ends.firstIndex { $0 > candidate.removed } ?? candidate.ends.count - 1
                    guard let better = refined(candidate.ends, unless: candidate.fit, around: at, within: tolerance) else { continue }
                    winner = better
                    break
                }
            }
            guard let winner else { break shrinking }
            (best, ends) = winner
            if !exhaustive {
                // The other affordable removals, best first, each kept when the fit without it
                // still holds: one linear fit each instead of a round of them.
                for candidate in candidates.dropFirst() where candidate.fit.quality.maxError <= tolerance {
                    // Kept times only: after a refined removal the others' times have moved.
                    guard let i = ends.firstIndex(of: candidate.removed) else { continue }
                    var fewer = ends
                    fewer.remove(at: i)
                    if let fit = try? fitRelative(recording, times: times, ends: fewer, summary: summary), fit.quality.maxError <= tolerance {
                        (best, ends) = (fit, fewer)
                    }
                }
            }
            report.update(0.7 + 0.3 * (1 - Double(ends.count) / rounds))
        }
        report.update(1)
        return best
    }

    /// Where to add a keyframe: in the keyframe holding the error peak, at the peak, moved so
    /// that both halves keep at least `minimumSamples` samples; else, unless `peakOnly`, in the
    /// keyframe with the most samples.
    ///
    /// With `atMiddle`, the keyframe holding the peak is split at its middle instead: a long
    /// recording's times are refined on a subset only, which cannot undo a keyframe split off
    /// a few samples wide (its automatic velocities then overshoot by far more than the peak).
    static func splitPoint(
        times: [Double], ends: [Double], peak: Double, atMiddle: Bool = false, minimumSamples: Int = 2, peakOnly: Bool = false
    ) -> (segment: Int, time: Double)? {
        let segments = Segments(times: times, ends: ends)
        func split(_ i: Int, near target: Double) -> Double? {
            let m = segments.range(i)
            guard m.count >= 2 * minimumSamples else { return nil }
            // The boundary may sit between samples m … count − m (m on each side): the midpoint
            // nearest the target (the first of equals), found by bisection — the midpoints
            // increase — and compared with its neighbours.
            let first = m.lowerBound + minimumSamples - 1, end = m.upperBound - minimumSamples
            func candidate(_ j: Int) -> Double { 0.5 * (times[j] + times[j + 1]) }
            var low = first, high = end
            while low < high {
                let middle = low + (high - low) / 2
                if candidate(middle) < target { low = middle + 1 } else { high = middle }
            }
            var best: Double? = nil
            for j in max(first, low - 2)..<min(end, low + 2) {
                if best == nil || abs(candidate(j) - target) < abs(best! - target) { best = candidate(j) }
            }
            return best
        }
        let holder = ends.firstIndex { $0 >= peak } ?? ends.count - 1
        let middle = 0.5 * ((holder == 0 ? 0 : ends[holder - 1]) + ends[holder])
        if let time = split(holder, near: atMiddle ? middle : peak) { return (holder, time) }
        if peakOnly { return nil }
        let fallback = ends.indices.max { segments.count($0) < segments.count($1) }!
        if let time = split(fallback, near: 0.5 * ((fallback == 0 ? 0 : ends[fallback - 1]) + ends[fallback])) {
            return (fallback, time)
        }
        return nil
    }
}
