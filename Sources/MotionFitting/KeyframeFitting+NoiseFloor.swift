import MotionIO
import MotionNumerics
import RealModule

/// The noise floor of the tolerance search: a max error that no fit of at most `maxKeyframes`
/// keyframes can be expected to reach on noisy samples, checked before the search starts.
///
/// ## The bound
///
/// Samples y_i = f(t_i) + ε_i with ε_i independent N(0, σ²). A fit g leaves the residuals
/// r_i = ε_i − d_i, with d = g − f. Two things can make max|r| smaller than max|ε|:
///
/// - the fit can spend its parameters on single samples: a track of K keyframes has 2K free
///   numbers (K values, the initial value and K − 1 free end times), so it can pass through at
///   most about A = 2K + 1 chosen samples. The bound lets it zero the residuals of *any* A
///   samples — in particular the A largest noise values — which no track of cubics can really do
///   (absorbing one isolated sample takes a knot on it and one on each side);
/// - on the others the fit's deviation d_i is fixed by the bulk of the samples (sample i's own
///   leverage is about K/n), i.e. independent of ε_i, and a shift does not help: for a centred
///   Gaussian (any symmetric unimodal noise), P(|ε − d| < c) ≤ P(|ε| < c) for every d — the
///   density puts the most mass on the centred interval (Anderson's inequality).
///
/// So a fit within c needs at most A of the n values |ε_i| to exceed c:
///
///     P(a fit within c) ≤ P(Binomial(n, q) ≤ A),   q = P(|ε| > c) = erfc(c / (σ√2)),
///
/// and the floor is the c at which that probability is 1 %: `floorFactor(samples:absorbed:)`·σ.
/// With A = 401 (200 keyframes): 2.84σ for n = 10⁵, 2.01σ for 10⁴, 3.51σ for 10⁶, and 0 — no
/// floor — for n ≤ 401. (Without the A absorbed samples it would be the 1 % quantile of the
/// largest of n values |ε|, 4.07σ for n = 10⁵; the least-squares fits the search makes reach
/// about the median of that largest value, 4.5σ.)
///
/// σ is the difference-based estimate of MotionNumerics' `NoiseEstimate` (1.4826·the median
/// absolute scaled k-th difference, smallest over k = 2 … 20), lowered by 5/√n relative: more than
/// three standard deviations of its sampling error (0.55 % at n = 10⁵, 5 % at 10³, measured), and
/// the estimate is biased low (0.5 % at 10⁵, 4 % at 10³).
///
/// ## Why it does not reject a feasible tolerance
///
/// The Gaussian tail is an assumption: noise with lighter tails (rounding to a grid; uniform
/// noise, whose largest value is √3·σ) can be fitted below the floor. A tolerance is therefore
/// rejected only when the samples' own residuals confirm it: pilot least-squares fits with a
/// keyframe every 8, 32 and 128 samples (one banded solve each) must *all* leave more than A
/// residuals beyond the tolerance — the empirical version of the binomial count, whatever the
/// noise's distribution. A pilot's residual is the noise plus the pilot's bias (small where its
/// keyframes follow the motion: the more so the denser they are) minus the noise it fits, (Hε)_i,
/// of standard deviation about σ·√(leverage) (0.35σ at 8 samples a keyframe, 0.09σ at 128). Both
/// mostly add exceedances the noise alone would not have, so the smallest of the counts decides.
///
/// The proposed tolerance is 1.2 × the larger of the floor and the largest noise value — the
/// smallest of the pilots' largest residuals, scaled back by 1/√(1 − leverage) — rounded up to
/// two significant digits: least-squares fits with enough keyframes exceed the largest noise value
/// by little more than their bias.
extension KeyframeFitting {
    /// The outcome of the up-front check of a tolerance against the samples' noise.
    package struct NoiseFloor: Sendable {
        /// The estimated standard deviation of the noise (0 when not estimated: too few samples).
        package var sigma: Double
        /// The max error below which no fit of at most the allowed keyframes is expected
        /// (probability ≤ 1 %); 0 when the samples are too few for a floor.
        package var floor: Double
        /// The number of samples the bound lets a fit absorb exactly (2·maxKeyframes + 1).
        package var absorbed: Int
        /// The pilots' evidence (`nil` when the check ended before them): the fewest residuals
        /// beyond the tolerance that a pilot left, and the largest noise value (the smallest of the
        /// pilots' largest residuals, scaled back by 1/√(1 − leverage)).
        package var pilot: (beyond: Int, largest: Double)? = nil
        /// A tolerance to propose instead (`nil` unless the check rejects).
        package var proposal: Double? = nil

        /// Whether the tolerance is below the floor (and the pilots confirm it).
        package var rejects: Bool { proposal != nil }
    }

