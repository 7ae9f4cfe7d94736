import Foundation
import MotionIO
import MotionNumerics
import MotionSprings
import PropertyBased
import Testing

@testable import MotionAnalysis

/// A 60 Hz capture: `idle` frames at the rest value `from`, then the spring's step from `from`
/// to `to` starting `phase` of a frame after the last idle frame, `length` s of motion; with
/// Gaussian noise of σ = `noise` on every sample, the motion's samples drawing the same deviates
/// whatever the idle prefix (so that only the prefix differs).
private func idleCapture(_ spring: Spring, from: Double = 100, to: Double = 400, idle: Int, phase: Double,
                         length: Double, noise: Double = 0, seed: UInt64 = 1) -> Recording {
    let h = 1.0 / 60
    var idleNoise = Gaussian(seed: seed &+ 7_777), motionNoise = Gaussian(seed: seed)
    var times: [Double] = [], values: [Double] = []
    for k in 0..<idle {
        times.append(Double(k) * h)
        values.append(from + noise * idleNoise.next())
    }
    let frames = Int((length / h).rounded())
    for k in 0...frames {
        let t = Double(k) * h  // time since the last idle frame (or the first sample)
        let s = t - phase * h   // time since the motion's onset
        times.append(Double(idle) * h + t)
        values.append((s <= 0 ? from : spring.value(fromValue: from, toValue: to, time: s)) + noise * motionNoise.next())
    }
    return Recording(times: times, values: values)
}

/// Whether an extremum of the spring's step response is within `margin` of the edge of the 2 %
/// band, where the settling time is ill-conditioned (it jumps by half a period as noise lifts the
/// extremum across the edge). The k-th extremum of an underdamped step from rest is
/// 1 ± e^(−kζπ/√(1 − ζ²)) (ζ = 1 − bounce), at t = kπ/ω_d — derived on paper.
private func extremumNearBandEdge(bounce b: Double, margin: Double = 0.006) -> Bool {
    guard b > 0 else { return false }
    let zeta = 1 - b
    let ratio = exp(-zeta * Double.pi / (1 - zeta * zeta).squareRoot())
    var excursion = ratio
    while excursion > 0.02 - margin {
        if abs(excursion - 0.02) < margin { return true }
        excursion *= ratio
    }
    return false
}

@Suite("Onset", .shrinking(false))
struct OnsetTests {
    /// Fifteen idle frames before a capture's motion: measured from the first sample the settling
    /// time grows by the quarter second of idle frames; measured from the onset (the default) it
    /// is the motion's own. Spring(duration: 0.4, bounce: 0.15), 100 → 400, starting a third of a
    /// frame after a frame: onset at 15.33/60 = 0.25556 s.
    @Test func idleFramesDoNotMoveTheSettlingTime() throws {
        let spring = Spring(duration: 0.4, bounce: 0.15)
        let plain = try StepAnalysis.metrics(of: idleCapture(spring, idle: 0, phase: 1.0 / 3, length: 1.5))
        let idle = try StepAnalysis.metrics(of: idleCapture(spring, idle: 15, phase: 1.0 / 3, length: 1.5))
        let fromFirst = try StepAnalysis.metrics(of: idleCapture(spring, idle: 15, phase: 1.0 / 3, length: 1.5), onset: .firstSample)
        let exactSettling = spring.exactSettlingTime(target: 300, initialVelocity: 0, epsilon: 0.02 * 300)
        let trueOnset = 15.0 / 60 + 1.0 / 180
        print("settling: no idle \(plain.settlingTime), 15 idle \(idle.settlingTime) (onset \(idle.onsetTime), truth \(trueOnset)), from the first sample \(fromFirst.settlingTime); exact \(exactSettling)")
        #expect(abs(idle.onsetTime - trueOnset) <= 0.1 / 60)
        #expect(abs(idle.settlingTime - plain.settlingTime) <= 1e-9)
        #expect(abs(idle.settlingTime - exactSettling) <= 0.1 / 60)
        #expect(abs(fromFirst.settlingTime - (idle.settlingTime + idle.onsetTime)) <= 1e-9)
        #expect(fromFirst.startTime == 0 && idle.startTime == 0 && idle.timeOrigin == idle.onsetTime && fromFirst.timeOrigin == 0)
        #expect(fromFirst.onsetTime == idle.onsetTime && fromFirst.onset == .firstSample)
    }

