import Foundation
import MotionIO
import MotionSprings
import PropertyBased
import Testing

@testable import MotionAnalysis

/// Metrics are equivariant under t → a·t + b and y → c·y + d at any scale a double holds: times
/// (settling, rise, peak) scale by |a|, the start moves to b, values map through c·y + d, the peak
/// excursion scales by |c| and the percentages do not change. The interpolant is built in normalised
/// coordinates, so none of its h², h³ or coefficients can overflow or underflow.
@Suite("Step metrics: time and value scales", .shrinking(false))
struct StepScaleTests {
    /// A 60 Hz recording of a spring step from 0 to 1, long enough to settle to 1e-9.
    static func base(duration d: Double, bounce b: Double, velocity v0: Double) -> Recording {
        let spring = Spring(duration: d, bounce: b)
        let length = spring.exactSettlingTime(target: 1, initialVelocity: v0, epsilon: 1e-9) + 0.5
        let count = Int((length * 60).rounded(.up)) + 1
        let times = (0..<count).map { Double($0) / 60 }
        return Recording(times: times, values: times.map { spring.value(target: 1, initialVelocity: v0, time: $0) })
    }

    static func mapped(_ r: Recording, a: Double, b: Double, c: Double, d: Double) -> Recording {
        Recording(times: r.times.map { a * $0 + b }, values: r.values.map { c * $0 + d })
    }

    static func close(_ x: Double, _ y: Double, relative: Double, floor: Double = 0) -> Bool {
        x == y || abs(x - y) <= relative * max(abs(x), abs(y)) + floor
    }

    /// Checks the metrics of the mapped recording against those of the original.
    static func checkEquivariance(_ m: StepMetrics, _ n: StepMetrics, a: Double, b: Double, c: Double, d: Double,
                                  tolerance: Double = 1e-9, label: String) {
        // Every result is finite, or a documented +∞ settling time.
        for (name, x) in [("rise", n.riseTime), ("peak", n.peak), ("peakTime", n.peakTime), ("overshoot", n.overshoot),
                          ("undershoot", n.undershoot), ("riseStart", n.riseStart), ("riseEnd", n.riseEnd), ("peakValue", n.peakValue)] {
            #expect(x.isFinite, "\(label): \(name) = \(x)")
        }
        #expect(n.settlingTime.isFinite || n.settlingTime == .infinity, "\(label): settling \(n.settlingTime)")
        #expect(n.startTime == b, "\(label): start \(n.startTime)")
        // Times: ×a (a > 0); to `tolerance` relative to the original metric.
        // The settling time is the band's last crossing, which can be nearly tangent (a peak that
        // just touches the band): there the rounding of the mapped samples (offsets of up to a
        // hundred spans and steps, ~1e-14 of the step) moves it by more, as it does the peak time.
        #expect(close(n.settlingTime / a, m.settlingTime, relative: 1e2 * tolerance), "\(label): settling \(n.settlingTime) vs \(a) × \(m.settlingTime)")
        #expect(close(n.riseTime / a, m.riseTime, relative: tolerance), "\(label): rise \(n.riseTime) vs \(a) × \(m.riseTime)")
        #expect(close(n.riseStart / a, m.riseStart, relative: tolerance, floor: tolerance * m.riseEnd), "\(label): riseStart \(n.riseStart) vs \(a) × \(m.riseStart)")
        #expect(close(n.riseEnd / a, m.riseEnd, relative: tolerance), "\(label): riseEnd \(n.riseEnd) vs \(a) × \(m.riseEnd)")
        // A peak time is well defined only where the peak stands out of the settled tail.
        if m.overshoot > 0.05 {
            #expect(close(n.peakTime / a, m.peakTime, relative: 1e3 * tolerance), "\(label): peakTime \(n.peakTime) vs \(a) × \(m.peakTime)")
        }
        // Percentages are invariant; values map through c·y + d.
        #expect(close(n.overshoot, m.overshoot, relative: 0, floor: 1e2 * tolerance), "\(label): overshoot \(n.overshoot) vs \(m.overshoot)")
        #expect(close(n.undershoot, m.undershoot, relative: 0, floor: 1e2 * tolerance), "\(label): undershoot \(n.undershoot) vs \(m.undershoot)")
        let valueScale = abs(c) + abs(d)
        #expect(n.initialValue == c * m.initialValue + d, "\(label): initial \(n.initialValue)")
        // The final value is one tail sample (or the median of two): which one can depend on the
        // rounding of c·y + d where the tail is flat to ~1e-13 of the step — immaterial here.
        #expect(close(n.finalValue, c * m.finalValue + d, relative: 0, floor: tolerance * valueScale), "\(label): final \(n.finalValue)")
        #expect(close(n.peak, abs(c) * m.peak, relative: 0, floor: tolerance * valueScale), "\(label): peak \(n.peak) vs |\(c)| × \(m.peak)")
        #expect(close(n.peakValue, c * m.peakValue + d, relative: 0, floor: tolerance * valueScale), "\(label): peakValue \(n.peakValue)")
    }

