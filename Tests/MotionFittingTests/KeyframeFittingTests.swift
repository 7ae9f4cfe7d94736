import Foundation
import MotionFitting
import MotionIO
import MotionKeyframes
import PropertyBased
import Testing

@Suite("Keyframe fitting")
struct KeyframeFittingTests {
    /// Noise-free samples of a cubic track are reproduced exactly by a fit with its own times.
    @Test func recoversExactValues() async {
        await propertyCheck(count: 40, input: Gen.int(in: 1...12), Gen.double(in: -50...50)) { k, offset in
            Self.checkRecovery(keyframeCount: k, offset: offset)
        }
    }

    static func checkRecovery(keyframeCount k: Int, offset: Double) {
        var keyframes: [Keyframe<Double>] = []
        var ends: [Double] = []
        var time = 0.0
        for i in 0..<k {
            let d = 0.05 + 0.1 * Double((i * 7) % 5)
            time += d
            ends.append(time)
            keyframes.append(.cubic(CubicKeyframe(offset + Double((i * 13) % 9) - 4, duration: d)))
        }
        let truth = TimelineDocument(initialValue: .scalar(offset), tracks: [TimelineDocument.Track(nil, keyframes: keyframes)])
        let times = (0..<400).map { Double($0) / 399 * time * 1.05 }
        let values = times.map { truth.value(time: $0)[nil]! }
        let recording = Recording(times: times.map { $0 + 3 }, values: values)
        guard let fit = try? KeyframeFitting.fit(recording, endTimes: ends.map { $0 + 3 }) else {
            Issue.record("fit failed for \(k) keyframes")
            return
        }
        let scale = max(1, abs(offset))
        #expect(abs(fit.initialValue - offset) < 1e-9 * scale)
        for (fitted, original) in zip(fit.keyframes, keyframes) {
            #expect(abs(fitted.to - original.to) < 1e-9 * scale)
        }
        #expect(fit.quality.maxError < 1e-9 * scale)
    }

    @Test func badTimesAreErrors() {
        let recording = Recording(times: [0, 0.1, 0.2, 0.3], values: [0, 1, 2, 3])
        #expect(throws: FitError.self) { try KeyframeFitting.fit(recording, endTimes: [0.2, 0.1]) }
        #expect(throws: FitError.self) { try KeyframeFitting.fit(recording, endTimes: [0]) }
        #expect(throws: FitError.self) { try KeyframeFitting.fit(recording, keyframeCount: 0) }
        // Keyframe 2 covers no samples.
        #expect(throws: FitError.self) { try KeyframeFitting.fit(Recording(times: [0, 0.01, 0.02, 1], values: [0, 1, 2, 3]), endTimes: [0.02, 0.5, 0.6, 1]) }
    }

    /// A recording built in memory (the C ABI's arrays) is checked before any mode's fit: counts
    /// that differ, a NaN and unsorted times are errors naming the sample, not a trap.
    @Test(arguments: [KeyframeFitting.Mode.count(2), .endTimes([0.3]), .tolerance(0.1)])
    func samplesBuiltInMemoryAreChecked(mode: KeyframeFitting.Mode) {
        let cases: [(Recording, String)] = [
            (Recording(times: [0, 0.1, 0.2], values: [0, 1]), "the recording has 3 times but 2 values; they must match"),
            (Recording(times: [0, 0.1, 0.2, 0.3], values: [0, .nan, 2, 3]),
             "sample 2: column 'value': nan is not a finite number"),
            (Recording(times: [0, 0.1, .infinity, 0.3], values: [0, 1, 2, 3], channel: "y"),
             "sample 3: column 'time': inf is not a finite number"),
            (Recording(times: [0, 0.1, 0.2, 0.3], values: [0, 1, -.infinity, 3], channel: "y"),
             "sample 3: column 'y': -inf is not a finite number"),
            (Recording(times: [0, 0.2, 0.1, 0.3], values: [0, 1, 2, 3]),
             "sample 3: time 0.1 comes before the previous sample's time 0.2: times must strictly increase (sort the samples)"),
            (Recording(times: [0, 0.2, 0.2, 0.3], values: [0, 1, 2, 3]),
             "sample 3: time 0.2 repeats the previous sample's time: times must strictly increase"),
            (Recording(times: [0], values: [0]), "a keyframe fit needs at least 2 samples; the recording has 1"),
        ]
        for (recording, message) in cases {
            #expect(throws: FitError(message)) { try KeyframeFitting.fit(recording, mode: mode) }
        }
    }

    /// The step fits name the recording's own channel too (they once checked a copy named "value").
    @Test func stepFitsNameTheChannel() {
        let recording = Recording(times: (0..<40).map { Double($0) / 60 }, values: (0..<40).map { $0 == 5 ? .nan : Double($0) }, channel: "x")
        let message = "sample 6: column 'x': nan is not a finite number"
        #expect(throws: FitError(message)) { try SpringFitting.fit(recording) }
        #expect(throws: FitError(message)) { try BezierFitting.fit(recording) }
    }

    /// A spring-like step from rest (as UI motion starts): the tolerance is met, with no more
    /// keyframes than the fewest evenly spaced ones that meet it.
    @Test func toleranceModeMeetsTolerance() throws {
        let (lambda, omega) = (6.0, 12.0)
        let times = (0..<600).map { Double($0) / 599 }
        let values = times.map { t in 100 * (1 - exp(-lambda * t) * (cos(omega * t) + lambda / omega * sin(omega * t))) }
        let recording = Recording(times: times, values: values)
        let tolerance = 0.5
        let fit = try KeyframeFitting.fit(recording, tolerance: tolerance)
        #expect(fit.quality.maxError <= tolerance)
        let even = try #require((1...60).first { (try? KeyframeFitting.fit(recording, keyframeCount: $0))?.quality.maxError ?? .infinity <= tolerance })
        #expect(fit.keyframes.count <= even)
        print("tolerance \(tolerance): \(fit.keyframes.count) keyframes (evenly spaced needs \(even)), max error \(fit.quality.maxError)")
    }
}

