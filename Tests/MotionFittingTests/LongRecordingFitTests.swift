import Foundation
import MotionFitting
import MotionIO
import MotionKeyframes
import Testing

/// Long recordings are accumulated in two halves at once. Whatever the path, the answer must be
/// the least-squares optimum: the residual is orthogonal to every keyframe value's basis function.
/// The basis functions come from MotionKeyframes' own evaluation (the track is linear in its
/// values, so moving one value by 1 gives its basis function exactly), not from the fitting code.
@Suite("Keyframe fits of long recordings")
struct LongRecordingFitTests {
    @Test(arguments: [70_000, 150_001])
    func residualIsOrthogonalToEveryBasisFunction(samples: Int) throws {
        var state: UInt64 = 0x5EED
        func noise() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53) - 0.5
        }
        let times = (0..<samples).map { Double($0) / 1000 }
        let values = times.map { 300 * (1 - exp(-3 * $0) * cos(9 * $0)) + noise() }
        let fit = try KeyframeFitting.fit(Recording(times: times, values: values), keyframeCount: 12)

        func model(_ initial: Double, _ keyframes: [CubicKeyframe<Double>]) -> [Double] {
            let path = TimelineDocument.Track(nil, keyframes: keyframes.map { .cubic($0) }).path(from: initial)
            return times.map { path.value(at: $0 - fit.startTime) }
        }
        let base = model(fit.initialValue, fit.keyframes)
        let residual = zip(values, base).map { $0 - $1 }
        let residualNorm = residual.reduce(0) { $0 + $1 * $1 }.squareRoot()
        for j in 0...fit.keyframes.count {
            var keyframes = fit.keyframes
            var initial = fit.initialValue
            if j == 0 { initial += 1 } else { keyframes[j - 1].to += 1 }
            let basis = zip(model(initial, keyframes), base).map { $0 - $1 }
            let dot = zip(residual, basis).reduce(0) { $0 + $1.0 * $1.1 }
            let basisNorm = basis.reduce(0) { $0 + $1 * $1 }.squareRoot()
            #expect(abs(dot) <= 1e-9 * residualNorm * basisNorm, "value \(j): rᵀφ = \(dot)")
        }
    }
}
