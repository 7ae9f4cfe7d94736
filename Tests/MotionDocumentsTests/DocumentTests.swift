import Foundation
import MotionAnalysis
import MotionCurves
import MotionFitting
import MotionIO
import MotionDocuments
import MotionJSON
import MotionSprings
import RealModule
import Testing

/// The JSON documents of SPEC §7, built in process: the contract's keys in the contract's order,
/// with values from independent sources (Apple's documented values, closed forms).
@Suite("JSON documents")
struct DocumentTests {
    static func keys(_ value: JSONValue) -> [String] {
        if case .object(let pairs) = value { return pairs.map(\.0) }
        return []
    }

    /// `keys` appear in `document`, in this order (other keys may stand between them).
    static func expectOrdered(_ keys: [String], in document: JSONValue, sourceLocation: SourceLocation = #_sourceLocation) {
        let all = Self.keys(document)
        let positions = keys.map { all.firstIndex(of: $0) }
        #expect(!positions.contains(nil), "missing: \(zip(keys, positions).filter { $0.1 == nil }.map(\.0)) in \(all)",
                sourceLocation: sourceLocation)
        let found = positions.compactMap { $0 }
        #expect(found == found.sorted(), "out of order: \(all)", sourceLocation: sourceLocation)
    }

    static func number(_ value: JSONValue?) -> Double? {
        if case .number(let x)? = value { return x }
        return nil
    }

    /// Apple: Spring(duration: 0.5, bounce: 0.3) has mass 1.0, stiffness 157.9, damping 17.6.
    @Test func springDocument() {
        let summary = SpringSummary(spring: Spring(duration: 0.5, bounce: 0.3))
        let document = summary.json(parameterization: "duration-bounce", swiftUICode: "Spring(duration: 0.5, bounce: 0.3)", notes: [])
        // SPEC §7 lists these keys (at least); the parameters come first, in its order.
        Self.expectOrdered(["mass", "stiffness", "damping", "duration", "bounce", "response", "dampingRatio"], in: document)
        for key in ["settlingDuration", "exactSettlingTime", "epsilon", "regime"] {
            #expect(Self.keys(document).contains(key), "\(key)")
        }
        #expect(Self.number(document["mass"]) == 1)
        #expect(abs(Self.number(document["stiffness"])! - 157.9) < 0.05)
        #expect(abs(Self.number(document["damping"])! - 17.6) < 0.05)
        // Closed forms: k = (2π/d)², c = 2ζ√k with ζ = 1 − bounce.
        #expect(Self.number(document["stiffness"])!.isApproximatelyEqual(to: pow(2 * .pi / 0.5, 2), relativeTolerance: 1e-14))
        #expect(Self.number(document["damping"])!.isApproximatelyEqual(to: 2 * 0.7 * 4 * .pi, relativeTolerance: 1e-14))
        #expect(document["regime"] == .string("underdamped"))
    }

    /// SPEC §7: settle's keys, percentages in %.
    @Test func stepMetricsDocument() {
        // A critically damped spring from rest never overshoots: overshoot 0 %.
        let metrics = StepAnalysis.metrics(of: Spring(duration: 1, bounce: 0), target: 2)
        let document = JSONValue.object(metrics.jsonPairs)
        Self.expectOrdered(["initialValue", "finalValue", "settlingTime", "riseTime", "peak", "peakTime", "overshoot",
                            "undershoot"], in: document)
        #expect(Self.number(document["overshoot"]) == 0)
        #expect(Self.number(document["finalValue"]) == 2)
    }

    @Test func sampleDocuments() {
        let spring = SamplesDocument.spring(.smooth, target: 1, initialVelocity: 0, samples: [(0, 0, 0)])
        Self.expectOrdered(["samples"], in: spring)
        let curve = CurveSampling(UnitCurve.easeIn, inverse: false).document(at: [0.5])
        if case .array(let samples)? = curve["samples"], let first = samples.first {
            #expect(Self.keys(first) == ["progress", "value", "velocity", "exactVelocity"])
        } else {
            Issue.record("no samples in \(curve)")
        }
        #expect(curve["curve"]?["semantics"] == .string("swiftui"))
    }

    @Test func springParametersArePhysical() {
        // An overdamped spring: SwiftUI's stiffness getter says m(2λ² − ω0²); the document gives k = m·ω0².
        let spring = Spring(mass: 1, stiffness: 100, damping: 30, allowOverDamping: true)
        let parameters = JSONValue.object(spring.parametersJSON)
        #expect(Self.number(parameters["stiffness"])!.isApproximatelyEqual(to: 100, relativeTolerance: 1e-12))
        #expect(Self.number(parameters["damping"])!.isApproximatelyEqual(to: 30, relativeTolerance: 1e-12))
    }

    /// Channel `y` of a recording with channels x, y, opacity: a step of Spring(duration: 0.4,
    /// bounce: 0.2) from 0 to 100 starting at 0.1 s, sampled at 60 Hz.
    static let middleChannel: Recording = {
        let spring = Spring(duration: 0.4, bounce: 0.2)
        let times = (0...60).map { Double($0) / 60 }
        let values = times.map { $0 < 0.1 ? 0 : spring.value(target: 100, time: $0 - 0.1) }
        return Recording(times: times, values: values, channel: "y", channels: ["x", "y", "opacity"])
    }()

    /// Issue 13: a document of one channel of a recording says which channel it read and which it
    /// ignored — `channel` and `ignoredChannels`, in every single-channel document — and keeps
    /// SPEC §7's keys in their order.
    @Test func singleChannelDocumentsNameTheIgnoredChannels() throws {
        let recording = Self.middleChannel
        let channel = RecordingChannel(recording)
        #expect(channel.name == "y" && channel.ignoredChannels == ["x", "opacity"])
        let keyframes = try KeyframeFitting.fit(recording, keyframeCount: 3)
        let spring = try SpringFitting.fit(recording)
        let bezier = try BezierFitting.fit(recording)
        let metrics = try StepAnalysis.metrics(of: recording)
        let documents: [(String, JSONValue, [String])] = [
            ("fit keyframes", keyframes.json(channel: channel, cssTolerance: 0.005), ["keyframes", "timeline", "rmse", "maxError", "swiftUI"]),
            ("fit spring", spring.json(channel: channel, cssTolerance: 0.005),
             ["spring", "startTime", "from", "to", "initialVelocity", "rmse", "maxError", "r2", "swiftUI"]),
            ("fit bezier", bezier.json(channel: channel, cssTolerance: 0.005),
             ["controlPoints", "startTime", "duration", "from", "to", "rmse", "maxError", "css", "swiftUI"]),
            ("settle", metrics.json(recording: recording, file: "capture.csv"),
             ["initialValue", "finalValue", "settlingTime", "riseTime", "peak", "peakTime", "overshoot", "undershoot"]),
        ]
        for (name, document, contract) in documents {
            #expect(document["channel"] == .string("y"), "\(name)")
            #expect(document["ignoredChannels"] == .array([.string("x"), .string("opacity")]), "\(name)")
            #expect(Self.keys(document).filter { $0 == "channel" || $0 == "ignoredChannels" } == ["channel", "ignoredChannels"], "\(name)")
            Self.expectOrdered(contract, in: document)
        }
        // The document without a channel is unchanged (a choreography entry puts `channel` first itself).
        #expect(!Self.keys(spring.json(cssTolerance: 0.005)).contains("ignoredChannels"))
        #expect(!Self.keys(bezier.json(cssTolerance: 0.005)).contains("channel"))
        // A track of a multi-channel fit names its channel only: the fit read the others.
        #expect(!Self.keys(keyframes.json(channel: "y", cssTolerance: 0.005)).contains("ignoredChannels"))
        // settle's recording keys.
        let settle = metrics.json(recording: recording, file: "capture.csv")
        #expect(settle["source"] == .string("recording") && settle["file"] == .string("capture.csv"))
        #expect(settle["samples"] == .integer(61))
    }

    /// A recording with one channel ignores none: `ignoredChannels` is an empty array, not absent.
    @Test func aSingleChannelRecordingIgnoresNone() throws {
        var recording = Self.middleChannel
        recording.channels = ["y"]
        let document = try SpringFitting.fit(recording).json(channel: RecordingChannel(recording), cssTolerance: 0.005)
        #expect(document["ignoredChannels"] == .array([]))
        #expect(RecordingChannel(name: "t", channels: ["x"]).ignoredChannels == ["x"])
    }

    /// settle on a spring: the spring's parameters and regime, the target and the code.
    @Test func springStepDocument() {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        let metrics = StepAnalysis.metrics(of: spring, target: 2)
        let document = metrics.json(spring: spring, target: 2, initialVelocity: 0, swiftUICode: "Spring(duration: 0.5, bounce: 0.3)")
        Self.expectOrdered(["initialValue", "finalValue", "settlingTime", "riseTime", "overshoot", "source", "spring", "target",
                            "initialVelocity", "swiftUI"], in: document)
        #expect(document["source"] == .string("spring"))
        #expect(document["spring"]?["regime"] == .string("underdamped"))
        #expect(abs(Self.number(document["spring"]?["duration"])! - 0.5) <= 1e-15)
        #expect(!Self.keys(document).contains("channel"))
    }
}
