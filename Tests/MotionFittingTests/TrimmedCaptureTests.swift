import Foundation
import MotionFitting
import MotionIO
import PropertyBased
import Testing

/// Issue 15, item 1: captures trimmed to the motion — the first sample is the start, the last the
/// end, with no rest around them — and the fits' choice between that reading and rest before or
/// after. Every truth here is a closed form written in this file: the bezier by bisection on x(s)
/// (``MotionCurvesTruth``), the spring by its under/critically/overdamped closed forms
/// (``SpringTruth``), never the library's own evaluation.
@Suite("Spring and bezier fits: trimmed captures")
struct TrimmedCaptureTests {
    static let ease = [0.25, 0.1, 0.25, 1.0]

    /// `count` samples from `start` to `end` inclusive (the last one exactly at `end`).
    static func grid(from start: Double, to end: Double, hz: Double) -> [Double] {
        let count = Int(((end - start) * hz).rounded())
        return (0...count).map { $0 == count ? end : start + Double($0) / hz }
    }

    /// A bezier transition from `from` to `to` over [start, start + duration], at rest outside.
    static func bezierValue(_ p: [Double], _ t: Double, start: Double, duration: Double, from: Double, to: Double) -> Double {
        let x = min(max((t - start) / duration, 0), 1)
        return from + (to - from) * (try! MotionCurvesTruth.y(p, x))
    }

    /// The largest |fit − truth| on a fine grid over [a, b].
    static func worstError(_ model: (Double) -> Double, _ truth: (Double) -> Double, over a: Double, _ b: Double) -> Double {
        (0...2000).map { i -> Double in
            let t = a + (b - a) * Double(i) / 2000
            return abs(model(t) - truth(t))
        }.max() ?? .infinity
    }

    // MARK: Timing curves

