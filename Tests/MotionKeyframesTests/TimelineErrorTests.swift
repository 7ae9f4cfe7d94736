import Foundation
import MotionJSON
import MotionKeyframes
import Testing

/// Bad timeline JSON gets a PathError naming the path and the rule — never a trap.
@Suite("Keyframes: timeline JSON errors")
struct TimelineErrorTests {
    private func decodeError(_ json: String) -> PathError? {
        do {
            _ = try TimelineDocument.decode(json: Data(json.utf8))
            return nil
        } catch {
            return error
        }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var json: String
        /// The path the error must name (nil: the document as a whole).
        var path: String?
        /// Words the description must contain.
        var words: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "negative duration",
             json: #"{"initialValue": 0, "tracks": [{"property": null, "keyframes": [{"type": "cubic", "to": 1, "duration": 0.2}, {"type": "cubic", "to": 2, "duration": 0.2}, {"type": "linear", "to": 3, "duration": -1}]}]}"#,
             path: "tracks[0].keyframes[2].duration", words: ["finite number ≥ 0", "-1.0"]),
        Case(name: "negative spring duration",
             json: #"{"initialValue": 0, "keyframes": [{"type": "spring", "to": 1, "duration": -0.5}]}"#,
             path: "keyframes[0].duration", words: ["≥ 0", "-0.5"]),
        Case(name: "unknown keyframe type",
             json: #"{"initialValue": 0, "keyframes": [{"type": "bounce", "to": 1, "duration": 1}]}"#,
             path: "keyframes[0].type", words: ["bounce", "move", "linear", "cubic", "spring"]),
        Case(name: "keyframe without type",
             json: #"{"initialValue": 0, "keyframes": [{"to": 1, "duration": 1}]}"#,
             path: "keyframes[0].type", words: ["move", "cubic"]),
        Case(name: "unknown property",
             json: #"{"initialValue": {"x": 0, "s": 1}, "tracks": [{"property": "y", "keyframes": [{"type": "move", "to": 1}]}]}"#,
             path: "tracks[0].property", words: ["'y'", "not a property", "x", "s"]),
        Case(name: "property on a scalar timeline",
             json: #"{"initialValue": 0, "tracks": [{"property": "x", "keyframes": [{"type": "move", "to": 1}]}]}"#,
             path: "tracks[0].property", words: ["'x'", "number"]),
        Case(name: "object timeline without property",
             json: #"{"initialValue": {"x": 0}, "tracks": [{"property": null, "keyframes": [{"type": "move", "to": 1}]}]}"#,
             path: "tracks[0].property", words: ["x"]),
        Case(name: "top-level keyframes with an object initialValue",
             json: #"{"initialValue": {"x": 0}, "keyframes": [{"type": "move", "to": 1}]}"#,
             path: "keyframes", words: ["scalar", "tracks"]),
        Case(name: "missing to",
             json: #"{"initialValue": 0, "keyframes": [{"type": "move", "to": 1}, {"type": "cubic", "duration": 0.3}]}"#,
             path: "keyframes[1]", words: ["\"to\""]),
        Case(name: "missing duration",
             json: #"{"initialValue": 0, "keyframes": [{"type": "linear", "to": 1}]}"#,
             path: "keyframes[0]", words: ["\"duration\""]),
        Case(name: "to is a string",
             json: #"{"initialValue": 0, "keyframes": [{"type": "linear", "to": "ten", "duration": 1}]}"#,
             path: "keyframes[0].to", words: ["finite number"]),
        Case(name: "to overflows a double",
             json: #"{"initialValue": 0, "keyframes": [{"type": "linear", "to": 1e400, "duration": 1}]}"#,
             path: "keyframes[0].to", words: ["finite"]),
        Case(name: "bezier x1 above 1",
             json: #"{"initialValue": 0, "keyframes": [{"type": "linear", "to": 1, "duration": 1, "curve": {"bezier": [1.5, 0, 0.5, 1]}}]}"#,
             path: "keyframes[0].curve.bezier", words: ["x1", "[0, 1]", "1.5"]),
        Case(name: "bezier x2 below 0",
             json: #"{"initialValue": 0, "tracks": [{"property": null, "keyframes": [{"type": "linear", "to": 1, "duration": 1, "curve": {"bezier": [0.5, 0, -0.1, 1]}}]}]}"#,
             path: "tracks[0].keyframes[0].curve.bezier", words: ["x2", "[0, 1]", "-0.1"]),
        Case(name: "bezier with three numbers",
             json: #"{"initialValue": 0, "keyframes": [{"type": "linear", "to": 1, "duration": 1, "curve": {"bezier": [0.5, 0, 1]}}]}"#,
             path: "keyframes[0].curve.bezier", words: ["4 numbers"]),
        Case(name: "unknown curve name",
             json: #"{"initialValue": 0, "keyframes": [{"type": "linear", "to": 1, "duration": 1, "curve": "wobble"}]}"#,
             path: "keyframes[0].curve", words: ["wobble", "easeInOut"]),
        Case(name: "spring duration 0",
             json: #"{"initialValue": 0, "keyframes": [{"type": "spring", "to": 1, "spring": {"duration": 0, "bounce": 0.2}}]}"#,
             path: "keyframes[0].spring.duration", words: ["[1e-06, 1e+06]", "0.0"]),
        Case(name: "spring bounce -1",
             json: #"{"initialValue": 0, "keyframes": [{"type": "spring", "to": 1, "spring": {"duration": 0.5, "bounce": -1}}]}"#,
             path: "keyframes[0].spring.bounce", words: ["[-0.9999, 1]", "-1.0"]),
        Case(name: "spring mass 0",
             json: #"{"initialValue": 0, "keyframes": [{"type": "spring", "to": 1, "spring": {"mass": 0, "stiffness": 100, "damping": 10}}]}"#,
             path: "keyframes[0].spring.mass", words: ["mass", "0.0"]),
        Case(name: "spring negative stiffness",
             json: #"{"initialValue": 0, "keyframes": [{"type": "spring", "to": 1, "spring": {"mass": 1, "stiffness": -100, "damping": 10}}]}"#,
             path: "keyframes[0].spring.stiffness", words: ["-100.0"]),
        Case(name: "spring negative response",
             json: #"{"initialValue": 0, "keyframes": [{"type": "spring", "to": 1, "spring": {"response": -0.3, "dampingRatio": 0.5}}]}"#,
             path: "keyframes[0].spring.response", words: ["[1e-06, 1e+06]", "-0.3"]),
        Case(name: "unknown preset",
             json: #"{"initialValue": 0, "keyframes": [{"type": "spring", "to": 1, "spring": {"preset": "wobbly"}}]}"#,
             path: "keyframes[0].spring.preset", words: ["wobbly", "smooth", "snappy", "bouncy"]),
        Case(name: "unknown spring key",
             json: #"{"initialValue": 0, "keyframes": [{"type": "spring", "to": 1, "spring": {"duration": 0.5, "bounciness": 0.2}}]}"#,
             path: "keyframes[0].spring.bounciness", words: ["not a key"]),
        Case(name: "unknown keyframe key",
             json: #"{"initialValue": 0, "keyframes": [{"type": "cubic", "to": 1, "duration": 1, "velocity": 3}]}"#,
             path: "keyframes[0].velocity", words: ["not a key", "startVelocity"]),
        Case(name: "both tracks and keyframes",
             json: #"{"initialValue": 0, "tracks": [], "keyframes": []}"#,
             path: nil, words: ["\"tracks\"", "\"keyframes\"", "not both"]),
        Case(name: "neither tracks nor keyframes",
             json: #"{"initialValue": 0}"#,
             path: nil, words: ["\"tracks\""]),
        Case(name: "no initialValue",
             json: #"{"keyframes": []}"#,
             path: nil, words: ["initialValue"]),
        Case(name: "initialValue a string",
             json: #"{"initialValue": "zero", "keyframes": []}"#,
             path: "initialValue", words: ["number"]),
        Case(name: "initialValue property a string",
             json: #"{"initialValue": {"x": "0"}, "tracks": []}"#,
             path: "initialValue.x", words: ["finite number"]),
        Case(name: "unknown top-level key",
             json: #"{"initialValue": 0, "keyframes": [], "loop": true}"#,
             path: "loop", words: ["not a key"]),
        Case(name: "keyframes not an array",
             json: #"{"initialValue": 0, "keyframes": 5}"#,
             path: "keyframes", words: []),
        Case(name: "invalid JSON syntax",
             json: #"{"initialValue": 0, "keyframes": [{"type": "move", "to": 1},]"#,
             path: nil, words: ["not valid JSON"]),
        Case(name: "empty document",
             json: "",
             path: nil, words: ["not valid JSON"]),
    ]

    @Test(arguments: cases)
    func badDocument(_ c: Case) throws {
        let error = try #require(decodeError(c.json), "\(c.name): accepted")
        let text = error.description
        if let path = c.path {
            #expect(error.path == path, "\(c.name): path '\(error.path)' in: \(text)")
            #expect(text.hasPrefix(path + " "), "\(c.name): \(text)")
        }
        for word in c.words {
            #expect(text.contains(word), "\(c.name): '\(word)' not in: \(text)")
        }
    }

    /// The example of the brief, word for word.
    @Test func negativeDurationMessage() {
        let e = decodeError(#"{"initialValue": 0, "tracks": [{"property": null, "keyframes": [{"type": "cubic", "to": 1, "duration": 0.2}, {"type": "cubic", "to": 2, "duration": 0.2}, {"type": "linear", "to": 3, "duration": -1}]}]}"#)
        #expect(e?.description == "tracks[0].keyframes[2].duration must be a finite number ≥ 0; got -1.0")
    }

    /// Every prefix of a valid document, and single-byte corruptions of it, decode or throw — no trap.
    @Test func truncatedAndCorruptedDocumentsNeverTrap() throws {
        let text = #"{"initialValue": {"x": 0, "s": 1}, "tracks": [{"property": "x", "keyframes": [{"type": "linear", "to": 10, "duration": 0.2, "curve": {"bezier": [0.1, 0.2, 0.3, 1.4]}}, {"type": "cubic", "to": -10, "duration": 0.2, "startVelocity": 50}, {"type": "spring", "to": 10, "spring": {"preset": "snappy"}}, {"type": "move", "to": -5}]}]}"#
        let bytes = Array(text.utf8)
        var thrown = 0
        for n in 0..<bytes.count {
            if decodeError(String(decoding: bytes[..<n], as: UTF8.self)) != nil { thrown += 1 }
        }
        #expect(thrown == bytes.count)  // every proper prefix is incomplete JSON
        for n in stride(from: 0, to: bytes.count, by: 3) {
            for replacement in [UInt8(ascii: "-"), UInt8(ascii: "9"), UInt8(ascii: "\""), UInt8(ascii: "}"), UInt8(ascii: "e")] {
                var corrupted = bytes
                corrupted[n] = replacement
                let json = String(decoding: corrupted, as: UTF8.self)
                do {
                    let timeline = try TimelineDocument.decode(json: Data(json.utf8))
                    _ = timeline.value(time: 0.3)
                    _ = timeline.values(time: [-1, 0, 0.1, 0.5, 2])
                    _ = ContinuityReport(timeline)
                } catch {
                    #expect(!error.description.isEmpty)
                }
            }
        }
        #expect(decodeError(text) == nil)
    }
}
