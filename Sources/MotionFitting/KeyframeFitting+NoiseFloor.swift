import MotionIO
import MotionNumerics
import RealModule

/// The noise floor of the tolerance search, and the shortest keyframe it may use.
///
/// ## The floor
///
/// Samples y_i = f(t_i) + ε_i with ε_i independent N(0, σ²). A fit g leaves the residuals
/// r_i = ε_i − d_i, with d = g − f. A keyframe covers at least ``minimumSamples`` samples, so one
/// sample's leverage — the part of its own noise the fit takes up — is small, and the fit's
/// deviation d_i is fixed by the bulk of the samples, i.e. independent of ε_i. A shift does not
/// help then: for a centred Gaussian (any symmetric unimodal noise), P(|ε − d| < c) ≤ P(|ε| < c)
/// for every d — the density puts the most mass on the centred interval (Anderson's inequality).
/// So the max error of any such fit is at least the largest of n values |ε| in distribution:
///
///     P(a fit within c) ≤ P(max |ε_i| < c) = (1 − erfc(c / (σ√2)))ⁿ,
///
/// and the floor is the c at which that probability is 1 %: `floorFactor(samples:absorbed:)`·σ
/// with no absorbed samples — 4.07σ for n = 10⁵, 3.50σ for 10⁴, 4.58σ for 10⁶, 2.08σ for 121.
/// The largest noise value is typically (its median) 4.50σ, 3.98σ, 4.96σ and 2.76σ.
///
/// σ is the difference-based estimate of MotionNumerics' `NoiseEstimate` (1.4826·the median
/// absolute scaled k-th difference, smallest over k = 2 … 20), lowered by 5/√n relative: more than
/// three standard deviations of its sampling error (0.55 % at n = 10⁵, 5 % at 10³, measured), and
/// the estimate is biased low (0.5 % at 10⁵, 4 % at 10³). Past 4·10⁵ samples it is estimated from
/// every s-th sample, at most about 2·10⁵ of them (n in the margin is then their count).
///
/// ## Why it does not reject a feasible tolerance
///
/// The Gaussian tail is an assumption: noise with lighter tails (rounding to a grid; uniform
/// noise, whose largest value is √3·σ) can be fitted below the floor. A tolerance is therefore
/// rejected only when the samples' own residuals confirm the tail: pilot least-squares fits with
/// a keyframe every 8, 32 and 128 samples (one banded solve each) must *all* leave at least half
/// the residuals beyond c·σ̂·√(1 − leverage) that Gaussian noise would, with c = 2.5 (or, on
/// fewer than 3226 samples, the c that Gaussian noise exceeds 40 times). Uniform noise leaves none
/// there; a pilot's bias adds a few, near kinks of the motion, far fewer than the 40 or more
/// Gaussian noise leaves; on fewer than 80 samples nothing is rejected.
///
/// The proposed tolerance is 1.2 × the larger of the floor and the largest noise value — the
/// smallest of the pilots' largest residuals, scaled back by 1/√(1 − leverage) — rounded up to
/// two significant digits: least-squares fits with enough keyframes exceed the largest noise value
/// by little more than their bias.
///
/// ## The shortest keyframe
///
/// A keyframe covers at least 2 samples. When the noise could be most of an error beyond the
/// tolerance — its typical largest value M (above) more than half the tolerance — the search
/// splits a keyframe at an error peak of at most 2M only into keyframes of at least 8 samples
/// (``minimumSamples``): among keyframes of m samples a sample's leverage is at most about
/// 1.3/m (0.16 for m = 8, measured on the least-squares hat matrix), so a keyframe cannot be
/// pulled onto one noise spike. Without the rule a search near the floor split keyframes down to
/// 3 samples, each chasing one spike. A peak above 2M is mostly the motion (a fast move on a
/// 60 Hz capture), which shorter keyframes may follow; so is any peak when M is below half the
/// tolerance.
extension KeyframeFitting {
    /// The outcome of the up-front check of a tolerance against the samples' noise.
    package struct NoiseFloor: Sendable {
        /// The estimated standard deviation of the noise (0 when not estimated: too few samples).
        package var sigma: Double
        /// The max error below which no fit is expected (probability ≤ 1 %); 0 when the samples
        /// are too few for a floor.
        package var floor: Double
        /// The typical (median) largest noise value of the samples, from σ and their count.
        package var typical: Double
        /// The fewest samples a keyframe split at a peak the noise could explain may cover (see
        /// the extension's discussion): 8 when the noise's typical largest value is over half the
        /// tolerance, else 2.
        package var minimumSamples: Int
        /// The pilots' largest noise value (the smallest of their largest residuals, scaled back
        /// by 1/√(1 − leverage)); `nil` when the check ended before them.
        package var largest: Double? = nil
        /// A tolerance to propose instead (`nil` unless the check rejects).
        package var proposal: Double? = nil

        /// Whether the tolerance is below the floor (and the pilots confirm it).
        package var rejects: Bool { proposal != nil }
    }

