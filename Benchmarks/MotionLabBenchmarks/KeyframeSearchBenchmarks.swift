import Foundation
import MotionLab

/// The keyframe tolerance search on noisy springs: its cost per sample at 10⁶ samples against
/// 10⁵ (linear time: a ratio near 1), and against a fixed-count fit of as many keyframes.
enum KeyframeSearchBenchmarks {
    static func run() -> [BenchmarkResult] { [scaling()] }

    /// `n` samples over 1 s of a spring step 0 → 100 from t = 0.1 s (response 0.4 s, damping
    /// ratio 0.5) with Gaussian noise σ = 0.8, as a capture near the noise floor looks.
    static func noisySpring(_ n: Int) -> Recording {
        var generator = SplitMix64(seed: 27)
        let omega = 2 * Double.pi / 0.4, zeta = 0.5
        let damped = omega * (1 - zeta * zeta).squareRoot()
        let times = (0..<n).map { Double($0) / Double(n - 1) }
        let values = times.map { t in
            let u = max(t - 0.1, 0)
            let gaussian = (-2 * log(1 - generator.unit())).squareRoot() * cos(2 * .pi * generator.unit())
            return 100 * (1 - exp(-zeta * omega * u) * (cos(damped * u) + zeta * omega / damped * sin(damped * u))) + 0.8 * gaussian
        }
        return Recording(times: times, values: values)
    }

    /// Tolerance 5 on σ = 0.8: 1.55× the noise floor at 10⁵ samples (3.22) and 1.37× at 10⁶
    /// (3.65), where a fit must follow the motion closely and not one noise value.
    static func scaling() -> BenchmarkResult {
        let tolerance = 5.0
        let small = noisySpring(100_000), large = noisySpring(1_000_000)
        var keyframes = (small: 0, large: 0)
        let smallCost = measure(units: small.count, repetitions: 3) {
            let fit = try! KeyframeFitting.fit(small, tolerance: tolerance)
            keyframes.small = fit.keyframes.count
            blackHole(fit)
        }
        let largeCost = measure(units: large.count, repetitions: 3) {
            let fit = try! KeyframeFitting.fit(large, tolerance: tolerance)
            keyframes.large = fit.keyframes.count
            blackHole(fit)
        }
        let fixedCost = measure(units: large.count, repetitions: 3) {
            blackHole(try! KeyframeFitting.fit(large, keyframeCount: keyframes.large))
        }
        return BenchmarkResult(
            name: "Keyframe --tolerance search, noisy spring (σ 0.8, tolerance 5), per sample",
            subject: "10⁶ samples", reference: "10⁵ samples",
            subjectNanoseconds: largeCost, referenceNanoseconds: smallCost,
            notes: [("linear time", "cost per sample ×\(format(largeCost / smallCost)) for 10× the samples"),
                    ("keyframes", "\(keyframes.small) at 10⁵, \(keyframes.large) at 10⁶"),
                    ("against a fixed-count fit", "the 10⁶ search costs \(format(largeCost / fixedCost))× a fit of \(keyframes.large) evenly spaced keyframes")])
    }
}