    /// Property test: a 60 Hz spring step mapped by t → a·t + b, y → c·y + d with a and |c| drawn
    /// from 1e-300 … 1e300 (c of either sign), b and d within a hundred spans and steps.
    @Test func metricsScaleWithTimeAndValue() async throws {
        await propertyCheck(count: 80, input: Gen.double(in: 0.3...1.2), Gen.double(in: -0.6...0.8), Gen.double(in: -3...3),
                            Gen.double(in: -300...300), Gen.double(in: -100...100), Gen.double(in: -300...300),
                            Gen.double(in: -100...100), Gen.bool) { duration, bounce, v0, timeExponent, shift, valueExponent, offset, negative in
            let recording = Self.base(duration: duration, bounce: bounce, velocity: v0)
            let a = pow(10, timeExponent), b = a * shift
            let c = (negative ? -1 : 1) * pow(10, valueExponent), d = c * offset
            let m = try! StepAnalysis.metrics(of: recording)
            let label = "Spring(duration: \(duration), bounce: \(bounce)) v0 \(v0); t → \(a)·t + \(b), y → \(c)·y + \(d)"
            do {
                let n = try StepAnalysis.metrics(of: Self.mapped(recording, a: a, b: b, c: c, d: d))
                Self.checkEquivariance(m, n, a: a, b: b, c: c, d: d, label: label)
            } catch {
                Issue.record("\(label): \(error)")
            }
        }
    }

    /// The extremes on a grid: time scales 1e-300 … 1e300 against value scales ±1e-300 … ±1e300.
    @Test(arguments: [1e-300, 1e-150, 1e-6, 1, 1e6, 1e150, 1e300])
    func gridOfScales(timeScale a: Double) throws {
        let springs: [(Double, Double, Double)] = [(0.5, 0.3, 0), (0.8, -0.4, 0), (0.4, 0.6, -2), (1.0, 0, 1)]
        for (duration, bounce, v0) in springs {
            let recording = Self.base(duration: duration, bounce: bounce, velocity: v0)
            let m = try StepAnalysis.metrics(of: recording)
            for c in [1e-300, -1e-300, 1e-100, -1e-6, 1, -1, 1e6, 1e100, -1e300, 1e300] {
                for (shift, offset) in [(0.0, 0.0), (-7.5, 3.25)] {
                    let (b, d) = (a * shift, c * offset)
                    let label = "Spring(duration: \(duration), bounce: \(bounce)) v0 \(v0); t → \(a)·t + \(b), y → \(c)·y + \(d)"
                    let n = try StepAnalysis.metrics(of: Self.mapped(recording, a: a, b: b, c: c, d: d))
                    Self.checkEquivariance(m, n, a: a, b: b, c: c, d: d, label: label)
                }
            }
        }
    }

    /// A huge clock with an offset: a damped step sampled at t = 1e300 + i·1e290 (18 % overshoot)
    /// has the metrics of the same step at t = i/60, to the input's own rounding
    /// (ulp(1e300)/1e290 ≈ 1e-14 of a frame … of the span).
    @Test func hugeClockWithOffset() throws {
        let recording = Self.base(duration: 0.5, bounce: 0.45, velocity: 0)
        let m = try StepAnalysis.metrics(of: recording)
        let times = recording.times.indices.map { 1e300 + Double($0) * 1e290 }
        let n = try StepAnalysis.metrics(of: Recording(times: times, values: recording.values))
        #expect(m.overshoot > 10)
        #expect(n.settlingTime > n.peakTime, "settling \(n.settlingTime) before the peak \(n.peakTime)")
        Self.checkEquivariance(m, n, a: 60e290, b: 1e300, c: 1, d: 0, tolerance: 1e-6, label: "t = 1e300 + i·1e290")
    }

    /// t = i·1e-300: settling and rise were 0 (h·h underflowed).
    @Test func tinyClock() throws {
        let recording = Self.base(duration: 0.5, bounce: 0.3, velocity: 0)
        let m = try StepAnalysis.metrics(of: recording)
        let times = recording.times.indices.map { Double($0) * 1e-300 }
        let n = try StepAnalysis.metrics(of: Recording(times: times, values: recording.values))
        #expect(n.settlingTime > 0 && n.riseTime > 0)
        Self.checkEquivariance(m, n, a: 60e-300, b: 0, c: 1, d: 0, label: "t = i·1e-300")
    }

    /// Values near ±1e308: the step itself overflows. That is an error naming the problem, not
    /// riseTime null and peak ∞ with success.
    @Test func overflowingStepIsAnError() {
        let recording = Self.base(duration: 0.5, bounce: 0.3, velocity: 0)
        let values = recording.values.map { -1e308 + 2 * $0 * 1e308 }  // −1e308 → 1e308 (±∞ past it)
        let clipped = values.map { min(max($0, -Double.greatestFiniteMagnitude), Double.greatestFiniteMagnitude) }
        #expect {
            try StepAnalysis.metrics(of: Recording(times: recording.times, values: clipped))
        } throws: { error in
            guard let error = error as? StepAnalysisError else { return false }
            return error.reason == .invalidSamples && error.description.contains("overflows")
        }
        // A finite step (1.75e308) whose overshoot takes the excursion past the largest double is an error too.
        let overshooting = recording.values.map { ($0 - 1 / 1.75) * 1.75e308 }  // −1e308 → 0.75e308
        #expect(overshooting.allSatisfy { $0.isFinite })
        #expect {
            try StepAnalysis.metrics(of: Recording(times: recording.times, values: overshooting))
        } throws: { error in
            (error as? StepAnalysisError)?.reason == .invalidSamples
        }
    }

    /// Times 1e308 apart: the span overflows; an error naming it.
    @Test func overflowingSpanIsAnError() {
        let recording = Self.base(duration: 0.5, bounce: 0.3, velocity: 0)
        let n = recording.times.count
        let times = recording.times.indices.map { i in let f = Double(i) / Double(n - 1); return -1e308 * (1 - f) + 1e308 * f }
        #expect(times.allSatisfy { $0.isFinite })
        #expect {
            try StepAnalysis.metrics(of: Recording(times: times, values: recording.values))
        } throws: { error in
            guard let error = error as? StepAnalysisError else { return false }
            return error.reason == .invalidSamples && error.description.contains("span overflows")
        }
    }
}
