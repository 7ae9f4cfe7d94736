import Foundation
import MotionKeyframes
import Testing
import MotionTestSupport

/// data/reference/keyframes.json, written by scripts/reference/keyframes_reference.py: an independent
/// implementation of SPEC §4 in Python (mpmath at 30 digits; springs by matrix exponential, beziers by
/// findroot), evaluating the timelines in data/timelines/.
enum KeyframesReference {
    /// A JSON number, or "inf" / "-inf" (SPEC §7).
    struct Number: Decodable, Sendable {
        var value: Double
        init(from decoder: any Decoder) throws {
            let single = try decoder.singleValueContainer()
            if let x = try? single.decode(Double.self) {
                value = x
            } else {
                switch try single.decode(String.self) {
                case "inf": value = .infinity
                case "-inf": value = -.infinity
                case let other: throw DecodingError.dataCorruptedError(in: single, debugDescription: "not a number: \(other)")
                }
            }
        }
    }

    /// A number (scalar timeline) or an object of named numbers.
    enum Value: Decodable, Sendable {
        case scalar(Double)
        case object([String: Double])
        init(from decoder: any Decoder) throws {
            let single = try decoder.singleValueContainer()
            if let x = try? single.decode(Double.self) { self = .scalar(x) } else { self = .object(try single.decode([String: Double].self)) }
        }

        var magnitude: Double {
            switch self {
            case .scalar(let x): abs(x)
            case .object(let o): o.values.map(abs).max() ?? 0
            }
        }
    }

    struct Segment: Decodable, Sendable {
        var kind: String
        var startTime: Double
        var duration: Double
        var from: Double
        var to: Double
        var endValue: Double
        var startVelocity: Number
        var endVelocity: Number
    }

    struct Track: Decodable, Sendable {
        var property: String?
        var duration: Double
        var endValue: Double
        var segments: [Segment]
    }

    struct Sample: Decodable, Sendable {
        var time: Double
        var value: Value
    }

    struct ProgressSample: Decodable, Sendable {
        var progress: Double
        var time: Double
        var value: Value
    }

    struct Entry: Decodable, CustomTestStringConvertible, Sendable {
        var file: String
        var description: String
        var properties: [String]?
        var duration: Double
        var tracks: [Track]
        var samples: [Sample]
        var progressSamples: [ProgressSample]
        var testDescription: String { file }

        /// The size of the values: tolerances are relative to max(1, largest |value|).
        var scale: Double {
            let values = samples.map(\.value.magnitude) + tracks.flatMap { $0.segments.flatMap { [abs($0.from), abs($0.to), abs($0.endValue)] } }
            return max(1, values.max() ?? 0)
        }
    }

    struct Document: Decodable, Sendable {
        var timelines: [Entry]
    }

    static let root = Repository.root

    /// Parsed with JSONDecoder (correctly rounded doubles; see `decoderReadsDoublesExactly`).
    static let entries: [Entry] = {
        let url = root.appendingPathComponent("data/reference/keyframes.json")
        guard let data = try? Data(contentsOf: url), let document = try? JSONDecoder().decode(Document.self, from: data) else {
            fatalError("cannot read \(url.path); run python3 scripts/reference/keyframes_reference.py")
        }
        return document.timelines
    }()

    static func timeline(_ entry: Entry) throws -> TimelineDocument {
        let data = try Data(contentsOf: root.appendingPathComponent("data/timelines/\(entry.file)"))
        return try TimelineDocument.decode(json: data)
    }
}

/// The agreement bound of this suite: |actual − expected| ≤ 1e-12 · max(1, largest |value| of the timeline).
/// (Times are compared to 1e-12 · max(1, duration); velocities to 1e-12 · max(1, largest |velocity| of the track).)
let referenceTolerance = 1e-12

/// The worst disagreement seen, relative to each timeline's scale — printed for the record.
final class WorstDisagreement: @unchecked Sendable {
    private let lock = NSLock()
    private var worst = 0.0
    private var at = ""
    func record(_ error: Double, _ label: @autoclosure () -> String) {
        lock.lock(); defer { lock.unlock() }
        if error > worst { worst = error; at = label() }
    }
    var summary: String { lock.lock(); defer { lock.unlock() }; return "\(worst) at \(at)" }
}

@Suite("Keyframes: independent reference (scripts/reference/keyframes_reference.py)")
struct ReferenceTests {
    static let worst = WorstDisagreement()
    static let worstVelocity = WorstDisagreement()