    /// The probability that a fit meets a tolerance at the floor.
    package static let noiseFloorProbability = 0.01

    /// The fewest samples of a keyframe on noisy samples (see ``NoiseFloor``).
    package static let noisyMinimumSamples = 8
    /// The floor in units of σ: the c with P(Binomial(n, erfc(c/√2)) ≤ absorbed) = `probability`
    /// (with no absorbed samples, the `probability` quantile of the largest of n values |ε|/σ);
    /// 0 when `samples` ≤ `absorbed` (the fit may absorb them all).
    package static func floorFactor(samples n: Int, absorbed: Int, probability: Double = noiseFloorProbability) -> Double {
        guard n > absorbed, absorbed >= 0 else { return 0 }
        // log P(Binomial(n, q) ≤ A) by the pmf's recurrence in logs (n up to 10⁷, A a few hundred).
        func logCDF(_ c: Double) -> Double {
            let q = Double.erfc(c / 2.0.squareRoot())
            guard q > 0 else { return 0 }
            if q >= 1 { return -.infinity }
            let logQ = Double.log(q), log1mQ = Double.log(onePlus: -q)
            var term = Double(n) * log1mQ  // j = 0
            var largest = term
            var terms = [term]
            for j in 0..<absorbed {
                term += Double.log(Double(n - j) / Double(j + 1)) + logQ - log1mQ
                terms.append(term)
                largest = max(largest, term)
            }
            return largest + Double.log(terms.reduce(0) { $0 + Double.exp($1 - largest) })
        }
        let target = Double.log(probability)
        // logCDF grows with c: bisect on [0, 40].
        var lo = 0.0, hi = 40.0
        for _ in 0..<80 {
            let mid = 0.5 * (lo + hi)
            if logCDF(mid) < target { lo = mid } else { hi = mid }
        }
        return 0.5 * (lo + hi)
    }

    /// `x` rounded up to two significant digits (x > 0, finite).
    package static func roundedUpToTwoDigits(_ x: Double) -> Double {
        guard x.isFinite, x > 0 else { return x }
        let exponent = Int(Double.log10(x).rounded(.down)) - 1
        // Divide or multiply by an exact power of ten so that e.g. 55/10 is the double nearest 5.5.
        if exponent < 0 {
            let scale = Double.pow(10, Double(-exponent))
            var scaled = (x * scale).rounded(.up)
            if (scaled - 1) / scale >= x { scaled -= 1 }  // x·scale rounded just above an integer
            return scaled / scale
        }
        let scale = Double.pow(10, Double(exponent))
        return (x / scale).rounded(.up) * scale
    }

