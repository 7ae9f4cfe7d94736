import Foundation
import MotionFitting
import MotionIO
import MotionSprings
import Testing

/// The spring and timing-curve fits work in normalised coordinates (time in spans from the first
/// sample, value in steps from the start plateau), so a recording mapped by t → a·t + b and
/// y → c·y + d fits to the same shape — the same bounce and control points — with the duration
/// scaled by a, the start time mapped like t, from/to like y and the velocity by c/a.
@Suite("Spring and bezier fits: time and value scales")
struct StepFittingScaleTests {
    /// ω0 = 2π/duration without forming ω0² (``Spring/duration`` squares it, which overflows below
    /// ~5e-154 s and underflows above ~4e154 s), and the bounce from ζ = λ/ω0.
    static func durationAndBounce(_ spring: Spring) -> (duration: Double, bounce: Double) {
        let lambda = spring.decayRate, omega = spring.signedFrequency
        let omega0 = omega >= 0 ? hypot(lambda, omega) : (lambda + omega).squareRoot() * (lambda - omega).squareRoot()
        return (2 * .pi / omega0, omega >= 0 ? 1 - lambda / omega0 : omega0 / lambda - 1)
    }

    /// A noise-free spring step at 120 Hz: 10 → 210, starting at 0.1 s.
    static func unitRecording(duration: Double, bounce: Double, v0: Double) -> Recording {
        let spring = Spring(duration: duration, bounce: bounce)
        let (t0, from, to) = (0.1, 10.0, 210.0)
        let times = (0..<240).map { Double($0) / 120 }
        return Recording(times: times, values: times.map {
            $0 <= t0 ? from : from + spring.value(target: to - from, initialVelocity: v0, time: $0 - t0)
        })
    }

    static func close(_ x: Double, _ y: Double, _ relative: Double, floor: Double = 0) -> Bool {
        x == y || abs(x - y) <= relative * max(abs(x), abs(y)) + floor
    }

    static let timeScales = [1e-300, 1e-6, 1, 1e6, 1e300]
    static let valueScales = [1e-300, -1e-300, 1e-6, -1, 1, 1e6, -1e300, 1e300]
    static let springs: [(duration: Double, bounce: Double, v0: Double)] = [(0.5, 0.3, 0), (0.3, -0.4, 0), (0.8, 0.6, 300)]

    /// The same simulated step at time scales 1e-300 … 1e300 (with an offset of a few spans)
    /// recovers the same bounce and the duration × a to 1e-6 relative, and the other parameters
    /// mapped alike.
    @Test(arguments: timeScales)
    func springAtTimeScale(_ a: Double) throws {
        for index in Self.springs.indices {
            try Self.checkSpring(index, a: a, b: 3.5 * a, c: 1, d: 0)
        }
    }

    /// The same at value scales ±1e-300 … ±1e300 (with an offset of a few steps).
    @Test(arguments: valueScales)
    func springAtValueScale(_ c: Double) throws {
        for index in Self.springs.indices {
            try Self.checkSpring(index, a: 1, b: 0, c: c, d: -2.25 * c)
        }
    }

    /// Both at once, at the extremes where the velocity scale c/a stays within a double.
    @Test(arguments: [(1e-300, 1e-300), (1e300, -1e300), (1e-150, 1e150), (1e6, -1e-6)])
    func springAtBothScales(_ scales: (Double, Double)) throws {
        try Self.checkSpring(0, a: scales.0, b: -0.75 * scales.0, c: scales.1, d: scales.1)
    }

    /// The unscaled recordings and their fits, computed once.
    static let springBases = springs.map { truth in
        Result { () throws -> (Recording, SpringFit) in
            let unit = unitRecording(duration: truth.duration, bounce: truth.bounce, v0: truth.v0)
            return (unit, try SpringFitting.fit(unit))
        }
    }

