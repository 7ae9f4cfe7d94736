import Foundation
import MotionAnimations
import Testing

/// Every scenario of data/reference/animations.json: each frame's value (and velocity) to 1e-9
/// relative, with an absolute floor of 1e-9 of the scenario's value scale; the same events on the
/// same frames; the same duration.
@Suite("The Python reference's scenarios")
struct ReferenceTableTests {
    @Test func tableIsComplete() {
        #expect(ReferenceTable.entries.count == 39)
    }

    @Test(arguments: ReferenceTable.entries)
    func scenario(_ entry: ReferenceTable.Entry) throws {
        let run = try ScenarioBuilder.run(entry.scenario, keys: entry.keys, version: entry.version,
                                          clock: FrameClock(fps: entry.fps), window: .range(from: entry.from, to: entry.to))
        let expected = entry.expected
        let samples = expected["samples"] as! [[String: Any]]
        let scale = Self.scale(of: entry.scenario)
        try #require(run.frames.count == samples.count, "\(entry.name): \(run.frames.count) frames, expected \(samples.count)")
        var firstMismatch: String?
        for (frame, sample) in zip(run.frames, samples) {
            let time = jsonDouble(sample["time"])!
            #expect(frame.time == time, "\(entry.name): frame time \(frame.time) vs \(time)")
            let value = Self.components(sample["value"]!, keys: entry.keys)
            let velocity = sample["velocity"].flatMap { $0 is NSNull ? nil : Self.components($0, keys: entry.keys) }
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

        let events = (expected["events"] as! [[String: Any]]).map { e in
            AnimationEvent(time: jsonDouble(e["time"])!,
                           kind: AnimationEvent.Kind(rawValue: e["kind"] as! String)!,
                           transaction: (e["transaction"] as! NSNumber).intValue,
                           phase: (e["phase"] as? NSNumber)?.intValue)
        }
        #expect(run.events == events, "\(entry.name): events\n\(run.events)\nexpected\n\(events)")

        let duration: Double = jsonDouble(expected["duration"])
            ?? ((expected["duration"] as? String) == "inf" ? .infinity : .nan)
        #expect(run.duration == duration, "\(entry.name): duration \(run.duration) vs \(duration)")
    }

    /// The components of a JSON value or velocity, in key order.
    static func components(_ json: Any, keys: [String]?) -> [Double] {
        if let keys, let object = json as? [String: Any] {
            return keys.map { jsonDouble(object[$0]) ?? .nan }
        }
        return [jsonDouble(json) ?? .nan]
    }

    /// |a − b| ≤ 1e-9 · max(|b|, scale), per component.
    static func agree(_ actual: [Double], _ expected: [Double], scale: Double) -> Bool {
        actual.count == expected.count
            && zip(actual, expected).allSatisfy { abs($0 - $1) <= 1e-9 * max(abs($1), scale) }
    }

    /// The largest magnitude among the scenario's initial and target values (at least 1).
    static func scale(of scenario: [String: Any]) -> Double {
        var values: [Any] = [scenario["initialValue"] as Any]
        values += (scenario["transactions"] as? [[String: Any]])?.compactMap { $0["value"] } ?? []
        values += ((scenario["phaseAnimator"] as? [String: Any])?["phases"] as? [Any]) ?? []
        var scale = 1.0
        for value in values {
            if let x = jsonDouble(value) { scale = max(scale, abs(x)) }
            if let object = value as? [String: Any] {
                for x in object.values.compactMap(jsonDouble) { scale = max(scale, abs(x)) }
            }
        }
        return scale
    }
}