    /// Checks `tolerance` against the samples' noise floor and sets the shortest keyframe (see
    /// the extension's discussion); `times` are relative to the first sample.
    package static func noiseFloor(
        _ recording: Recording, times: [Double], tolerance: Double
    ) -> NoiseFloor {
        let n = recording.count
        let factor = floorFactor(samples: n, absorbed: 0)
        let typicalFactor = floorFactor(samples: n, absorbed: 0, probability: 0.5)
        // σ from every s-th sample, at most about `noiseEstimateSampleCount` of them.
        let step = max(1, n / noiseEstimateSampleCount)
        let estimated = step == 1 ? n : (n + step - 1) / step
        let margin = max(0, 1 - 5 / Double(estimated).squareRoot())
        guard factor > 0, margin > 0 else { return NoiseFloor(sigma: 0, floor: 0, typical: 0, minimumSamples: 2) }
        // Below this σ the floor is at most the tolerance and the noise's typical largest value
        // at most half of it: the estimate may stop there.
        let noisy = tolerance / (2 * typicalFactor)
        let enough = min(tolerance / (factor * margin), noisy)
        let sigma = step == 1 ? NoiseEstimate.sigma(x: times, y: recording.values, floor: enough)
            : NoiseEstimate.sigma(x: Swift.stride(from: 0, to: n, by: step).map { times[$0] },
                                  y: Swift.stride(from: 0, to: n, by: step).map { recording.values[$0] }, floor: enough)
        var result = NoiseFloor(sigma: sigma, floor: factor * margin * sigma, typical: typicalFactor * sigma,
                                minimumSamples: sigma > noisy ? noisyMinimumSamples : 2)
        guard tolerance < result.floor, n >= 80 else { return result }
        // The tail level c that Gaussian noise exceeds 40 times or more, at most 2.5.
        var c = 2.5
        if Double(n) * Double.erfc(c / 2.0.squareRoot()) < 40 {
            var lo = 0.0
            for _ in 0..<60 {
                let mid = 0.5 * (lo + c)
                if Double(n) * Double.erfc(mid / 2.0.squareRoot()) < 40 { c = mid } else { lo = mid }
            }
        }
        let expected = Double(n) * Double.erfc(c / 2.0.squareRoot())
        var largest = Double.infinity, gaussianTail = true
        for spacing in pilotSpacings {
            guard let pilot = pilotResiduals(recording, times: times, spacing: spacing, level: c * sigma) else { return result }
            largest = min(largest, pilot.largest)
            gaussianTail = gaussianTail && Double(pilot.beyond) >= 0.5 * expected
        }
        result.largest = largest
        guard gaussianTail else { return result }
        result.proposal = roundedUpToTwoDigits(1.2 * max(largest, result.floor))
        return result
    }

    /// Past twice this many samples σ is estimated from every s-th sample, at most about this
    /// many: the noise of the others is alike, and the estimate's sampling error (0.4 % here) is
    /// in its margin.
    package static let noiseEstimateSampleCount = 200_000

    /// Samples per keyframe of the noise floor's pilot fits.
    package static let pilotSpacings = [8, 32, 128]

    /// A least-squares fit with a keyframe every `spacing` samples: its largest residual scaled
    /// back by 1/√(1 − mean leverage), an estimate of the largest noise value, and how many of
    /// its residuals exceed `level`·√(1 − mean leverage).
    static func pilotResiduals(_ recording: Recording, times: [Double], spacing: Int, level: Double) -> (largest: Double, beyond: Int)? {
        let n = times.count
        var ends = stride(from: spacing, to: n - 1, by: spacing).map { times[$0] }
        ends.append(times[n - 1])
        guard let p = try? solve(times: times, values: recording.values, ends: ends) else { return nil }
        let shrink = (1 - Double(ends.count + 1) / Double(n)).squareRoot()
        let threshold = level * shrink
        var sweep = NormalEquations(ends: ends)
        var worst = 0.0, beyond = 0
        for (t, y) in zip(times, recording.values) {
            let r = abs(y - sweep.model(t, p))
            worst = max(worst, r)
            if r > threshold { beyond += 1 }
        }
        return (worst / shrink, beyond)
    }

    /// The error for a tolerance the noise floor rules out.
    static func noiseFloorError(_ check: NoiseFloor, tolerance: Double, samples n: Int) -> FitError {
        let digits = { (x: Double) in DecimalText.significant(x, digits: 3) }
        return FitError(
            "the tolerance \(DecimalText.shortest(tolerance)) is below the noise floor \(digits(check.floor)) of the samples: "
            + "their noise has σ ≈ \(digits(check.sigma)) (estimated from their differences), and on \(n) samples its largest value "
            + "is typically \(digits(check.typical)) and below \(digits(check.floor)) with probability 1 % only, so no fit keeps every error "
            + "within the tolerance (least-squares fits with a keyframe every \(pilotSpacings.dropLast().map(String.init).joined(separator: ", ")) "
            + "or \(pilotSpacings.last!) samples put the largest noise value at about \(digits(check.largest!))). "
            + "The smallest tolerance the noise allows is \(digits(check.floor)). Use a tolerance of at least \(DecimalText.shortest(check.proposal!))")
    }
}