    /// The onset of springs leaving rest between two frames is within a fifth of a frame of the
    /// truth over springs of duration 0.2–1.2 s, bounce −0.5…0.8 and the position of the onset
    /// within the frame (measured worst 0.18 frame, 3.0 ms, for the fastest overdamped spring,
    /// whose start is least like a parabola in √(y − rest); printed).
    @Test func onsetOfSpringsWithinAFifthOfAFrame() throws {
        var worst = (error: 0.0, label: "")
        for d in stride(from: 0.2, through: 1.2, by: 0.1) {
            for b in stride(from: -0.5, through: 0.8, by: 0.1) {
                for k in 0..<10 {
                    let phase = Double(k) / 10
                    let m = try StepAnalysis.metrics(of: idleCapture(Spring(duration: d, bounce: b), idle: 5, phase: phase, length: 3))
                    let error = abs(m.onsetTime - (5 + phase) / 60)
                    if error > worst.error { worst = (error, "d \(d) b \(b) phase \(phase)") }
                }
            }
        }
        print("worst onset error at 60 Hz: \(worst.error * 1000) ms = \(worst.error * 60) frame (\(worst.label))")
        #expect(worst.error <= 0.2 / 60, "\(worst.label)")
    }

    /// Noisy captures (σ = 0.1 % of the step) of springs that broke the onset before, each against
    /// the true onset, with and without idle frames before the motion:
    /// - d 0.94, b −0.29 (overdamped): its start bends within three frames, so a line through
    ///   √d put the onset 1.3 frames late without idle frames and 0.8 frame early with 12;
    /// - d 0.31, b 0.35 on 62 samples: the noise was estimated at 0.4 σ (the least of nineteen
    ///   orders' estimates), and with 18 idle frames the first idle sample was the "departure",
    ///   18 frames early.
    @Test(arguments: [(0.9408688276051611, -0.28848996067008664, 0.8842626862624474, 12, UInt64(488_031)),
                      (0.3140862575836818, 0.3496310004421194, 0.913511251463706, 18, UInt64(666_308))])
    func noisyOnsetsThatWentWrong(d: Double, b: Double, phase: Double, idle: Int, seed: UInt64) throws {
        let spring = Spring(duration: d, bounce: b)
        let length = spring.exactSettlingTime(target: 1, initialVelocity: 0, epsilon: 0.001) + 0.5
        for frames in [0, idle] {
            let m = try StepAnalysis.metrics(of: idleCapture(spring, idle: frames, phase: phase, length: length, noise: 0.3, seed: seed))
            let error = (m.onsetTime - (Double(frames) + phase) / 60) * 60
            print("d \(d) b \(b), \(frames) idle frames: onset \(error) frame from the truth, noise \(m.noise)")
            #expect(abs(error) <= 0.6, "\(frames) idle frames: onset \(error) frame from the truth")
            #expect(m.noise > 0.15 && m.noise < 0.45, "noise \(m.noise) for σ 0.3")
        }
    }

    /// Clean captures stay clean whatever the idle prefix: their noise estimate reaches the
    /// rounding of the samples at some order, though the estimates of a fast spring can stop
    /// falling for an order or two first (which once ended the search and smoothed this capture:
    /// 87 in 2000 clean springs of 0.2–0.35 s at 60 Hz, by a numpy port of the estimator).
    @Test(arguments: [(0.2225, 0.1326, 0.669, 19)])
    func cleanCapturesStayClean(d: Double, b: Double, phase: Double, idle: Int) throws {
        let spring = Spring(duration: d, bounce: b)
        let length = spring.exactSettlingTime(target: 1, initialVelocity: 0, epsilon: 0.001) + 0.5
        let plain = try StepAnalysis.metrics(of: idleCapture(spring, idle: 0, phase: phase, length: length))
        let prefixed = try StepAnalysis.metrics(of: idleCapture(spring, idle: idle, phase: phase, length: length))
        #expect(plain.method == .interpolated && prefixed.method == .interpolated)
        #expect(abs(prefixed.settlingTime - plain.settlingTime) <= 1e-9, "settling \(prefixed.settlingTime) vs \(plain.settlingTime)")
    }

    /// The same over 200 fixed draws of fast clean springs (0.2–0.35 s, bounce −0.3…0.7, 0–30 idle
    /// frames at 60 Hz), where the estimates most often stop falling before they reach the rounding.
    @Test func fastCleanSpringsAreClean() throws {
        var draw = SplitMix64(seed: 11)
        for _ in 0..<200 {
            let d: Double = 0.2 + 0.15 * draw.unit()
            let b: Double = -0.3 + draw.unit()
            let phase: Double = draw.unit()
            let idle = Int(draw.unit() * 31)
            let spring = Spring(duration: d, bounce: b)
            let length = spring.exactSettlingTime(target: 1, initialVelocity: 0, epsilon: 0.001) + 0.5
            let m = try StepAnalysis.metrics(of: idleCapture(spring, idle: idle, phase: phase, length: length))
            #expect(m.method == .interpolated, "d \(d) b \(b) phase \(phase) idle \(idle): noise \(m.noise)")
        }
    }

