import BenchmarkReference
import MotionLab

/// Springs: sampling on a uniform grid, and the exact settling time.
enum SpringBenchmarks {
    static func run() -> [BenchmarkResult] {
        [uniformSampling(), exactSettling()]
    }

    /// 10⁷ samples of an underdamped spring: MotionLab's re-anchored recurrence against a scalar
    /// C loop calling libm exp/sin/cos per sample (compiled -O2 in the same run).
    static func uniformSampling() -> BenchmarkResult {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        let count = 10_000_000
        let step = 10.0 / Double(count)  // 10 s of motion at 1 µs
        let (target, v0) = (1.0, 2.0)
        var values = [Double](repeating: 0, count: count)
        var velocities = [Double](repeating: 0, count: count)
        var referenceValues = [Double](repeating: 0, count: count)
        var referenceVelocities = [Double](repeating: 0, count: count)

        let subject = measure(units: count, repetitions: 5) {
            spring.fillUniformSamples(target: target, initialVelocity: v0, start: 0, step: step,
                                      values: &values, velocities: &velocities)
            blackHole(values[count / 2])
        }
        let reference = measure(units: count, repetitions: 5) {
            referenceValues.withUnsafeMutableBufferPointer { vp in
                referenceVelocities.withUnsafeMutableBufferPointer { wp in
                    ml_spring_sample_scalar(spring.signedFrequency, spring.decayRate, target, v0, 0, step,
                                            count, vp.baseAddress, wp.baseAddress)
                }
            }
            blackHole(referenceValues[count / 2])
        }
        // Accuracy: against MotionLab's closed form at every 97th sample and against the C loop everywhere.
        var worstClosedForm = 0.0, worstReference = 0.0
        for i in stride(from: 0, to: count, by: 97) {
            let t = Double(i) * step
            worstClosedForm = max(worstClosedForm, abs(values[i] - spring.value(target: target, initialVelocity: v0, time: t)))
        }
        for i in 0..<count { worstReference = max(worstReference, abs(values[i] - referenceValues[i])) }
        return BenchmarkResult(
            name: "Spring sampling, uniform grid of 10⁷ times",
            subject: "recurrence re-anchored every \(Spring.reanchorInterval)",
            reference: "C loop over libm exp/sin/cos",
            subjectNanoseconds: subject, referenceNanoseconds: reference,
            notes: [("max |error| vs closed form", format(worstClosedForm)),
                    ("max |difference| vs C loop", format(worstReference))])
    }

    /// Exact settling time over a mix of regimes, targets, velocities and bands. The reference is
    /// SwiftUI's own estimate (the 0.1 s scan or the envelope bound) on the same springs.
    static func exactSettling() -> BenchmarkResult {
        var generator = SplitMix64(seed: 42)
        var cases: [(Spring, Double, Double, Double)] = []
        for i in 0..<4_000 {
            let duration = 0.1 + 2 * generator.unit()
            let bounce: Double
            switch i % 4 {
            case 0: bounce = 0.9 * generator.unit()          // underdamped
            case 1: bounce = 0                               // critical
            case 2: bounce = -0.8 * generator.unit()         // overdamped
            default: bounce = 0.05 + 0.2 * generator.unit()  // lightly underdamped
            }
            let target = (generator.unit() - 0.5) * 200
            let v0 = (generator.unit() - 0.5) * 400
            let epsilon = [1e-3, 1e-4, 1e-2][i % 3]
            cases.append((Spring(duration: duration, bounce: bounce), target, v0, epsilon))
        }
        let subject = measure(units: cases.count, repetitions: 5) {
            var sum = 0.0
            for (spring, target, v0, epsilon) in cases {
                sum += spring.exactSettlingTime(target: target, initialVelocity: v0, epsilon: epsilon)
            }
            blackHole(sum)
        }
        let reference = measure(units: cases.count, repetitions: 5) {
            var sum = 0.0
            for (spring, target, v0, epsilon) in cases {
                sum += spring.settlingDuration(target: target, initialVelocity: v0, epsilon: epsilon)
            }
            blackHole(sum)
        }
        return BenchmarkResult(
            name: "Exact settling time, mix of regimes (4000 springs)",
            subject: "exact (bracket + safeguarded Newton)",
            reference: "SwiftUI's estimate (scan / envelope)",
            subjectNanoseconds: subject, referenceNanoseconds: reference,
            notes: [("per spring", "\(format(subject / 1000)) µs (goal ≤ 1 µs)")])
    }
}
