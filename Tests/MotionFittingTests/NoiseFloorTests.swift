import Foundation
import MotionFitting
import MotionIO
import Testing
import MotionTestSupport

/// The tolerance search's noise floor: a tolerance the samples' noise rules out is an error at
/// once, which proposes one that can be met; clean recordings and feasible tolerances pass.
@Suite("Keyframe tolerance: the noise floor")
struct NoiseFloorTests {
    /// `n` samples at 1 kHz of five spring-like moves between positions in 0 … 100, plus
    /// Gaussian noise of standard deviation `sigma` (seeded).
    static func capture(_ n: Int, sigma: Double, seed: UInt64 = 3) -> Recording {
        let targets = [0.0, 100, 30, 80, 10, 60]
        let span = Double(n - 1) / 1000
        var noise = GaussianNoise(seed: seed)
        let times = (0..<n).map { Double($0) / 1000 }
        let values = times.map { t in
            var y = targets[0]
            for i in 1..<targets.count {
                let start = span * Double(i - 1) / Double(targets.count - 1) + 0.1 * span / Double(targets.count)
                guard t > start else { continue }
                let u = t - start
                y += (targets[i] - targets[i - 1]) * (1 - exp(-6 * u) * (cos(12 * u) + 0.5 * sin(12 * u)))
            }
            return y + sigma * noise.next()
        }
        return Recording(times: times, values: values)
    }

    static func range(_ r: Recording) -> Double { r.values.max()! - r.values.min()! }