    static func checkSpring(_ index: Int, a: Double, b: Double, c: Double, d: Double) throws {
        let truth = springs[index]
        let (unit, base) = try springBases[index].get()
        let mapped = Recording(times: unit.times.map { a * $0 + b }, values: unit.values.map { c * $0 + d })
        let label = "Spring(duration: \(truth.duration), bounce: \(truth.bounce)) v0 \(truth.v0); t → \(a)·t + \(b), y → \(c)·y + \(d)"
        let fit = try SpringFitting.fit(mapped)
        let (duration, bounce) = durationAndBounce(fit.spring)
        let baseShape = durationAndBounce(base.spring)
        // The base fit recovers the truth (noise-free).
        #expect(close(baseShape.duration, truth.duration, 1e-4) && abs(baseShape.bounce - truth.bounce) < 1e-4, "\(label): base fit \(baseShape)")
        // The scaled fit is the base fit, mapped.
        #expect(close(duration, a * baseShape.duration, 1e-6), "\(label): duration \(duration) vs \(a) × \(baseShape.duration)")
        #expect(abs(bounce - baseShape.bounce) < 1e-6, "\(label): bounce \(bounce) vs \(baseShape.bounce)")
        #expect(close(fit.startTime, a * base.startTime + b, 0, floor: 1e-6 * a), "\(label): start \(fit.startTime) vs \(a * base.startTime + b)")
        #expect(close(fit.from, c * base.from + d, 0, floor: 1e-6 * abs(c) * abs(base.to - base.from)), "\(label): from \(fit.from)")
        #expect(close(fit.to, c * base.to + d, 0, floor: 1e-6 * abs(c) * abs(base.to - base.from)), "\(label): to \(fit.to)")
        let velocityUnit = abs(c) * abs(base.to - base.from) / a
        #expect(close(fit.initialVelocity, c / a * base.initialVelocity, 0, floor: 1e-6 * velocityUnit),
                "\(label): v0 \(fit.initialVelocity) vs \(c / a * base.initialVelocity)")
        #expect(abs(fit.quality.r2 - base.quality.r2) < 1e-9 && fit.quality.r2 > 0.999999, "\(label): r2 \(fit.quality.r2)")
        #expect(close(fit.quality.rmse, abs(c) * base.quality.rmse, 1e-3, floor: 1e-9 * abs(c)), "\(label): rmse \(fit.quality.rmse)")
        #expect(fit.poorlyDetermined.isEmpty == base.poorlyDetermined.isEmpty, "\(label): \(fit.poorlyDetermined) vs \(base.poorlyDetermined)")
        // The model replays the recording in its own units, at any scale.
        for i in stride(from: 0, to: mapped.count, by: 17) {
            let expected = mapped.values[i]
            #expect(close(fit.value(at: mapped.times[i]), expected, 0, floor: 1e-5 * abs(c) * 200 + 1e-9 * abs(d)),
                    "\(label): value at sample \(i): \(fit.value(at: mapped.times[i])) vs \(expected)")
        }
        // What the pasted code prints: a finite, positive duration and a finite bounce at any scale.
        let (codeDuration, codeBounce) = (fit.spring.duration, fit.spring.bounce)
        #expect(codeDuration.isFinite && codeDuration > 0 && codeBounce.isFinite, "\(label): duration \(codeDuration), bounce \(codeBounce)")
    }

    /// The timing-curve fit likewise: same control points, duration × a, start time mapped.
    /// (60 Hz and one shared base fit: a noise-free timing-curve fit takes seconds in debug builds.)
    @Test(arguments: [(1e-300, 1.0), (1e300, -1.0), (1.0, -1e300), (1e-6, 1e6)])
    func bezierAtScales(_ scales: (Double, Double)) throws {
        let (a, c) = scales
        let (unit, base) = try Self.bezierBase.get()
        #expect(abs(base.duration - 1) < 1e-3 && abs(base.startTime - 0.2) < 1e-3, "base \(base.startTime) \(base.duration)")
        let (b, d) = (-2 * a, 7 * c)
        let fit = try BezierFitting.fit(Recording(times: unit.times.map { a * $0 + b }, values: unit.values.map { c * $0 + d }))
        let label = "t → \(a)·t + \(b), y → \(c)·y + \(d)"
        for (x, y) in zip(fit.controlPoints, base.controlPoints) { #expect(abs(x - y) < 1e-6, "\(label): \(fit.controlPoints) vs \(base.controlPoints)") }
        #expect(Self.close(fit.duration, a * base.duration, 1e-6), "\(label): duration \(fit.duration) vs \(a) × \(base.duration)")
        #expect(Self.close(fit.startTime, a * base.startTime + b, 0, floor: 1e-6 * a), "\(label): start \(fit.startTime)")
        #expect(Self.close(fit.from, c * base.from + d, 0, floor: 1e-12 * abs(c) * 50), "\(label): from \(fit.from)")
        #expect(Self.close(fit.to, c * base.to + d, 0, floor: 1e-12 * abs(c) * 50), "\(label): to \(fit.to)")
        #expect(abs(fit.quality.r2 - base.quality.r2) < 1e-9, "\(label): r2 \(fit.quality.r2) vs \(base.quality.r2)")
    }

    static let bezierBase = Result { () throws -> (Recording, BezierFit) in
        let p = [0.42, 0.0, 0.58, 1.0]
        let times = (0..<97).map { Double($0) / 60 }
        let (start, duration, from, to) = (0.2, 1.0, 5.0, -45.0)
        let unit = Recording(times: times, values: try times.map {
            let x = min(max(($0 - start) / duration, 0), 1)
            return from + (to - from) * (try MotionCurvesTruth.y(p, x))
        })
        return (unit, try BezierFitting.fit(unit))
    }

    /// Extreme clocks: a step sampled at i·1e-300, and one at times ≈ 1e300, fit with the
    /// duration of the same step at unit scale, scaled, and R² of 1.
    @Test func extremeClocks() throws {
        let unit = Self.unitRecording(duration: 0.5, bounce: 0.3, v0: 0)
        let tiny = try SpringFitting.fit(Recording(times: unit.times.indices.map { Double($0) * 1e-300 }, values: unit.values))
        #expect(Self.close(Self.durationAndBounce(tiny.spring).duration, 0.5 * 120e-300, 1e-4), "\(tiny.spring)")
        #expect(tiny.quality.r2 > 0.999999)
        let huge = try SpringFitting.fit(Recording(times: unit.times.map { 1e300 + $0 * 1e298 }, values: unit.values))
        #expect(Self.close(Self.durationAndBounce(huge.spring).duration, 0.5 * 1e298, 1e-4), "\(huge.spring)")
        #expect(huge.quality.r2 > 0.999999)
    }

    /// Spans and steps beyond a double are errors that say so.
    @Test func unrepresentableDataIsAnError() {
        let unit = Self.unitRecording(duration: 0.5, bounce: 0.3, v0: 0)
        let n = unit.count
        let wideTimes = unit.times.indices.map { i in let f = Double(i) / Double(n - 1); return -1e308 * (1 - f) + 1e308 * f }
        let hugeValues = unit.values.map { ($0 - 110) / 100 * 1.5e308 }  // −1.5e308 → 1.5e308
        for recording in [Recording(times: wideTimes, values: unit.values), Recording(times: unit.times, values: hugeValues)] {
            #expect(recording.times.allSatisfy { $0.isFinite } && recording.values.allSatisfy { $0.isFinite })
            for fit in [{ _ = try SpringFitting.fit(recording) }, { _ = try BezierFitting.fit(recording) }] as [() throws -> Void] {
                #expect {
                    try fit()
                } throws: { error in
                    (error as? FitError)?.message.contains("overflows") == true
                }
            }
        }
        #expect(throws: FitError.self) { try SpringFitting.fit(Recording(times: unit.times.map { $0 == 0 ? .nan : $0 }, values: unit.values)) }
    }

    /// A recording that is no spring step still gets its best fit, and says that it is poor.
    @Test func poorFitIsReported() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func noise() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53) - 0.5
        }
        let times = (0..<200).map { Double($0) / 100 }
        let values = times.indices.map { i -> Double in
            let clean = times[i] < 1 ? 0.0 : 1.0
            return (10..<170).contains(i) ? clean + 6 * noise() : clean
        }
        let fit = try SpringFitting.fit(Recording(times: times, values: values))
        #expect(fit.quality.r2 < 0.5)
        #expect(fit.poorlyDetermined.contains { $0.contains("poor") && $0.contains("R²") }, "\(fit.poorlyDetermined)")
    }

    /// Uniform noise at 60 Hz (no step at all): the best spring is reported as no spring.
    @Test(arguments: [UInt64(12345), 1, 2, 3, 4, 5])
    func uniformNoiseIsNoSpring(seed: UInt64) throws {
        var state = seed
        let times = (0..<300).map { Double($0) / 60 }
        let values = times.map { _ -> Double in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return 100 * Double(state >> 11) / Double(1 << 53)
        }
        let fit = try SpringFitting.fit(Recording(times: times, values: values))
        #expect(fit.fitsPoorly, "step \(fit.to - fit.from) ± \(String(describing: fit.stepStandardError))")
        #expect(fit.warnings.contains { $0.contains("the spring describes no motion in it") }, "\(fit.warnings)")
    }

    /// A spring step under heavy noise, with a long settled tail: R² is low (≈ 0.3–0.65) but the
    /// step is many standard errors, so it is a spring step, and its duration is within its error.
    /// SwiftUI's Spring(duration: 0.4, bounce: 0.1) from rest, in closed form (λ = 2π·0.9/0.4).
    @Test(arguments: [(10.0, 60.0, 1.0), (3.0, 1000.0, 4.0), (1.5, 60.0, 3.0)])
    func noisySpringIsASpring(length: Double, rate: Double, sigma: Double) throws {
        let d = 0.4, lambda = 2 * Double.pi * 0.9 / d, w = ((2 * Double.pi / d) * (2 * Double.pi / d) - lambda * lambda).squareRoot()
        var state: UInt64 = 7
        func gaussian() -> Double {
            func uniform() -> Double {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return (Double(state >> 11) + 0.5) / Double(1 << 53)
            }
            return (-2 * Foundation.log(uniform())).squareRoot() * cos(2 * Double.pi * uniform())
        }
        let times = (0..<Int(length * rate)).map { Double($0) / rate }
        let values = times.map { t -> Double in
            let s = max(t - 0.1, 0)
            return 10 * (1 - exp(-lambda * s) * (cos(w * s) + lambda / w * sin(w * s))) + sigma * gaussian()
        }
        let fit = try SpringFitting.fit(Recording(times: times, values: values))
        #expect(!fit.fitsPoorly, "R² \(fit.quality.r2), step \(fit.to - fit.from) ± \(String(describing: fit.stepStandardError))")
        #expect(!fit.warnings.contains { $0.contains("does not look like a spring step") })
    }
}
