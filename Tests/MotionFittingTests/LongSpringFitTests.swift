import Foundation
import MotionFitting
import MotionIO
import MotionSprings
import Testing

/// A spring fit takes recordings of more than 10⁶ samples (the command's limit is
/// ``SpringFitting/sampleLimit``), and fits them as well as their noise allows.
@Suite("Spring fits of long recordings")
struct LongSpringFitTests {
    /// 1.1·10⁶ samples over 2 s of a spring step 10 → 210 from t = 0.1 s, duration 0.5 s and
    /// bounce 0.3 (the closed form of MotionSprings' `Spring`), plus Gaussian noise σ = 0.5:
    /// every fitted parameter is within four of its standard errors of the truth.
    @Test func moreThanAMillionSamplesAreFitted() throws {
        #expect(SpringFitting.sampleLimit > 1_100_000)
        let n = 1_100_000
        let spring = Spring(duration: 0.5, bounce: 0.3)
        let (t0, from, to) = (0.1, 10.0, 210.0)
        var noise = GaussianNoise(seed: 21)
        let times = (0..<n).map { 2 * Double($0) / Double(n - 1) }
        let values = times.map { t in
            (t <= t0 ? from : from + spring.value(target: to - from, initialVelocity: 0, time: t - t0)) + 0.5 * noise.next()
        }
        let fit = try SpringFitting.fit(Recording(times: times, values: values))
        let errors = try #require(fit.standardErrors)
        let truth = ["startTime": t0, "from": from, "to": to, "duration": 0.5, "bounce": 0.3]
        let fitted = ["startTime": fit.startTime, "from": fit.from, "to": fit.to, "duration": fit.spring.duration, "bounce": fit.spring.bounce]
        for (name, value) in truth {
            let error = try #require(errors.first { $0.name == name }?.value, "no standard error for \(name)")
            let estimate = try #require(fitted[name])
            #expect(abs(estimate - value) <= 4 * error, "\(name): \(estimate) vs \(value) ± \(error)")
            #expect(error < 1e-3 * max(abs(value), 1), "\(name): standard error \(error)")
        }
        #expect(fit.quality.count == n)
        print("1.1·10⁶ samples: \(fit.spring) from \(fit.from) to \(fit.to) at \(fit.startTime); errors \(errors)")
    }
}