    /// Swift's shortest digits, without a trailing ".0" (as the messages print numbers).
    static func shortest(_ x: Double) -> String {
        var text = "\(x)"
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    /// The floor factor against values computed independently with scipy (scipy 1.17):
    ///
    ///     from scipy import stats, optimize
    ///     optimize.brentq(lambda c: stats.binom.cdf(A, n, 2*stats.norm.sf(c)) - 0.01, 1e-9, 40)
    ///
    /// and, with no absorbed samples, the closed form of the same event — all n values |ε| below
    /// c — (2Φ(c) − 1)ⁿ = 1 %, i.e. `stats.norm.isf(-np.expm1(np.log(0.01)/n)/2)`.
    @Test(arguments: [
        (100_000, 401, 2.840805), (10_000, 401, 2.005596), (1_000_000, 401, 3.508821), (1_000, 401, 0.775756),
        (20_000, 401, 2.282198), (100_000, 0, 4.074817), (1_000, 0, 2.834163), (100, 0, 2.004585),
        (401, 401, 0), (120, 401, 0),
    ])
    func floorFactorMatchesScipy(n: Int, absorbed: Int, expected: Double) {
        let factor = KeyframeFitting.floorFactor(samples: n, absorbed: absorbed)
        #expect(abs(factor - expected) <= 2e-6, "n \(n), A \(absorbed): \(factor) vs \(expected)")
    }

    /// The typical (median) largest of n values |ε|/σ, from the same closed form with p = 0.5
    /// (scipy 1.17: `stats.norm.isf(-np.expm1(np.log(0.5)/n)/2)`).
    @Test(arguments: [(100_000, 4.495783), (1_000_000, 4.963274), (2_000, 3.577789), (121, 2.763865)])
    func typicalLargestNoiseMatchesScipy(n: Int, expected: Double) {
        let factor = KeyframeFitting.floorFactor(samples: n, absorbed: 0, probability: 0.5)
        #expect(abs(factor - expected) <= 2e-6, "n \(n): \(factor) vs \(expected)")
    }

    @Test(arguments: [(5.43, 5.5), (0.0543, 0.055), (0.055, 0.055), (123.0, 130.0), (1.2, 1.2), (1.21, 1.3), (9.91, 10.0),
                      (0.000_123_4, 0.000_13), (4_000.0, 4_000.0)])
    func proposalsRoundUpToTwoDigits(x: Double, expected: Double) {
        #expect(KeyframeFitting.roundedUpToTwoDigits(x) == expected)
    }

    /// A long noisy capture (10⁵ samples, σ = 0.6, so 1 % of the range is about 1.7σ, below the
    /// floor 4.07σ): the tolerance search fails at once, naming the tolerance, σ, the floor and a
    /// tolerance to use instead.
    @Test func toleranceBelowTheNoiseFloorIsAnImmediateError() throws {
        let sigma = 0.6
        let recording = Self.capture(100_000, sigma: sigma)
        let tolerance = 0.01 * Self.range(recording)
        let clock = ContinuousClock()
        var caught: FitError? = nil
        let elapsed = clock.measure {
            do { _ = try KeyframeFitting.fit(recording, tolerance: tolerance) } catch { caught = error as? FitError }
        }
        let error = try #require(caught)
        print("10⁵ samples, σ \(sigma), tolerance \(tolerance): \(elapsed)\n\(error)")
        // The check alone: one noise estimate and three banded solves (a debug build takes ~1 s).
        #expect(elapsed < .seconds(20))

        let times = recording.times.map { $0 - recording.times[0] }
        let check = KeyframeFitting.noiseFloor(recording, times: times, tolerance: tolerance)
        #expect(check.rejects)
        #expect(abs(check.sigma / sigma - 1) <= 0.03, "σ estimate \(check.sigma)")
        // The floor: 4.074817·σ̂·(1 − 5/√n) (scipy, above), which with σ̂ ≈ σ is 2.41.
        #expect(abs(check.floor / (4.074817 * (1 - 5 / 100_000.0.squareRoot()) * check.sigma) - 1) <= 1e-6)
        #expect(abs(check.floor / (4.074817 * sigma) - 1) <= 0.05)
        // About the largest noise value: the 1 % … 99 % quantiles of the largest of 10⁵ values |ε|
        // are 4.07σ … 5.33σ (scipy: stats.norm.isf(-np.expm1(np.log(p)/n)/2)).
        let largest = try #require(check.largest)
        #expect(largest > 4.07 * sigma && largest < 5.33 * sigma, "\(largest / sigma)σ")
        let proposal = try #require(check.proposal)
        #expect(proposal == KeyframeFitting.roundedUpToTwoDigits(1.2 * largest))
        for text in ["tolerance \(Self.shortest(tolerance))", "noise floor \(String(format: "%.3g", check.floor))",
                     "σ ≈ \(String(format: "%.3g", check.sigma))", "at least \(Self.shortest(proposal))", "100000 samples",
                     "noise allows is \(String(format: "%.3g", check.floor))"] {
            #expect(error.message.contains(text), "missing '\(text)'")
        }
        // The proposal clears the floor: the check passes it.
        #expect(!KeyframeFitting.noiseFloor(recording, times: times, tolerance: proposal).rejects)
    }

    /// With fewer samples (10³, where a debug build runs the search quickly; σ = 5: 1 % of the
    /// range is 0.22σ, below the floor 0.65σ) the rejected tolerance's proposal is met by the
    /// search.
    @Test func theProposedToleranceIsMet() throws {
        let recording = Self.capture(1_000, sigma: 5, seed: 8)
        let tolerance = 0.01 * Self.range(recording)
        let times = recording.times.map { $0 - recording.times[0] }
        let check = KeyframeFitting.noiseFloor(recording, times: times, tolerance: tolerance)
        let proposal = try #require(check.proposal, "σ \(check.sigma), floor \(check.floor)")
        #expect(throws: FitError.self) { try KeyframeFitting.fit(recording, tolerance: tolerance) }
        let fit = try KeyframeFitting.fit(recording, tolerance: proposal)
        #expect(fit.quality.maxError <= proposal)
        print("10³ samples, σ 5: tolerance \(tolerance) rejected (floor \(check.floor)); the proposal \(proposal) is met by \(fit.keyframes.count) keyframes, max error \(fit.quality.maxError)")
    }

    /// The committed recordings (at most 121 samples, noise of at most about 0.25 % of their
    /// range): at the report's default tolerance, 1 % of the range, the check passes and the
    /// search meets the tolerance.
    @Test func committedRecordingsPassAtTheReportsTolerance() throws {
        let directory = Repository.url("data/recordings")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".csv") }
        #expect(files.count >= 6)
        for file in files {
            let recording = try RecordingReader.read(path: directory.appendingPathComponent(file).path)
            let times = recording.times.map { $0 - recording.times[0] }
            let tolerance = 0.01 * Self.range(recording)
            let check = KeyframeFitting.noiseFloor(recording, times: times, tolerance: tolerance)
            #expect(!check.rejects && check.floor < tolerance, "\(file): floor \(check.floor)")
            let fit = try KeyframeFitting.fit(recording, tolerance: tolerance)
            #expect(fit.quality.maxError <= tolerance, "\(file)")
        }
    }

    /// Where the search succeeds, the check does not fire: noise-free and lightly noisy long
    /// captures at 1 % of their range (1.0, above the largest noise value, about 4.5σ = 0.9 for
    /// σ = 0.2); and — the Gaussian floor's blind spot — uniform noise, whose largest value is
    /// √3·σ, below the floor 4.07σ: its tail is not Gaussian, so a tolerance between the two
    /// is not rejected.
    @Test func feasibleTolerancesAreNotRejected() throws {
        for (sigma, fraction) in [(0.0, 0.01), (0.0, 1e-4), (0.1, 0.01), (0.2, 0.01)] {
            let recording = Self.capture(100_000, sigma: sigma, seed: 5)
            let times = recording.times.map { $0 - recording.times[0] }
            let tolerance = fraction * Self.range(recording)
            let check = KeyframeFitting.noiseFloor(recording, times: times, tolerance: tolerance)
            #expect(!check.rejects, "σ \(sigma), tolerance \(tolerance): floor \(check.floor)")
            #expect(check.floor <= max(4.08 * sigma, tolerance))
        }
        // Uniform noise on ±0.5 (σ = 0.289): the Gaussian floor is 1.18, the largest error 0.5.
        let clean = Self.capture(100_000, sigma: 0, seed: 5)
        var uniform = GaussianNoise(seed: 9)
        let noisy = Recording(times: clean.times, values: clean.values.map { $0 + uniform.uniform() - 0.5 })
        let times = noisy.times.map { $0 - noisy.times[0] }
        let check = KeyframeFitting.noiseFloor(noisy, times: times, tolerance: 0.6)
        #expect(check.floor > 0.6, "floor \(check.floor), σ \(check.sigma)")  // the Gaussian bound alone would reject 0.6
        // The pilots leave no Gaussian tail: uniform noise never exceeds 1.73σ, so their residuals
        // beyond 2.5σ are the few near the moves' kinks, not the ≥ 621 Gaussian noise would leave.
        #expect(!check.rejects)
    }

    /// Where the search succeeds on noisy samples today — the max error it reaches at a generous
    /// tolerance, on captures of 500 to 2000 samples (sizes a debug build searches quickly) — the
    /// check does not fire.
    @Test(arguments: [(500, 2.0, UInt64(1)), (1_000, 1.0, UInt64(2)), (2_000, 0.5, UInt64(4))])
    func tolerancesTheSearchMeetsAreNotRejected(n: Int, sigma: Double, seed: UInt64) throws {
        let recording = Self.capture(n, sigma: sigma, seed: seed)
        let times = recording.times.map { $0 - recording.times[0] }
        let fit = try KeyframeFitting.fit(recording, tolerance: 6 * sigma)
        let met = fit.quality.maxError
        let check = KeyframeFitting.noiseFloor(recording, times: times, tolerance: met)
        #expect(!check.rejects && check.floor < met, "n \(n): met \(met), floor \(check.floor)")
        print("n \(n), σ \(sigma): the search meets \(met) (\(met / sigma)σ) with \(fit.keyframes.count) keyframes; floor \(check.floor) (\(check.floor / sigma)σ)")
    }
}
