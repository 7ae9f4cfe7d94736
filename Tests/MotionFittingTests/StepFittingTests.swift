import Foundation
import MotionFitting
import MotionIO
import MotionSprings
import PropertyBased
import Testing
import MotionTestSupport

/// The simulated captures of scripts/make_sample_data.py and their ground truth.
struct SampleRecording: Sendable, CustomTestStringConvertible {
    struct Truth: Decodable, Sendable {
        struct SpringTruth: Decodable, Sendable { var duration, bounce: Double }
        var model: String
        var spring: SpringTruth?
        var controlPoints: [Double]?
        var startTime: Double
        var duration: Double?
        var from, to: Double
        var initialVelocity: Double?
    }

    var name: String
    var path: String
    var truth: Truth
    var testDescription: String { name }

    static let directory = Repository.url("data/recordings")

    static func all(model: String) -> [SampleRecording] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".csv") }.sorted().compactMap { file in
            let base = String(file.dropLast(4))
            let truthURL = directory.appendingPathComponent(base + ".truth.json")
            guard let data = try? Data(contentsOf: truthURL),
                  let truth = try? JSONDecoder().decode(Truth.self, from: data), truth.model == model else { return nil }
            return SampleRecording(name: base, path: directory.appendingPathComponent(file).path, truth: truth)
        }
    }
}

@Suite("Spring and bezier fits on simulated captures", .shrinking(false))
struct StepFittingTests {
    /// Jittered 60/120 Hz frames, dropped frames, pixel quantisation and noise: the spring comes
    /// back with duration within 2 %, bounce within 0.03, start within a frame.
    @Test(arguments: SampleRecording.all(model: "spring"))
    func springRecovered(_ sample: SampleRecording) throws {
        let recording = try RecordingReader.read(path: sample.path)
        let fit = try SpringFitting.fit(recording)
        let truth = try #require(sample.truth.spring)
        #expect(abs(fit.spring.duration / truth.duration - 1) <= 0.02, "duration \(fit.spring.duration) vs \(truth.duration)")
        #expect(abs(fit.spring.bounce - truth.bounce) <= 0.03, "bounce \(fit.spring.bounce) vs \(truth.bounce)")
        #expect(abs(fit.startTime - sample.truth.startTime) <= 1.0 / 60, "start \(fit.startTime)")
        #expect(abs(fit.to - sample.truth.to) <= 0.01 * abs(sample.truth.to - sample.truth.from))
        #expect(fit.quality.r2 > 0.999)
    }

    /// The bezier: the fitted curve stays within 0.01 of the true one over the whole transition,
    /// and its control points within 0.03 where the capture determines them (120 Hz).
    @Test(arguments: SampleRecording.all(model: "bezier"))
    func bezierRecovered(_ sample: SampleRecording) throws {
        let recording = try RecordingReader.read(path: sample.path)
        let fit = try BezierFitting.fit(recording)
        let p = try #require(sample.truth.controlPoints)
        let duration = try #require(sample.truth.duration)
        // Compare the models in time: the true transition against the fitted one.
        var worst = 0.0
        for i in 0...400 {
            let t = sample.truth.startTime - 0.05 + Double(i) / 400 * (duration + 0.1)
            let x = min(max((t - sample.truth.startTime) / duration, 0), 1)
            let truthCurve = try MotionCurvesTruth.y(p, x)
            let truthValue = sample.truth.from + (sample.truth.to - sample.truth.from) * truthCurve
            worst = max(worst, abs(fit.value(at: t) - truthValue) / abs(sample.truth.to - sample.truth.from))
        }
        #expect(worst <= 0.01, "worst normalised difference \(worst)")
        #expect(abs(fit.duration / duration - 1) <= 0.03, "duration \(fit.duration)")
        if sample.name.contains("120hz") {
            for (fitted, true_) in zip(fit.controlPoints, p) { #expect(abs(fitted - true_) <= 0.03, "\(fit.controlPoints) vs \(p)") }
        }
    }

    /// Noise-free springs on a grid of regimes and initial velocities — including motions that
    /// first move away from their target — come back exactly.
    @Test(arguments: [0.2, 0.5, 1.0], [-0.6, 0.0, 0.3, 0.7])
    func noiseFreeSpringGrid(duration: Double, bounce: Double) {
        for v0 in [-400.0, 0, 400] { Self.checkNoiseFree(duration: duration, bounce: bounce, v0: v0) }
    }

    /// The same, at random points (property test).
    @Test func noiseFreeSpringsRecoverExactly() async {
        await propertyCheck(count: 6, input: Gen.double(in: 0.2...1.2), Gen.double(in: -0.6...0.7), Gen.double(in: -400...400)) { d, b, v0 in
            Self.checkNoiseFree(duration: d, bounce: b, v0: v0)
        }
    }

    static func checkNoiseFree(duration: Double, bounce: Double, v0: Double) {
        let spring = Spring(duration: duration, bounce: bounce)
        let (t0, from, to) = (0.1, 10.0, 210.0)
        let times = (0..<240).map { Double($0) / 120 }
        let values = times.map { $0 <= t0 ? from : from + spring.value(target: to - from, initialVelocity: v0, time: $0 - t0) }
        guard let fit = try? SpringFitting.fit(Recording(times: times, values: values)) else {
            Issue.record("no fit for duration \(duration), bounce \(bounce), v0 \(v0)")
            return
        }
        #expect(abs(fit.spring.duration / duration - 1) < 1e-4, "duration \(fit.spring.duration) vs \(duration) (bounce \(bounce), v0 \(v0))")
        #expect(abs(fit.spring.bounce - bounce) < 1e-4, "bounce \(fit.spring.bounce) vs \(bounce)")
        #expect(fit.quality.maxError < 1e-3)  // of a 200-unit step
    }

    @Test func flatRecordingIsAnError() {
        let recording = Recording(times: (0..<20).map(Double.init), values: Array(repeating: 3, count: 20))
        #expect(throws: FitError.self) { try SpringFitting.fit(recording) }
        #expect(throws: FitError.self) { try BezierFitting.fit(recording) }
        #expect(throws: FitError.self) { try SpringFitting.fit(Recording(times: [0, 1, 2], values: [0, 1, 1])) }
    }
}

/// The true bezier by bisection on x(s), independent of MotionLab's solver.
enum MotionCurvesTruth {
    static func y(_ p: [Double], _ x: Double) throws -> Double {
        func coordinate(_ a: Double, _ b: Double, _ s: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = 0.5 * (lo + hi)
            if coordinate(p[0], p[2], mid) < x { lo = mid } else { hi = mid }
        }
        return coordinate(p[1], p[3], 0.5 * (lo + hi))
    }
}