    /// The probability that a fit meets a tolerance at the floor.
    package static let noiseFloorProbability = 0.01

    /// The floor in units of σ: the c with P(Binomial(n, erfc(c/√2)) ≤ absorbed) = `probability`;
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

    /// Checks `tolerance` against the samples' noise floor (see the extension's discussion);
    /// `times` are relative to the first sample.
    package static func noiseFloor(
        _ recording: Recording, times: [Double], tolerance: Double, maxKeyframes: Int
    ) -> NoiseFloor {
        let n = recording.count
        let absorbed = 2 * maxKeyframes + 1
        let factor = floorFactor(samples: n, absorbed: absorbed)
        let margin = max(0, 1 - 5 / Double(n).squareRoot())
        guard factor > 0, margin > 0 else { return NoiseFloor(sigma: 0, floor: 0, absorbed: absorbed) }
        // Below this σ the floor is at most the tolerance: the estimate may stop there.
        let enough = tolerance / (factor * margin)
        let sigma = NoiseEstimate.sigma(x: times, y: recording.values, floor: enough)
        var result = NoiseFloor(sigma: sigma, floor: factor * margin * sigma, absorbed: absorbed)
        guard sigma > enough, tolerance < result.floor else { return result }
        var beyond = Int.max, largest = Double.infinity
        for spacing in pilotSpacings {
            guard let pilot = pilotResiduals(recording, times: times, tolerance: tolerance, spacing: spacing) else { return result }
            beyond = min(beyond, pilot.beyond)
            largest = min(largest, pilot.largest)
        }
        result.pilot = (beyond, largest)
        guard beyond > absorbed else { return result }
        result.proposal = roundedUpToTwoDigits(1.2 * max(largest, result.floor))
        return result
    }

    /// Samples per keyframe of the noise floor's pilot fits.
    package static let pilotSpacings = [8, 32, 128]

    /// A least-squares fit with a keyframe every `spacing` samples: how many of its residuals
    /// exceed `tolerance`, and its largest residual scaled back by 1/√(1 − mean leverage).
    static func pilotResiduals(_ recording: Recording, times: [Double], tolerance: Double, spacing: Int) -> (beyond: Int, largest: Double)? {
        let n = times.count
        var ends = stride(from: spacing, to: n - 1, by: spacing).map { times[$0] }
        ends.append(times[n - 1])
        guard let p = try? solve(times: times, values: recording.values, ends: ends) else { return nil }
        var sweep = NormalEquations(ends: ends)
        var worst = 0.0, beyond = 0
        for (t, y) in zip(times, recording.values) {
            let r = abs(y - sweep.model(t, p))
            worst = max(worst, r)
            if r > tolerance { beyond += 1 }
        }
        let leverage = Double(ends.count + 1) / Double(n)
        return (beyond, worst / (1 - leverage).squareRoot())
    }

    /// The error for a tolerance the noise floor rules out.
    static func noiseFloorError(_ check: NoiseFloor, tolerance: Double, samples n: Int, maxKeyframes: Int) -> FitError {
        let digits = { (x: Double) in DecimalText.significant(x, digits: 3) }
        let pilot = check.pilot!
        return FitError(
            "the tolerance \(DecimalText.shortest(tolerance)) is below the noise floor \(digits(check.floor)) of the samples: "
            + "their noise has σ ≈ \(digits(check.sigma)) (estimated from their differences), and on \(n) samples a fit of at most "
            + "\(maxKeyframes) keyframes has a max error above \(digits(check.floor)) with probability 99 % even if it fitted "
            + "\(check.absorbed) samples exactly; least-squares fits with a keyframe every "
            + "\(pilotSpacings.dropLast().map(String.init).joined(separator: ", ")) or \(pilotSpacings.last!) samples leave \(pilot.beyond) or more residuals beyond the tolerance, and the largest noise value is about "
            + "\(digits(pilot.largest)). Use a tolerance of at least \(DecimalText.shortest(check.proposal!))")
    }
}
