import MotionAnimations
import MotionDocuments
import MotionIO
import MotionJSON
import Testing

/// The `motionlab animate` document (SPEC §9) built in process: its keys, ∞ as "inf", and values
/// and spring states in the initial value's shape.
@Suite("The animate document")
struct AnimationRunDocumentTests {
    static func document(_ json: String, to: Double = 0.1) throws -> JSONValue {
        let scenario = try AnimationScenarioDocument.decode(json: Array(json.utf8))
        return scenario.run(window: .range(from: 0, to: to)).json
    }

    @Test func keysAndShapes() throws {
        let doc = try Self.document(#"{"initialValue": {"x": 0, "y": 1}, "transactions": [{"time": 0, "value": {"y": 3, "x": 2}, "animation": "spring"}]}"#)
        guard case .object(let pairs) = doc else { Issue.record("not an object"); return }
        #expect(pairs.map(\.0) == ["fps", "samples", "events", "duration", "springSegments"])
        let sample = doc["samples"]!
        guard case .array(let samples) = sample, case .object(let first) = samples[0] else { Issue.record("no samples"); return }
        #expect(first.map(\.0) == ["time", "value", "velocity"])
        // The initial value's key order, whatever the transaction's order.
        guard case .object(let value)? = first[1].1 as JSONValue? else { Issue.record("value"); return }
        #expect(value.map(\.0) == ["x", "y"])
        guard case .array(let segments)? = doc["springSegments"], let segment = segments.first else { Issue.record("segments"); return }
        // A spring from rest: offset and velocity zero, in the value's shape; the target is the change (2, 2).
        #expect(segment["initialVelocity"] == .object([("x", .number(0)), ("y", .number(0))]))
        #expect(segment["target"] == .object([("x", .number(2)), ("y", .number(2))]))
        #expect(segment["animation"] == .string(".spring(response: 0.5, dampingFraction: 0.825, blendDuration: 0.0)"))
    }

    @Test func endlessRunIsInf() throws {
        let doc = try Self.document(#"{"initialValue": 0, "phaseAnimator": {"phases": [0, 1], "animations": [null, "linear"]}}"#)
        #expect(doc["duration"]?.serialized() == "\"inf\"")
        guard case .array(let cycles)? = doc["phaseCycles"] else { Issue.record("no phaseCycles"); return }
        #expect(!cycles.isEmpty)
    }
}