@Suite("Streaming keyframe fit")
struct StreamingKeyframeFitTests {
    /// Passes over the file give the in-memory fit: the same values to 1e-12 and the same quality.
    @Test func streamingEqualsInMemory() throws {
        var lines = ["# streamed", "time,a,y"]
        var times: [Double] = [], values: [Double] = []
        for i in 0..<5000 {
            let t = 2 + Double(i) * 0.001 + 0.0003 * sin(Double(i))
            let y = 40 * (1 - cos(3 * t)) + 0.01 * sin(97 * Double(i))
            times.append(t); values.append(y)
            lines.append("\(t),\(i),\(y)")
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stream-\(UUID().uuidString).csv")
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let memory = try KeyframeFitting.fit(Recording(times: times, values: values), keyframeCount: 17)
        let streamed = try KeyframeFitting.fitStreaming(path: url.path, column: "y", keyframeCount: 17)
        #expect(streamed.channel == "y")
        #expect(abs(streamed.initialValue - memory.initialValue) < 1e-12 * 80)
        for (a, b) in zip(streamed.keyframes, memory.keyframes) {
            #expect(abs(a.to - b.to) < 1e-12 * 80)
            #expect(abs(a.duration - b.duration) < 1e-15)
        }
        #expect(abs(streamed.quality.rmse - memory.quality.rmse) < 1e-12)
        #expect(streamed.quality.maxError == memory.quality.maxError)
        #expect(abs(streamed.quality.r2 - memory.quality.r2) < 1e-12)
        // Bad keyframe times are reported, as in memory.
        #expect(throws: FitError.self) { try KeyframeFitting.fitStreaming(path: url.path, endTimes: [3, 2.5]) }
        #expect(throws: FitError.self) { try KeyframeFitting.fitStreaming(path: "/nonexistent.csv", keyframeCount: 3) }
    }

    /// A semicolon file with decimal commas streams to the fit of the same numbers in comma form,
    /// through the file fit's streaming path (the delimiter given) and its detection.
    @Test func semicolonFileStreamsLikeCommaFile() throws {
        var comma = ["time,y"], semicolon = ["time;y"]
        for i in 0..<2000 {
            let t = Double(i) / 100, y = (100 * sin(t)).rounded() / 100
            comma.append("\(t),\(y)")
            semicolon.append("\(t);\(y)".replacingOccurrences(of: ".", with: ","))
        }
        let directory = FileManager.default.temporaryDirectory
        let commaURL = directory.appendingPathComponent("comma-\(UUID().uuidString).csv")
        let semicolonURL = directory.appendingPathComponent("semicolon-\(UUID().uuidString).csv")
        try (comma.joined(separator: "\n") + "\n").write(to: commaURL, atomically: true, encoding: .utf8)
        try (semicolon.joined(separator: "\n") + "\n").write(to: semicolonURL, atomically: true, encoding: .utf8)
        defer { for url in [commaURL, semicolonURL] { try? FileManager.default.removeItem(at: url) } }
        let expected = try KeyframeFitting.fitStreaming(path: commaURL.path, keyframeCount: 9)
        for dialect in [RecordingDialect(delimiter: .semicolon), .automatic] {
            let fit = try KeyframeFitting.fitStreaming(path: semicolonURL.path, clock: .seconds, dialect: dialect, keyframeCount: 9)
            #expect(fit.keyframes == expected.keyframes && fit.initialValue == expected.initialValue)
        }
        #expect(throws: FitError.self) {
            try KeyframeFitting.fitStreaming(path: semicolonURL.path, clock: .seconds, dialect: RecordingDialect(delimiter: .tab), keyframeCount: 9)
        }
    }

    /// On a recording long enough to be swept in two halves, the fit's quality (measured in the
    /// sweep that evaluates the track) is the one computed here from the fitted timeline, which
    /// MotionKeyframes evaluates on its own: RMSE, max error and its time, and the two-pass R².
    @Test func longRecordingQualityMatchesTheTimeline() throws {
        let n = 150_000
        let times = (0..<n).map { 5 + Double($0) * 1e-4 }
        let values = times.enumerated().map { i, t in 1e6 + 30 * sin(2 * t) + 0.2 * sin(Double(i) * 0.7) }
        let fit = try KeyframeFitting.fit(Recording(times: times, values: values), keyframeCount: 40)
        let timeline = fit.timeline
        var sse = 0.0, worst = 0.0, worstTime = times[0], mean = 0.0
        for v in values { mean += v }
        mean /= Double(n)
        var sst = 0.0
        for (t, v) in zip(times, values) {
            let r = v - timeline.value(time: t - fit.startTime)[nil]!
            sse += r * r
            sst += (v - mean) * (v - mean)
            if abs(r) > worst { (worst, worstTime) = (abs(r), t) }
        }
        let rmse = (sse / Double(n)).squareRoot()
        #expect(abs(fit.quality.rmse - rmse) <= 1e-9 * rmse)
        #expect(abs(fit.quality.maxError - worst) <= 1e-9 * worst)
        #expect(fit.quality.maxErrorTime == worstTime)
        #expect(abs(fit.quality.r2 - (1 - sse / sst)) <= 1e-9)
        #expect(fit.quality.count == n)
    }
}
