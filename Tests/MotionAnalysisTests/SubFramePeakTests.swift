import Foundation
import MotionIO
import MotionSprings
import PropertyBased
import Testing

@testable import MotionAnalysis

/// The exact peak time of an underdamped step from rest, derived on paper: for SwiftUI's
/// Spring(duration: d, bounce: b) (mass 1, stiffness ω₀² = (2π/d)², damping ratio ζ = 1 − b),
/// x(t) = 1 − e^(−ζω₀t)(cos ω_d t + ζω₀/ω_d · sin ω_d t) with ω_d = ω₀√(1 − ζ²) has
/// x′(t) = (ω₀²/ω_d)·e^(−ζω₀t)·sin ω_d t, whose first zero after 0 is t = π/ω_d: the first peak,
/// which is the largest (the envelope decays). Its value is 1 + e^(−ζπ/√(1 − ζ²)).
private func exactPeak(duration d: Double, bounce b: Double) -> (time: Double, value: Double) {
    let w0 = 2 * Double.pi / d, zeta = 1 - b
    let wd = w0 * (1 - zeta * zeta).squareRoot()
    return (Double.pi / wd, 1 + exp(-zeta * Double.pi / (1 - zeta * zeta).squareRoot()))
}

/// A capture at `rate` Hz from t = 0 of a spring step (0 → target) that starts at `delay`
/// (idle before it), `length` s long.
private func capture(_ spring: Spring, target: Double = 1, delay: Double, length: Double, rate: Double = 60) -> Recording {
    let count = Int((length * rate).rounded()) + 1
    let times = (0..<count).map { Double($0) / rate }
    return Recording(times: times, values: times.map { $0 <= delay ? 0 : spring.value(target: target, time: $0 - delay) })
}

@Suite("Sub-frame peak")
struct SubFramePeakTests {
    /// Spring(duration: 0.5, bounce: 0.3) starting half a frame after the 60 Hz frame at 2/60 s:
    /// the exact peak is at 2.5/60 + π/ω_d = 0.391737 s (ω_d = 4π·√0.51 rad/s, π/ω_d = 0.350070 s), midway between
    /// the frames at 0.38333 and 0.4 s; the highest sample is the one at 0.4 s. The sub-frame estimate is within 0.1 ms
    /// (measured 0.6 µs, against 8.3 ms for the highest sample) and its value within 1e-5 of the step (measured
    /// 2e-6, against 2.4e-4).
    @Test func peakOfAnUnderdampedStepBetweenFrames() throws {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        let exact = exactPeak(duration: 0.5, bounce: 0.3)
        let delay = 2.5 / 60
        let recording = capture(spring, delay: delay, length: 2)
        let m = try StepAnalysis.metrics(of: recording, onset: .firstSample)
        let highest = recording.values.indices.max { recording.values[$0] < recording.values[$1] }!
        let truth = delay + exact.time
        print("peak time: exact \(truth), highest sample \(recording.times[highest]) (error \((recording.times[highest] - truth) * 1000) ms), sub-frame \(m.peakTime) (error \((m.peakTime - truth) * 1000) ms); value error \(m.peakValue - exact.value) (highest sample's \(recording.values[highest] - exact.value))")
        #expect(abs(m.peakTime - truth) < 1e-4, "\(m.peakTime) vs \(truth)")
        #expect(abs(m.peakValue - exact.value) < 1e-5, "\(m.peakValue) vs \(exact.value)")
        #expect(abs(m.overshoot - 100 * (exact.value - 1)) < 1e-3)
    }

    /// Random underdamped springs (duration 0.25–1.2 s, bounce 0.05–0.8) started at a random
    /// sub-frame offset of a 60 Hz clock: the sub-frame peak time measured from the first sample
    /// is within a twentieth of a frame (0.83 ms) of delay + π/ω_d, and the peak value within
    /// 0.1 % of the step — no more than the exact peak plus that, so nothing is invented.
    @Test func peakTimeWithinAFractionOfAFrameOverRandomSpringsAndOffsets() async {
        await propertyCheck(count: 200, input: Gen.double(in: 0.25...1.2), Gen.double(in: 0.05...0.8), Gen.double(in: 0...1)) { d, b, phase in
            let delay = (3 + phase) / 60
            let spring = Spring(duration: d, bounce: b)
            let exact = exactPeak(duration: d, bounce: b)
            guard let m = try? StepAnalysis.metrics(of: capture(spring, delay: delay, length: delay + 4 * d), onset: .firstSample) else {
                Issue.record("d \(d) b \(b): no metrics"); return
            }
            #expect(abs(m.peakTime - (delay + exact.time)) <= 1.0 / 60 / 20, "d \(d) b \(b) phase \(phase): \(m.peakTime) vs \(delay + exact.time)")
            #expect(abs(m.peakValue - exact.value) <= 1e-3, "d \(d) b \(b) phase \(phase): \(m.peakValue) vs \(exact.value)")
        }
    }

    /// The worst errors over a grid of springs (duration 0.25–1.2 s, bounce 0.05–0.8) and ten offsets
    /// within a frame, printed for the record: the highest sample is up to 8.6 ms off the exact peak time,
    /// the sub-frame estimate 0.54 ms (the most damped, fastest springs, whose peak is flattest), the value 3.2e-4 of the step.
    @Test func worstPeakErrorsAt60Hz() throws {
        var worstTime = 0.0, worstSampleTime = 0.0, worstValue = 0.0
        for d in stride(from: 0.25, through: 1.2, by: 0.05) {
            for b in stride(from: 0.05, through: 0.8, by: 0.05) {
                for k in 0..<10 {
                    let delay = (3 + Double(k) / 10) / 60
                    let exact = exactPeak(duration: d, bounce: b)
                    let recording = capture(Spring(duration: d, bounce: b), delay: delay, length: delay + 4 * d)
                    let m = try StepAnalysis.metrics(of: recording, onset: .firstSample)
                    let highest = recording.values.indices.max { recording.values[$0] < recording.values[$1] }!
                    worstSampleTime = max(worstSampleTime, abs(recording.times[highest] - delay - exact.time))
                    worstTime = max(worstTime, abs(m.peakTime - delay - exact.time))
                    worstValue = max(worstValue, abs(m.peakValue - exact.value))
                }
            }
        }
        print("worst 60 Hz peak-time error: highest sample \(worstSampleTime * 1000) ms, sub-frame \(worstTime * 1000) ms; peak value \(worstValue)")
        #expect(worstTime < 1e-3)
    }
}