    /// The harness itself: JSONDecoder must read doubles exactly (the table is ulp-sensitive at moves).
    @Test func decoderReadsDoublesExactly() throws {
        let text = #"[0.9999999999999999, 0.30000000000000004, 1.5682385182830316, 2.3000000000000007, 5e-324]"#
        let numbers = try JSONDecoder().decode([Double].self, from: Data(text.utf8))
        #expect(numbers == [0.9999999999999999, 0.30000000000000004, 1.5682385182830316, 2.3000000000000007, 5e-324])
    }

    @Test func coversTheBrief() {
        let files = Set(KeyframesReference.entries.map(\.file))
        for name in ["lone-cubic", "three-linear", "eased-linear", "cubic-after-linear", "cubic-before-linear",
                     "explicit-velocities", "catmull-rom-unequal", "spring-with-duration", "spring-default-duration",
                     "spring-cut-short", "cubic-before-spring", "move-in-middle", "struct-two-tracks",
                     "untracked-property", "same-property-last-wins", "zero-duration", "spec-example"] {
            #expect(files.contains(name + ".json"), "missing reference timeline \(name)")
        }
        #expect(KeyframesReference.entries.map { $0.samples.count + $0.progressSamples.count }.reduce(0, +) > 900)
    }

    private func check(_ actual: AnimatableValue, _ expected: KeyframesReference.Value, scale: Double,
                       _ label: @autoclosure () -> String) {
        switch expected {
        case .scalar(let e):
            guard let a = actual[nil] else { Issue.record("\(label()): expected a number, got \(actual)"); return }
            Self.worst.record(abs(a - e) / scale, label())
            #expect(abs(a - e) <= referenceTolerance * scale, "\(label()): \(a) vs reference \(e) (Δ = \(a - e))")
        case .object(let o):
            #expect(Set(actual.propertyNames) == Set(o.keys), "\(label()): properties \(actual.propertyNames)")
            for (name, e) in o {
                guard let a = actual[name] else { Issue.record("\(label()): no property \(name)"); continue }
                Self.worst.record(abs(a - e) / scale, label() + "." + name)
                #expect(abs(a - e) <= referenceTolerance * scale, "\(label()).\(name): \(a) vs reference \(e) (Δ = \(a - e))")
            }
        }
    }