    /// A start as flat as s⁴ (an ease-in quart) hides in noise of 0.1 % of the step for frames, so
    /// its onset is late; it is never put before the motion's first frames. (A fit through √d that
    /// met 0 only after the first departing sample once put it at the first sample of the
    /// recording, up to 27 frames early.)
    @Test func flatStartsAreNotPutAtTheFirstSample() throws {
        var draw = SplitMix64(seed: 4)
        var noise = Gaussian(seed: 5)
        var earliest = Double.infinity
        for _ in 0..<200 {
            let idle = 5 + Int(draw.unit() * 26)
            let phase: Double = draw.unit()
            let duration: Double = 0.2 + 0.8 * draw.unit()
            let onset = (Double(idle) + phase) / 60
            let count = idle + Int(((duration + 0.5) * 60).rounded())
            let times = (0..<count).map { Double($0) / 60 }
            let values = times.map { t -> Double in
                let x = min(max((t - onset) / duration, 0), 1)
                return 300 * x * x * x * x + 0.3 * noise.next()
            }
            let m = try StepAnalysis.metrics(of: Recording(times: times, values: values))
            earliest = min(earliest, (m.onsetTime - onset) * 60)
        }
        print("ease-in quart under noise: earliest onset \(earliest) frames from the truth")
        #expect(earliest >= -3, "an onset \(earliest) frames early")
    }

    /// The noisy onset against the truth over 400 fixed draws of the property below (springs of
    /// duration 0.3–1 s and bounce −0.3…0.7, the onset anywhere in a frame, 0–30 idle frames,
    /// σ = 0.1 % of the step): the quantiles printed are the ones the documentation quotes.
    @Test func noisyOnsetAccuracy() throws {
        var draw = SplitMix64(seed: 2026)
        var errors: [Double] = []
        for _ in 0..<400 {
            let d: Double = 0.3 + 0.7 * draw.unit()
            let b: Double = -0.3 + draw.unit()
            let phase: Double = draw.unit()
            let idle = Int(draw.unit() * 31)
            let seed = UInt64(draw.unit() * 1_000_000)
            let spring = Spring(duration: d, bounce: b)
            let length = spring.exactSettlingTime(target: 1, initialVelocity: 0, epsilon: 0.001) + 0.5
            let m = try StepAnalysis.metrics(of: idleCapture(spring, idle: idle, phase: phase, length: length, noise: 0.3, seed: seed))
            errors.append(abs(m.onsetTime - (Double(idle) + phase) / 60) * 60)
        }
        errors.sort()
        let median: Double = errors[errors.count / 2]
        let p95: Double = errors[Int(0.95 * Double(errors.count - 1))]
        let worst: Double = errors[errors.count - 1]
        print("noisy onset against the truth, in frames: median \(median), 95th percentile \(p95), worst \(worst)")
        #expect(median <= 0.15 && p95 <= 0.6 && worst <= 1.25, "median \(median), 95th percentile \(p95), worst \(worst)")
    }

    /// No idle frame: the onset is the first sample (the motion leaves it at once), and the times
    /// are python-control's.
    @Test func noIdleFramesIsTheFirstSample() throws {
        let spring = Spring(duration: 0.5, bounce: 0.2)
        let recording = idleCapture(spring, idle: 0, phase: 0, length: 2)
        let detected = try StepAnalysis.metrics(of: recording)
        let first = try StepAnalysis.metrics(of: recording, onset: .firstSample)
        #expect(detected.onsetTime == 0)
        #expect(detected.settlingTime == first.settlingTime && detected.riseTime == first.riseTime && detected.peakTime == first.peakTime)
    }