    /// The issue's case: CSS `ease` 0 → 300 px over 0.45 s, sampled at 60 and 120 Hz from t = 0 to
    /// t = 0.45 exactly. It was fitted as cubic-bezier(0.3534, −0.1851, 0.2496, 0.9662) from
    /// −0.056 s (R² 0.9999998, no warning). Noise-free: control points within 1e-4 and the motion
    /// within 0.01 px; with σ = 0.1 px noise: within 0.01 and 1 px. Either way the start within
    /// 1 ms, the duration within 1 %, and the reading "first sample" / "last sample".
    @Test(arguments: [60.0, 120.0], [0.0, 0.1])
    func trimmedEase(hz: Double, noise: Double) throws {
        let times = Self.grid(from: 0, to: 0.45, hz: hz)
        let truth = { (t: Double) in Self.bezierValue(Self.ease, t, start: 0, duration: 0.45, from: 0, to: 300) }
        var random = GaussianNoise(seed: UInt64(hz) + 7)
        let values = times.map { truth($0) + noise * random.next() }
        let fit = try BezierFitting.fit(Recording(times: times, values: values))
        let label = "\(hz) Hz, σ = \(noise): \(fit.controlPoints) from \(fit.startTime) over \(fit.duration); \(fit.warnings)"
        let pointTolerance = noise == 0 ? 1e-4 : 0.01
        for (fitted, true_) in zip(fit.controlPoints, Self.ease) { #expect(abs(fitted - true_) <= pointTolerance, "\(label)") }
        #expect(abs(fit.startTime) <= 0.001, "\(label)")
        #expect(abs(fit.duration / 0.45 - 1) <= 0.01, "\(label)")
        let worst = Self.worstError(fit.value(at:), truth, over: 0, 0.45)
        #expect(worst < (noise == 0 ? 0.01 : 1), "\(label): max error \(worst) px")
        #expect(fit.startAssumption == .firstSample && fit.endAssumption == .lastSample, "\(label): \(fit.startAssumption), \(fit.endAssumption)")
        #expect(fit.selection.candidates.first?.name == "start at the first sample, end at the last", "\(label)")
        if noise == 0 { #expect(fit.warnings.isEmpty, "\(label)") }
    }

    /// The issue's flat-end case: `ease` 0 → 300 over 0.3 s starting at the first sample, with rest
    /// recorded after it (to 0.5 s). It was fitted with y2 0.042 off and duration 0.286. Noise-free
    /// it comes back to 1e-4; the reading is "first sample" / "observed plateau".
    @Test(arguments: [60.0, 120.0])
    func flatEndEase(hz: Double) throws {
        let times = Self.grid(from: 0, to: 0.5, hz: hz)
        let truth = { (t: Double) in Self.bezierValue(Self.ease, t, start: 0, duration: 0.3, from: 0, to: 300) }
        let fit = try BezierFitting.fit(Recording(times: times, values: times.map(truth)))
        let label = "\(hz) Hz: \(fit.controlPoints) from \(fit.startTime) over \(fit.duration)"
        for (fitted, true_) in zip(fit.controlPoints, Self.ease) { #expect(abs(fitted - true_) <= 1e-4, "\(label)") }
        #expect(abs(fit.startTime) <= 0.001 && abs(fit.duration / 0.3 - 1) <= 0.01, "\(label)")
        #expect(Self.worstError(fit.value(at:), truth, over: 0, 0.5) < 0.01, "\(label)")
        #expect(fit.startAssumption == .firstSample && fit.endAssumption == .observedPlateau, "\(label)")
        #expect(fit.warnings.isEmpty, "\(label): \(fit.warnings)")
    }

    /// With σ = 0.1 px noise the flat end is data-limited: an ease arrives with zero slope, so
    /// stretching its end changes the samples only at second order, and y2 and the duration wander
    /// by about 0.02 and 2 % from seed to seed (scipy's optimum does the same). The motion itself
    /// stays within 1 px and the start within 1 ms; where y2 or the duration miss the issue's
    /// tolerances (0.01, 1 %), the fit must carry a warning (here: that a start fitted just after
    /// the first sample, with another curve, fits about as well — the data cannot tell).
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func flatEndEaseWithNoise(seed: UInt64) throws {
        let times = Self.grid(from: 0, to: 0.5, hz: 60)
        let truth = { (t: Double) in Self.bezierValue(Self.ease, t, start: 0, duration: 0.3, from: 0, to: 300) }
        var random = GaussianNoise(seed: seed)
        let fit = try BezierFitting.fit(Recording(times: times, values: times.map { truth($0) + 0.1 * random.next() }))
        let label = "seed \(seed): \(fit.controlPoints) from \(fit.startTime) over \(fit.duration); \(fit.warnings)"
        #expect(Self.worstError(fit.value(at:), truth, over: 0, 0.5) < 1, "\(label)")
        #expect(abs(fit.startTime) <= 0.001, "\(label)")
        #expect(fit.startAssumption == .firstSample && fit.endAssumption == .observedPlateau, "\(label)")
        let pointsOff = zip(fit.controlPoints, Self.ease).contains { abs($0 - $1) > 0.01 }
        if pointsOff || abs(fit.duration / 0.3 - 1) > 0.01 {
            #expect(!fit.warnings.isEmpty, "\(label)")
        }
    }

    /// Trimmed at the start only, or at the end only: the untrimmed side is read as a plateau.
    @Test func easeTrimmedAtOneEnd() throws {
        // Starts at the first sample, goes on after the last (recorded 0 … 0.3 of 0.45 s).
        let p = [0.42, 0.0, 0.58, 1.0]
        let early = Self.grid(from: 0, to: 0.3, hz: 120)
        let truth = { (t: Double) in Self.bezierValue(p, t, start: 0, duration: 0.45, from: 10, to: 110) }
        let fit = try BezierFitting.fit(Recording(times: early, values: early.map(truth)))
        // A piece of a bezier is a bezier: the recording is reproduced exactly by a curve ending at
        // the last sample, which is the simpler reading.
        #expect(fit.startAssumption == .firstSample && fit.endAssumption == .lastSample)
        #expect(Self.worstError(fit.value(at:), truth, over: 0, 0.3) < 1e-3, "\(fit.controlPoints)")
        // Rest before (0 … 0.1 s), trimmed at the end.
        let late = Self.grid(from: 0, to: 0.55, hz: 120)
        let truthLate = { (t: Double) in Self.bezierValue(p, t, start: 0.1, duration: 0.45, from: 10, to: 110) }
        let fitLate = try BezierFitting.fit(Recording(times: late, values: late.map(truthLate)))
        #expect(fitLate.startAssumption == .observedPlateau && fitLate.endAssumption == .lastSample)
        #expect(abs(fitLate.startTime - 0.1) <= 1e-4 && abs(fitLate.duration - 0.45) <= 1e-4, "\(fitLate.startTime) \(fitLate.duration)")
        for (fitted, true_) in zip(fitLate.controlPoints, p) { #expect(abs(fitted - true_) <= 1e-4, "\(fitLate.controlPoints)") }
    }

    /// A recording with rest before and after is read as plateaus on both sides, as before.
    @Test func untrimmedEaseReadsPlateaus() throws {
        let times = Self.grid(from: 0, to: 1, hz: 60)
        let truth = { (t: Double) in Self.bezierValue(Self.ease, t, start: 0.2, duration: 0.45, from: -20, to: 280) }
        let fit = try BezierFitting.fit(Recording(times: times, values: times.map(truth)))
        #expect(fit.startAssumption == .observedPlateau && fit.endAssumption == .observedPlateau)
        #expect(abs(fit.startTime - 0.2) <= 1e-5 && abs(fit.duration - 0.45) <= 1e-5, "\(fit.startTime) \(fit.duration)")
        for (fitted, true_) in zip(fit.controlPoints, Self.ease) { #expect(abs(fitted - true_) <= 1e-4) }
        #expect(fit.selection.evidence > 10, "\(fit.selection.evidence)")
        #expect(fit.warnings.isEmpty, "\(fit.warnings)")
    }

    /// A short segment that looks linear: every curve (a, a, b, b) is the straight line, so the
    /// data cannot tell — the fit says so instead of reporting a confident curve.
    @Test func linearLookingSegmentWarns() throws {
        let times = (0..<10).map { Double($0) / 100 }
        let fit = try BezierFitting.fit(Recording(times: times, values: times.map { 20 + 150 * $0 }))
        #expect(!fit.warnings.isEmpty)
        #expect(fit.quality.maxError < 1e-9)
        let spring = try SpringFitting.fit(Recording(times: times, values: times.map { 20 + 150 * $0 }))
        #expect(!spring.warnings.isEmpty, "\(spring.warnings) \(spring.poorlyDetermined)")
    }

    /// Random timing curves — x1, x2 in [0.05, 0.95], y1, y2 in [−0.3, 1.3], 0.2 … 1 s — trimmed
    /// to the motion at 60 Hz: the fitted curve reproduces every sample within 1e-3 of the step.
    /// 40 curves from a seeded generator (SplitMix64), the same on every run: a failure replays at
    /// once, where shrinking a fresh random one re-runs these debug-mode fits for many minutes.
    @Test func randomTrimmedEasesReproduceTheSamples() {
        var state: UInt64 = 20_261_123
        func uniform(_ range: ClosedRange<Double>) -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return range.lowerBound + (range.upperBound - range.lowerBound) * Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
        for _ in 0..<40 {
            let (x1, y1, x2, y2) = (uniform(0.05...0.95), uniform(-0.3...1.3), uniform(0.05...0.95), uniform(-0.3...1.3))
            let duration = uniform(0.2...1)
            let p = [x1, y1, x2, y2]
            let count = Int((duration * 60).rounded())
            let times = (0...count).map { Double($0) / Double(count) * duration }
            let values = times.map { Self.bezierValue(p, $0, start: 0, duration: duration, from: 0, to: 300) }
            guard let fit = try? BezierFitting.fit(Recording(times: times, values: values)) else {
                Issue.record("no fit for \(p) over \(duration) s")
                continue
            }
            let worst = zip(times, values).map { abs(fit.value(at: $0) - $1) }.max() ?? .infinity
            #expect(worst <= 1e-3 * 300, "\(p) over \(duration) s: fitted \(fit.controlPoints) from \(fit.startTime) over \(fit.duration), worst \(worst)")
        }
    }

    // MARK: Springs

    /// A spring released at rest exactly at the first sample (t = 0), recorded until it has
    /// settled (1 s) or cut while still moving (0.35 s): it was fitted from 0.013 s before the
    /// recording with a large made-up initial velocity. Start within 1 ms (noise-free: exactly
    /// the first sample), duration within 1 %, motion within 0.01 px (σ = 0.1 px: 1 px), at rest.
    @Test(arguments: [(0.5, 0.3), (0.4, 0.0), (0.6, -0.4)], [0.0, 0.1])
    func springTrimmedAtTheStart(shape: (duration: Double, bounce: Double), noise: Double) throws {
        for end in [1.0, 0.35] {
            let times = Self.grid(from: 0, to: end, hz: 60)
            let truth = { (t: Double) in t <= 0 ? 0 : 300 * SpringTruth.step(duration: shape.duration, bounce: shape.bounce, time: t) }
            var random = GaussianNoise(seed: 11)
            let fit = try SpringFitting.fit(Recording(times: times, values: times.map { truth($0) + noise * random.next() }))
            let label = "\(shape) to \(end) s, σ = \(noise): \(fit.spring.duration), \(fit.spring.bounce) from \(fit.startTime) v0 \(fit.initialVelocity); \(fit.warnings)"
            #expect(abs(fit.startTime) <= (noise == 0 ? 1e-9 : 0.001), "\(label)")
            #expect(abs(fit.spring.duration / shape.duration - 1) <= 0.01, "\(label)")
            #expect(abs(fit.spring.bounce - shape.bounce) <= (noise == 0 ? 1e-4 : 0.02), "\(label)")
            #expect(Self.worstError(fit.value(at:), truth, over: 0, end) < (noise == 0 ? 0.01 : 1), "\(label)")
            #expect(fit.startAssumption == .firstSample && !fit.initialVelocityFitted && fit.initialVelocity == 0, "\(label)")
            // Settled: the truth stays within 2 % of the step before the last sample.
            let settled = (0...4000).allSatisfy { i in
                let t = end * (1 - 0.25 * Double(i) / 4000)
                return abs(truth(t) - 300) <= 6
            }
            #expect(fit.endAssumption == (settled ? .observedPlateau : .fittedAfterRecording), "\(label): \(fit.endAssumption)")
            if noise == 0 { #expect(fit.warnings.isEmpty, "\(label)") }
        }
    }

    /// Rest before (0 … 0.1 s), then the recording stops while the spring is still moving: the
    /// start is read off the plateau and the target extrapolated.
    @Test(arguments: [0.0, 0.1])
    func springTrimmedAtTheEnd(noise: Double) throws {
        let times = Self.grid(from: 0, to: 0.4, hz: 60)
        let truth = { (t: Double) in t <= 0.1 ? 20 : 20 + 300 * SpringTruth.step(duration: 0.5, bounce: 0.3, time: t - 0.1) }
        var random = GaussianNoise(seed: 5)
        let fit = try SpringFitting.fit(Recording(times: times, values: times.map { truth($0) + noise * random.next() }))
        let label = "σ = \(noise): \(fit.spring.duration), \(fit.spring.bounce) from \(fit.startTime) to \(fit.to); \(fit.warnings)"
        #expect(abs(fit.startTime - 0.1) <= 0.001, "\(label)")
        #expect(abs(fit.spring.duration / 0.5 - 1) <= 0.01, "\(label)")
        #expect(Self.worstError(fit.value(at:), truth, over: 0, 0.4) < (noise == 0 ? 0.01 : 1), "\(label)")
        #expect(fit.startAssumption == .observedPlateau && fit.endAssumption == .fittedAfterRecording, "\(label)")
        #expect(!fit.initialVelocityFitted, "\(label)")
    }

    /// A spring released 30 ms before the recording began: at the first sample it is already
    /// moving. "At rest before the recording" and "moving at the first sample" describe the same
    /// samples exactly, so the fit prefers the start at rest, and warns that it cannot tell.
    @Test func springStartedBeforeTheRecording() throws {
        let times = Self.grid(from: 0, to: 1, hz: 60)
        let truth = { (t: Double) in 300 * SpringTruth.step(duration: 0.5, bounce: 0.3, time: t + 0.03) }
        let fit = try SpringFitting.fit(Recording(times: times, values: times.map(truth)))
        #expect(fit.startAssumption == .fittedBeforeRecording && !fit.initialVelocityFitted)
        #expect(abs(fit.startTime + 0.03) <= 1e-6 && abs(fit.spring.duration - 0.5) <= 1e-6, "\(fit.startTime) \(fit.spring.duration)")
        #expect(fit.warnings.contains { $0.contains("cannot tell") && $0.contains("fitted velocity") }, "\(fit.warnings)")
    }

    /// A recording with rest before, a fling and the settled end keeps the fitted velocity.
    @Test func flingKeepsItsVelocity() throws {
        let times = Self.grid(from: 0, to: 1, hz: 120)
        let truth = { (t: Double) -> Double in
            t <= 0.08 ? 0 : 240 * SpringTruth.step(duration: 0.35, bounce: 0.15, time: t - 0.08)
                + 1500 * SpringTruth.kick(duration: 0.35, bounce: 0.15, time: t - 0.08)
        }
        let fit = try SpringFitting.fit(Recording(times: times, values: times.map(truth)))
        #expect(fit.initialVelocityFitted && abs(fit.initialVelocity - 1500) <= 1e-3, "\(fit.initialVelocity)")
        #expect(fit.startAssumption == .observedPlateau && fit.endAssumption == .observedPlateau)
        #expect(abs(fit.startTime - 0.08) <= 1e-6)
        #expect(fit.selection.evidence > 10 && fit.warnings.isEmpty, "\(fit.selection.evidence) \(fit.warnings)")
    }
}

/// A damped spring's closed forms (SwiftUI's `Spring(duration:bounce:)`: unit mass,
/// ω0 = 2π/duration, ζ = 1 − bounce for bounce ≥ 0 and 1/(1 + bounce) below), written out here
/// as the truth.
enum SpringTruth {
    static func parameters(_ duration: Double, _ bounce: Double) -> (omega0: Double, zeta: Double) {
        (2 * .pi / duration, bounce >= 0 ? 1 - bounce : 1 / (1 + bounce))
    }

    /// The motion from 0 at rest towards 1.
    static func step(duration: Double, bounce: Double, time t: Double) -> Double {
        guard t > 0 else { return 0 }
        let (w0, z) = parameters(duration, bounce)
        let lambda = z * w0
        if z < 1 {
            let w = w0 * (1 - z * z).squareRoot()
            return 1 - exp(-lambda * t) * (cos(w * t) + lambda / w * sin(w * t))
        } else if z == 1 {
            return 1 - exp(-w0 * t) * (1 + w0 * t)
        } else {
            let s = w0 * (z * z - 1).squareRoot()
            let (r1, r2) = (-lambda + s, -lambda - s)
            return 1 - (r2 * exp(r1 * t) - r1 * exp(r2 * t)) / (r2 - r1)
        }
    }

    /// The motion from 0 at the target with unit initial velocity.
    static func kick(duration: Double, bounce: Double, time t: Double) -> Double {
        guard t > 0 else { return 0 }
        let (w0, z) = parameters(duration, bounce)
        let lambda = z * w0
        if z < 1 {
            let w = w0 * (1 - z * z).squareRoot()
            return exp(-lambda * t) * sin(w * t) / w
        } else if z == 1 {
            return t * exp(-w0 * t)
        } else {
            let s = w0 * (z * z - 1).squareRoot()
            let (r1, r2) = (-lambda + s, -lambda - s)
            return (exp(r1 * t) - exp(r2 * t)) / (r1 - r2)
        }
    }
}

/// Deterministic standard normal noise (a 64-bit LCG through Box–Muller).
struct GaussianNoise {
    var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1 }
    mutating func uniform() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return (Double(state >> 11) + 0.5) / Double(1 << 53)
    }
    mutating func next() -> Double {
        (-2 * log(uniform())).squareRoot() * cos(2 * .pi * uniform())
    }
}
