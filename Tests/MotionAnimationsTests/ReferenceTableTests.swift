import Foundation
import MotionAnimations
import MotionIO
import MotionJSON
import Testing

/// Every scenario of data/reference/animations.json, read by the product's decoder from the
/// table's text: each frame's value (and analytic velocity) to 1e-9 relative, with an absolute
/// floor of 1e-9 of the scenario's value scale; the same events on the same frames; the same
/// duration; a phase animator's velocity jumps to the same tolerance.
@Suite("The Python reference's scenarios")
struct ReferenceTableTests {
    @Test func tableIsComplete() {
        #expect(ReferenceTable.entries.count >= 39)
        let names = Set(ReferenceTable.entries.map(\.name))
        #expect(names.count == ReferenceTable.entries.count)
    }

    @Test(arguments: ReferenceTable.entries)
    func scenario(_ entry: ReferenceTable.Entry) throws {
        let document = try AnimationScenarioDocument.decode(json: Array(entry.scenario.serialized().utf8),
                                                            defaultAnimation: entry.version)
        let run = document.run(clock: FrameClock(fps: entry.fps), window: .range(from: entry.from, to: entry.to))
        let expected = entry.expected
        let samples = expected["samples"]!.items
        let scale = Self.scale(of: entry.scenario)
        try #require(run.frames.count == samples.count, "\(entry.name): \(run.frames.count) frames, expected \(samples.count)")
        var firstMismatch: String?
        for (frame, sample) in zip(run.frames, samples) {
            let time = sample["time"]!.double!
            #expect(frame.time == time, "\(entry.name): frame time \(frame.time) vs \(time)")
            let value = sample["value"]!.components
            let velocity = sample["velocity"].flatMap { $0 == .null ? nil : $0.components }
            if !Self.agree(frame.value.components, value, scale: scale), firstMismatch == nil {
                firstMismatch = "value at \(time): \(frame.value) vs \(value)"
            }
            switch (frame.velocity, velocity) {
            case (nil, nil): break
            case let (actual?, expected?):
                if !Self.agree(actual.components, expected, scale: scale), firstMismatch == nil {
                    firstMismatch = "velocity at \(time): \(actual) vs \(expected)"
                }
            default:
                if firstMismatch == nil { firstMismatch = "velocity at \(time): \(String(describing: frame.velocity)) vs \(String(describing: velocity))" }
            }
        }
        #expect(firstMismatch == nil, "\(entry.name): first difference: \(firstMismatch ?? "")")

        let events = expected["events"]!.items.map { e in
            AnimationEvent(time: e["time"]!.double!, kind: AnimationEvent.Kind(rawValue: e["kind"]!.string!)!,
                           transaction: Int(e["transaction"]!.double!), phase: e["phase"]?.double.map { Int($0) })
        }
        #expect(run.events == events, "\(entry.name): events\n\(run.events)\nexpected\n\(events)")
        let duration = expected["duration"]!.double!
        #expect(run.duration == duration, "\(entry.name): duration \(run.duration) vs \(duration)")

        // A phase animator's analytic velocity jumps, change by change.
        let changes = expected["phaseChanges"]?.items ?? []
        let actual = run.phaseCycles.flatMap(\.changes)
        try #require(actual.count == changes.count, "\(entry.name): \(actual.count) phase changes, expected \(changes.count)")
        for (change, expectedChange) in zip(actual, changes) {
            #expect(change.time == expectedChange["time"]!.double!)
            #expect(change.phase == Int(expectedChange["phase"]!.double!))
            let jump = expectedChange["velocityJump"].flatMap { $0 == .null ? nil : $0.components }
            let agrees = switch (change.velocityJump, jump) {
            case (nil, nil): true
            case let (actualJump?, expectedJump?): Self.agree(actualJump.components, expectedJump, scale: scale)
            default: false
            }
            #expect(agrees, "\(entry.name): velocity jump at \(change.time): \(String(describing: change.velocityJump)) vs \(String(describing: jump))")
        }
    }

    /// |a − b| ≤ 1e-9 · max(|b|, scale), per component.
    static func agree(_ actual: [Double], _ expected: [Double], scale: Double) -> Bool {
        actual.count == expected.count
            && zip(actual, expected).allSatisfy { abs($0 - $1) <= 1e-9 * max(abs($1), scale) }
    }

    /// The largest magnitude among the scenario's initial and target values (at least 1).
    static func scale(of scenario: JSONValue) -> Double {
        var values = [scenario["initialValue"]!]
        values += scenario["transactions"]?.items.compactMap { $0["value"] } ?? []
        values += scenario["phaseAnimator"]?["phases"]?.items ?? []
        return values.flatMap(\.components).reduce(1.0) { max($0, abs($1)) }
    }
}
