import Foundation
@testable import MotionFitting
import MotionIO
import MotionSprings
import Testing

/// On long recordings the fits search on a subset of the samples and then polish on all of them
/// (a few iterations for every reading, to convergence for the chosen one). These tests check
/// that the answer is nonetheless a least-squares optimum of the whole recording — not a point
/// the polish merely stopped at — independently of how the fit got there.
@Suite("Subsampled search, full-data polish")
struct SubsampledPolishTests {
    /// cubic-bezier(0.42, 0, 0.58, 1) from 0 to 300 between 0.2 s and 0.8 s of a 1 s recording
    /// with 10⁴ samples and Gaussian noise σ 0.2 from a seeded generator (the same every run).
    static func noisyEase(noise withNoise: Bool = true) -> Recording {
        let (x1, y1, x2, y2) = (0.42, 0.0, 0.58, 1.0)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func uniform() -> Double {  // SplitMix64, in (0, 1)
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return (Double((z ^ (z >> 31)) >> 11) + 0.5) / 0x1p53
        }
        let n = 10_000
        let times = (0..<n).map { Double($0) / Double(n - 1) }
        let values = times.map { t -> Double in
            let x = min(max((t - 0.2) / 0.6, 0), 1)
            var (lo, hi) = (0.0, 1.0)
            for _ in 0..<80 {  // bisection on the increasing X(s)
                let s = 0.5 * (lo + hi)
                if 3 * (1 - s) * (1 - s) * s * x1 + 3 * (1 - s) * s * s * x2 + s * s * s < x { lo = s } else { hi = s }
            }
            let s = 0.5 * (lo + hi)
            let progress = 3 * (1 - s) * (1 - s) * s * y1 + 3 * (1 - s) * s * s * y2 + s * s * s
            let noise = (-2 * Foundation.log(uniform())).squareRoot() * Foundation.cos(2 * .pi * uniform())
            return 300 * progress + (withNoise ? 0.2 * noise : 0)
        }
        return Recording(times: times, values: values)
    }

    @Test("a 10⁴-sample bezier fit is the optimum a full-data minimisation started there finds")
    func bezierPolishReachesTheOptimum() throws {
        let recording = Self.noisyEase()
        #expect(recording.times.count > StepFitSupport.searchSampleCount)
        let fit = try BezierFitting.fit(recording)
        #expect(fit.startAssumption == .observedPlateau && fit.endAssumption == .observedPlateau)

        // The same model on every sample, started at the answer (in normalised units).
        let data = try NormalisedStep(recording)
        let model = BezierStepModel(kind: .bothFitted, times: data.times, values: data.values,
                                    dt: 1 / Double(recording.times.count - 1))
        let answer = fit.controlPoints + [(fit.startTime - data.start) / data.span, fit.duration / data.span,
                                          (fit.from - data.from) / data.step, (fit.to - data.from) / data.step]
        let again = try #require(model.minimize(from: answer, maxIterations: 200))
        #expect(again.rss <= model.rss(answer) * (1 + 1e-12))
        // Control points live in the unit square: 1e-6 relative to it.
        for i in 0..<4 {
            #expect(abs(again.parameters[i] - answer[i]) <= 1e-6, "control point \(i): \(answer[i]) → \(again.parameters[i])")
        }

        // Independently: the gradient Jᵀr vanishes along the smooth directions (control points,
        // from, to) relative to ‖J column‖·‖r‖. (Start and duration move samples across the
        // curve's ends, where the residual has kinks; they are covered by the restart above.)
        let evaluated = model.evaluate(answer, jacobian: true)
        let j = try #require(evaluated.jacobian)
        let r = zip(evaluated.values, data.values).map { $0 - $1 }
        let rNorm = r.reduce(0) { $0 + $1 * $1 }.squareRoot()
        for c in [0, 1, 2, 3, 6, 7] {
            var (g, norm) = (0.0, 0.0)
            for i in r.indices {
                g += j[i, c] * r[i]
                norm += j[i, c] * j[i, c]
            }
            #expect(abs(g) <= 1e-6 * norm.squareRoot() * rNorm, "column \(c): Jᵀr = \(g)")
        }
    }

    @Test("a 10⁴-sample spring fit is the optimum a full-data minimisation started there finds")
    func springPolishReachesTheOptimum() throws {
        // Spring(duration: 0.45, bounce: 0.25) from 0 to 300 released at 0.2 s of 2 s; the noise
        // of the ease above (σ 0.2, seeded) minus its motion.
        let ease = Self.noisyEase()
        let clean = Self.noisyEase(noise: false)
        let spring = Spring(duration: 0.45, bounce: 0.25)
        let times = ease.times.map { 2 * $0 }
        let values = times.indices.map { i in
            (times[i] <= 0.2 ? 0 : spring.value(target: 300, time: times[i] - 0.2)) + ease.values[i] - clean.values[i]
        }
        let recording = Recording(times: times, values: values)
        let fit = try SpringFitting.fit(recording)
        #expect(!fit.initialVelocityFitted && fit.startAssumption == .observedPlateau)

        let data = try NormalisedStep(recording)
        let model = SpringStepModel(kind: .atRestFitted, times: data.times, values: data.values,
                                    minimumDuration: 1e-3, latestStart: data.times[times.count - 3],
                                    dt: 1 / Double(times.count - 1))
        let answer = SpringStepModel.Nonlinear(duration: fit.spring.duration / data.span, bounce: fit.spring.bounce,
                                               start: (fit.startTime - data.start) / data.span)
        let again = try #require(model.minimize(from: answer))
        #expect(abs(again.nonlinear.duration - answer.duration) <= 1e-6 * answer.duration)
        #expect(abs(again.nonlinear.bounce - answer.bounce) <= 1e-6)
        #expect(abs(again.nonlinear.start - answer.start) <= 1e-6 * answer.duration)
    }
}