    @Test(arguments: KeyframesReference.entries)
    func valueAtTime(_ entry: KeyframesReference.Entry) throws {
        let timeline = try KeyframesReference.timeline(entry)
        let scale = entry.scale
        #expect(abs(timeline.duration - entry.duration) <= referenceTolerance * max(1, entry.duration),
                "duration \(timeline.duration) vs reference \(entry.duration)")
        for sample in entry.samples {
            check(timeline.value(time: sample.time), sample.value, scale: scale, "\(entry.file) t=\(sample.time)")
        }
    }

    @Test(arguments: KeyframesReference.entries)
    func valueAtProgress(_ entry: KeyframesReference.Entry) throws {
        let timeline = try KeyframesReference.timeline(entry)
        for sample in entry.progressSamples {
            check(timeline.value(progress: sample.progress), sample.value, scale: entry.scale,
                  "\(entry.file) progress=\(sample.progress)")
        }
    }

    /// The batch evaluation: in time order, in reverse, and interleaved — each equal to the reference
    /// and bit-for-bit equal to value(time:).
    @Test(arguments: KeyframesReference.entries)
    func batchValues(_ entry: KeyframesReference.Entry) throws {
        let timeline = try KeyframesReference.timeline(entry)
        let sorted = entry.samples
        let orders: [[KeyframesReference.Sample]] = [
            sorted, sorted.reversed(),
            sorted.enumerated().sorted { ($0.offset * 7919) % sorted.count < ($1.offset * 7919) % sorted.count }.map(\.element),
        ]
        for (n, order) in orders.enumerated() {
            let values = timeline.values(time: order.map(\.time))
            #expect(values.count == order.count)
            for (value, sample) in zip(values, order) {
                check(value, sample.value, scale: entry.scale, "\(entry.file) batch \(n) t=\(sample.time)")
                #expect(value == timeline.value(time: sample.time), "\(entry.file) batch \(n) t=\(sample.time)")
            }
        }
    }

    /// Each track's resolved segments: start times, durations, where each starts and ends (a spring
    /// cut short ends short of `to`), and the velocities the tangent rules of §4 give.
    @Test(arguments: KeyframesReference.entries)
    func resolvedSegments(_ entry: KeyframesReference.Entry) throws {
        let timeline = try KeyframesReference.timeline(entry)
        try #require(timeline.paths.count == entry.tracks.count)
        let scale = entry.scale
        for (t, (path, track)) in zip(timeline.paths, entry.tracks).enumerated() {
            #expect(timeline.tracks[t].property == track.property)
            #expect(abs(path.duration - track.duration) <= referenceTolerance * max(1, track.duration))
            #expect(abs(path.endValue - track.endValue) <= referenceTolerance * scale)
            try #require(path.segments.count == track.segments.count)
            let velocities = track.segments.flatMap { [$0.startVelocity.value, $0.endVelocity.value] }.filter(\.isFinite)
            let velocityScale = max(1, velocities.map(abs).max() ?? 0)
            for (i, (segment, expected)) in zip(path.segments, track.segments).enumerated() {
                let label = "\(entry.file) track \(t) keyframe \(i) (\(expected.kind))"
                #expect(abs(segment.startTime - expected.startTime) <= referenceTolerance * max(1, track.duration), "\(label) start")
                #expect(abs(segment.duration - expected.duration) <= referenceTolerance * max(1, track.duration), "\(label) duration")
                #expect(abs(segment.from - expected.from) <= referenceTolerance * scale, "\(label) from \(segment.from) vs \(expected.from)")
                #expect(segment.to == expected.to, "\(label) to")
                #expect(abs(segment.endValue - expected.endValue) <= referenceTolerance * scale,
                        "\(label) end \(segment.endValue) vs \(expected.endValue)")
                for (name, actual, reference) in [("start velocity", segment.startVelocity, expected.startVelocity.value),
                                                  ("end velocity", segment.endVelocity, expected.endVelocity.value)] {
                    if reference.isFinite {
                        Self.worstVelocity.record(abs(actual - reference) / velocityScale, label + " " + name)
                        #expect(abs(actual - reference) <= referenceTolerance * velocityScale, "\(label) \(name) \(actual) vs \(reference)")
                    } else {
                        #expect(actual == reference, "\(label) \(name) \(actual) vs \(reference)")
                    }
                }
            }
        }
    }

    /// Springs without a duration last SwiftUI's settlingDuration with ε = 1e-4 and end short of their
    /// target: within 1e-4 of it, but not at it.
    @Test func defaultSpringDurationsEndShortOfTheTarget() throws {
        let entry = try #require(KeyframesReference.entries.first { $0.file == "spring-default-duration.json" })
        let timeline = try KeyframesReference.timeline(entry)
        for segment in timeline.paths[0].segments {
            let miss = abs(segment.endValue - segment.to)
            #expect(miss > 1e-7 && miss < 1e-4, "keyframe \(segment.index): ends \(miss) from its target")
        }
        // The scan of the critically damped (second) and overdamped (third) springs lands on t = 0.1·k.
        let durations = timeline.paths[0].segments.map(\.duration)
        #expect(abs(durations[1] - 1.2) < 1e-9 && abs(durations[2] - 2.3) < 1e-9)
        // the underdamped one is the envelope bound −ln(ε/(|Δλ − v0| + |Δ|))/λ, λ = 2π·0.7/0.5, Δ = 10, v0 = 0
        let lambda = 2 * Double.pi * 0.7 / 0.5
        #expect(abs(durations[0] - (-log(1e-4 / (10 * lambda + 10)) / lambda)) < 1e-12)
    }

    /// Runs last in the suite's file order; records the worst disagreement measured.
    @Test func worstDisagreementIsReported() throws {
        // Evaluate everything once more here so this test does not depend on the others' order.
        for entry in KeyframesReference.entries {
            let timeline = try KeyframesReference.timeline(entry)
            for s in entry.samples { check(timeline.value(time: s.time), s.value, scale: entry.scale, "\(entry.file) t=\(s.time)") }
            for s in entry.progressSamples {
                check(timeline.value(progress: s.progress), s.value, scale: entry.scale, "\(entry.file) p=\(s.progress)")
            }
        }
        for entry in KeyframesReference.entries {
            let timeline = try KeyframesReference.timeline(entry)
            for (path, track) in zip(timeline.paths, entry.tracks) {
                let velocities = track.segments.flatMap { [$0.startVelocity.value, $0.endVelocity.value] }.filter(\.isFinite)
                let scale = max(1, velocities.map(abs).max() ?? 0)
                for (segment, expected) in zip(path.segments, track.segments) {
                    for (a, e) in [(segment.startVelocity, expected.startVelocity.value), (segment.endVelocity, expected.endVelocity.value)] where e.isFinite {
                        Self.worstVelocity.record(abs(a - e) / scale, "\(entry.file) keyframe \(segment.index)")
                    }
                }
            }
        }
        print("MotionKeyframes reference: worst value |Δ|/scale = \(Self.worst.summary); worst segment velocity |Δ|/scale = \(Self.worstVelocity.summary)")
    }
}