    /// Property: 0–30 idle frames before the same motion (any spring, onset anywhere in a frame,
    /// clean or with noise of 0.1 % of the step) change the settling, rise and peak times measured
    /// from the onset by a fraction of a frame. Clean: a fiftieth of a frame (the prefix
    /// shifts the samples by whole frames; measured ≤ 1e-9 s). Noisy: the onset is known only to
    /// the noise — without idle frames the rest level is one noisy sample — and a slow approach to
    /// the band edge moves with the smoother, so times from the onset usually move by a fraction
    /// of a frame and, rarely, by more (the onset, measured over 3000 draws: median 0.03, 95th
    /// percentile 0.15, worst 0.80 frame; two frames are asserted, which a line through an
    /// overdamped spring's √d exceeded once in 24,000 draws and a noise estimate of 0.4 σ by 18
    /// frames), while the rise time, a difference of two crossings, moves by a quarter of a
    /// frame. Against the true onset the noisy estimate is off by 0.08 frame (median over the same
    /// draws; 95th percentile 0.34, worst 0.91; `noisyOnsetAccuracy` asserts it). A noisy
    /// peak's time is checked only where the overshoot is well above the noise (a small one drowns),
    /// and noisy springs with an extremum within 0.6 % of the step from the band's edge are
    /// skipped: there the settling time of one capture is ill-conditioned, prefix or not. Clean
    /// springs with one within 0.15 % keep every check but the settling time's (4 % of clean draws).
    @Test func timesFromTheOnsetAreInvariantToIdlePrefixes() async {
        await propertyCheck(count: 150, input: Gen.double(in: 0.3...1.0), Gen.double(in: -0.3...0.7), Gen.double(in: 0...1),
                            Gen.int(in: 0...30), Gen.bool, Gen.int(in: 0...1_000_000)) { d, b, phase, idle, noisy, seed in
            let spring = Spring(duration: d, bounce: b)
            let length = spring.exactSettlingTime(target: 1, initialVelocity: 0, epsilon: 0.001) + 0.5
            let noise = noisy ? 0.3 : 0
            // Noise can lift an extremum at the band's edge across it in one capture and not the other.
            // Clean, the final value (the median of the last 5 % of samples, more of them after a
            // prefix) is off the target by the residual ringing, up to 1e-3 of the step, and moves
            // with the prefix by some 1e-5: an extremum within 0.15 % of the edge can cross it (seen:
            // d 0.99, b 0.473, whose second extremum is 0.036 % beyond the edge and whose final value
            // is 0.035 % short; 0.26 s between the two settling times).
            if noisy && extremumNearBandEdge(bounce: b) { return }
            let settlingIllConditioned = !noisy && extremumNearBandEdge(bounce: b, margin: 0.0015)
            guard let base = try? StepAnalysis.metrics(of: idleCapture(spring, idle: 0, phase: phase, length: length, noise: noise, seed: UInt64(seed))),
                  let prefixed = try? StepAnalysis.metrics(of: idleCapture(spring, idle: idle, phase: phase, length: length, noise: noise, seed: UInt64(seed))) else {
                Issue.record("d \(d) b \(b): no metrics"); return
            }
            let tolerance = (noisy ? 2 : 0.02) / 60, riseTolerance = (noisy ? 0.25 : 0.02) / 60, onsetTolerance = tolerance
            // Where the motion crosses the band's edge slowly, noise of σ moves the crossing by about
            // σ ÷ |slope| (a slow overdamped approach: 0.9 frame for d 0.74, b −0.3); three of those.
            let slope = abs(spring.velocity(target: 300, time: base.settlingTime))  // times are from the onset
            // Clean: the rest level comes from a tail that the prefix shifts by whole frames while a
            // residual of up to 1e-3 of the step still rings in it, so the level can move by some
            // 1e-5 of the step (seen: 1.2e-5 for d 0.87, b 0.62, whose third extremum sits 0.05 % of
            // the step above the band's edge and crosses it at 11 units/s: 0.34 ms); 1e-4 of the step.
            let settlingTolerance = max(tolerance, (noisy ? 3 * noise : 1e-4 * 300) / max(slope, 1e-9))
            let label = "d \(d) b \(b) phase \(phase) idle \(idle) noisy \(noisy) seed \(seed)"
            if !settlingIllConditioned {
                #expect(abs(prefixed.settlingTime - base.settlingTime) <= settlingTolerance, "\(label): settling \(prefixed.settlingTime) vs \(base.settlingTime)")
            }
            #expect(abs(prefixed.riseTime - base.riseTime) <= riseTolerance, "\(label): rise \(prefixed.riseTime) vs \(base.riseTime)")
            #expect(abs(prefixed.riseEnd - base.riseEnd) <= tolerance, "\(label): rise end \(prefixed.riseEnd) vs \(base.riseEnd)")
            if noisy ? b >= 0.3 : b > 0.05 {
                #expect(abs(prefixed.peakTime - base.peakTime) <= tolerance, "\(label): peak \(prefixed.peakTime) vs \(base.peakTime)")
            }
            #expect(abs(prefixed.onsetTime - base.onsetTime - Double(idle) / 60) <= onsetTolerance, "\(label): onset \(prefixed.onsetTime) vs \(base.onsetTime)")
        }
    }
}

