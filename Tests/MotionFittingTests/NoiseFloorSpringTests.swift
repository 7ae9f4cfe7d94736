import Foundation
import MotionFitting
import MotionIO
import PropertyBased
import Testing

/// The noise floor on a noisy spring capture, and the shortest keyframe a search may use.
///
/// The expected values are the largest of n values |ε| of N(0, σ²), from its distribution
/// function (2Φ(c) − 1)ⁿ, computed with scipy 1.17 (`scripts/reference/noise_floor.py`):
///
///     n = 10⁵: 1 % quantile 4.074817σ, median 4.495783σ, 99 % quantile 5.325811σ
///     n = 10⁶: 1 % quantile 4.582015σ, median 4.963274σ
///     n = 2000: median 3.577789σ
@Suite("Keyframe tolerance: noise floor and shortest keyframe")
struct NoiseFloorSpringTests {
    /// `n` samples over 1 s of a spring step 0 → 100 from t = 0.1 s (response 0.4 s, damping
    /// ratio 0.5), plus Gaussian noise of standard deviation `sigma` (seeded).
    static func spring(_ n: Int, sigma: Double, seed: UInt64 = 1) -> Recording {
        var noise = GaussianNoise(seed: seed)
        let omega = 2 * Double.pi / 0.4, zeta = 0.5
        let damped = omega * (1 - zeta * zeta).squareRoot()
        let times = (0..<n).map { Double($0) / Double(n - 1) }
        let values = times.map { t in
            let u = max(t - 0.1, 0)
            return 100 * (1 - exp(-zeta * omega * u) * (cos(damped * u) + zeta * omega / damped * sin(damped * u))) + sigma * noise.next()
        }
        return Recording(times: times, values: values)
    }

    /// The samples each keyframe covers (a sample belongs to the first keyframe ending at or
    /// after it).
    static func samplesPerKeyframe(_ fit: KeyframeFit, _ recording: Recording) -> [Int] {
        var counts = [Int](repeating: 0, count: fit.endTimes.count)
        var k = 0
        for t in recording.times {
            while k < fit.endTimes.count && fit.endTimes[k] < t { k += 1 }
            if k < fit.endTimes.count { counts[k] += 1 }
        }
        return counts
    }

    /// 10⁵ samples, σ = 0.8, tolerance 3: the largest noise value is typically 4.50σ = 3.6 and
    /// below 4.07σ = 3.26 with probability 1 % only, so the tolerance is refused at once, with the
    /// floor, σ, n and a tolerance to use.
    @Test func aToleranceBelowTheLargestNoiseValueIsRefused() throws {
        let recording = Self.spring(100_000, sigma: 0.8)
        var caught: FitError? = nil
        do { _ = try KeyframeFitting.fit(recording, tolerance: 3) } catch { caught = error }
        let error = try #require(caught)
        print(error)
        let times = recording.times.map { $0 - recording.times[0] }
        let check = KeyframeFitting.noiseFloor(recording, times: times, tolerance: 3)
        #expect(abs(check.sigma / 0.8 - 1) <= 0.03, "σ̂ \(check.sigma)")
        // The floor: the 1 % quantile of the largest noise value, for σ̂ lowered by 5/√n.
        #expect(abs(check.floor / (4.074817 * check.sigma * (1 - 5 / 100_000.0.squareRoot())) - 1) <= 1e-6)
        #expect(abs(check.floor / (4.074817 * 0.8) - 1) <= 0.04 && check.floor > 3, "floor \(check.floor)")
        #expect(abs(check.typical / (4.495783 * check.sigma) - 1) <= 1e-6)
        let largest = try #require(check.largest)
        #expect(largest > 4.074817 * 0.8 && largest < 5.325811 * 0.8, "largest noise value \(largest)")
        let proposal = try #require(check.proposal)
        for text in ["the tolerance 3 is below the noise floor \(String(format: "%.3g", check.floor))", "σ ≈ \(String(format: "%.3g", check.sigma))",
                     "on 100000 samples", "typically \(String(format: "%.3g", check.typical))",
                     "the noise allows is \(String(format: "%.3g", check.floor))", "at least \(NoiseFloorTests.shortest(proposal))"] {
            #expect(error.message.contains(text), "missing '\(text)' in \(error.message)")
        }
    }

    /// 10⁶ samples: σ is estimated from every 5th sample (2·10⁵ of them, the margin 5/√(2·10⁵)),
    /// the floor is the 1 % quantile for all 10⁶, 4.582015σ (scipy, above the suite), 3.6 > 3.
    @Test func aMillionSamplesAreCheckedOnAnEvenSubset() throws {
        let recording = Self.spring(1_000_000, sigma: 0.8, seed: 2)
        let times = recording.times.map { $0 - recording.times[0] }
        let check = KeyframeFitting.noiseFloor(recording, times: times, tolerance: 3)
        #expect(check.rejects)
        #expect(abs(check.sigma / 0.8 - 1) <= 0.02, "σ̂ \(check.sigma)")
        #expect(abs(check.floor / (4.582015 * check.sigma * (1 - 5 / 200_000.0.squareRoot())) - 1) <= 1e-6)
        #expect(abs(check.typical / (4.963274 * check.sigma) - 1) <= 1e-6)
    }

    /// A feasible tolerance, 1.5 × the floor, is met, and no keyframe covers fewer than 8 samples
    /// (the noise's typical largest value, 3.6, is more than half the tolerance, 4.8).
    @Test func aFeasibleToleranceIsMetWithoutShortKeyframes() throws {
        let recording = Self.spring(100_000, sigma: 0.8)
        let times = recording.times.map { $0 - recording.times[0] }
        let tolerance = 1.5 * KeyframeFitting.noiseFloor(recording, times: times, tolerance: 3).floor
        let fit = try KeyframeFitting.fit(recording, tolerance: tolerance)
        let counts = Self.samplesPerKeyframe(fit, recording)
        print("tolerance \(tolerance): \(fit.keyframes.count) keyframes, max error \(fit.quality.maxError), fewest samples \(counts.min()!)")
        #expect(fit.quality.maxError <= tolerance)
        #expect(counts.min()! >= 8, "\(counts)")
        #expect(fit.keyframes.count <= 40)
    }

    /// Over noise levels and tolerances of 1.1 … 1.85 × the typical largest noise value (so that
    /// value is more than half the tolerance): whenever the search returns, every keyframe
    /// covers at least 8 samples; otherwise it fails with a `FitError`. At 2 kHz the spring is
    /// smooth on the scale of 8 samples (a cubic's error over 4 ms is below 0.05 even at its
    /// start, against twice the noise's typical largest value, 7.2σ ≥ 0.36), so no error peak
    /// is the motion's alone.
    @Test func noisySearchesNeverReturnShortKeyframes() async {
        await propertyCheck(count: 12, input: Gen.double(in: 0.05...3), Gen.double(in: 1.1...1.85), Gen.int(in: 1...1_000)) { sigma, factor, seed in
            let recording = Self.spring(2_000, sigma: sigma, seed: UInt64(seed))
            let tolerance = factor * 3.577789 * sigma
            do {
                let fit = try KeyframeFitting.fit(recording, tolerance: tolerance)
                let counts = Self.samplesPerKeyframe(fit, recording)
                #expect(counts.min()! >= 8, "σ \(sigma), tolerance \(tolerance): \(counts)")
                #expect(fit.quality.maxError <= tolerance)
            } catch {
                #expect((error as? FitError)?.message.contains("tolerance") == true, "σ \(sigma), tolerance \(tolerance): \(error)")
            }
        }
    }
}
