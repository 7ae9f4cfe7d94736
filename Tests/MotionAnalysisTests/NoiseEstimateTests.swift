import Foundation
import MotionNumerics
import MotionSprings
import Testing

/// The difference-based noise estimate against the σ the noise was drawn with.
@Suite("Noise estimate")
struct NoiseEstimateTests {
    /// The estimate's median and 1st percentile over 400 recordings of `count` samples: Gaussian
    /// noise of σ = 1 alone, or on a spring step of 300 sampled at 240 Hz.
    private static func quantiles(count: Int, spring: Bool, seed: UInt64) -> (median: Double, p1: Double) {
        var estimates: [Double] = []
        for k in 0..<400 {
            var noise = Gaussian(seed: seed &+ UInt64(k))
            let times = (0..<count).map { Double($0) / 240 }
            let motion = Spring(duration: 0.5, bounce: 0.3)
            let values = times.map { (spring ? motion.value(fromValue: 0, toValue: 300, time: $0) : 0) + noise.next() }
            estimates.append(NoiseEstimate.sigma(x: times, y: values))
        }
        estimates.sort()
        return (estimates[estimates.count / 2], estimates[4])
    }

    /// Short recordings are where the least over all orders erred: on 60 samples of pure noise its
    /// median was 0.84 σ and one in a hundred fell below 0.39 σ (numpy, the same estimator), which
    /// let a single noisy sample pass for a motion's departure. Pooling the orders where the
    /// estimates stop falling is within a few per cent in the median and keeps the low tail above
    /// half of σ.
    @Test(arguments: [(60, false), (200, false), (1000, false), (240, true), (1000, true)])
    func estimateOfKnownNoise(count: Int, spring: Bool) {
        let q = Self.quantiles(count: count, spring: spring, seed: 91)
        print("\(count) samples\(spring ? " of a spring" : ""): median \(q.median) σ, 1st percentile \(q.p1) σ")
        #expect(abs(q.median - 1) <= 0.05, "median \(q.median) σ")
        #expect(q.p1 >= (count < 100 ? 0.5 : 0.7), "1st percentile \(q.p1) σ")
    }
}
