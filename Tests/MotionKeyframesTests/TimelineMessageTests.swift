import Foundation
import MotionJSON
import MotionKeyframes
import Testing

/// Every rule of the timeline reader, broken once: the exact description of the error — the path,
/// the rule and what was found.
@Suite("Keyframes: timeline JSON error messages")
struct TimelineMessageTests {
    /// A scalar timeline whose one keyframe is `keyframe`.
    static func one(_ keyframe: String) -> String { #"{"initialValue": 0, "keyframes": ["# + keyframe + "]}" }

    /// A linear keyframe whose curve is `curve`.
    static func curve(_ curve: String) -> String { one(#"{"type": "linear", "to": 1, "duration": 1, "curve": "# + curve + "}") }

    /// A spring keyframe whose spring is `spring`.
    static func spring(_ spring: String) -> String { one(#"{"type": "spring", "to": 1, "spring": "# + spring + "}") }

    static let cases: [(json: String, message: String)] = [
        // The document.
        (#"{"initialValue": 0,}"#, "is not valid JSON: line 1, column 20: a comma before '}' (trailing commas are not JSON)"),
        ("5", "must be a timeline (an object); got the number 5.0"),
        (#"{"initialValue": 0, "keyframes": [], "loop": true, "speed": 2}"#,
         "loop is not a key of a timeline; nor is 'speed' (allowed: initialValue, keyframes, tracks)"),
        (#"{"initialValue": 0, "initialValue": 1, "keyframes": []}"#, "initialValue appears twice"),
        (#"{"keyframes": []}"#, #"a timeline needs "initialValue": a number or an object of numbers"#),
        (#"{"initialValue": 0, "tracks": [], "keyframes": []}"#, #"a timeline has "tracks" or "keyframes", not both"#),
        (#"{"initialValue": 0}"#, #"a timeline needs "tracks" (or "keyframes" for a scalar timeline)"#),
        // The initial value.
        (#"{"initialValue": null, "keyframes": []}"#,
         #"initialValue must be a number or an object of numbers such as {"x": 0, "scale": 1}; got null"#),
        (#"{"initialValue": 1e400, "keyframes": []}"#, "initialValue must be a finite number; got a number too large for a double"),
        (#"{"initialValue": {}, "tracks": []}"#, "initialValue must name at least one property"),
        (#"{"initialValue": {"x": 0, "x": 1}, "tracks": []}"#, "initialValue.x appears twice"),
        (#"{"initialValue": {"x": true}, "tracks": []}"#, "initialValue.x must be a finite number; got true"),
        // Tracks.
        (#"{"initialValue": 0, "tracks": {}}"#, "tracks must be an array of tracks; got an object"),
        (#"{"initialValue": 0, "keyframes": "none"}"#, #"keyframes must be an array of keyframes; got the string "none""#),
        (#"{"initialValue": {"x": 0}, "keyframes": []}"#,
         #"keyframes at the top level is for a scalar timeline; with an object initialValue use "tracks" with a "property" each"#),
        (#"{"initialValue": 0, "tracks": [[]]}"#, "tracks[0] must be a track (an object); got an array"),
        (#"{"initialValue": 0, "tracks": [{"keyframes": [], "easing": "x"}]}"#,
         "tracks[0].easing is not a key of a track (allowed: keyframes, property)"),
        (#"{"initialValue": 0, "tracks": [{"property": 3, "keyframes": []}]}"#, "tracks[0].property must be a string or null; got the number 3.0"),
        (#"{"initialValue": 0, "tracks": [{"property": null}]}"#, #"tracks[0] needs "keyframes""#),
        (#"{"initialValue": 0, "tracks": [{"property": "x", "keyframes": []}]}"#,
         "tracks[0].property names 'x' but initialValue is a number: use null"),
        (#"{"initialValue": {"x": 0, "s": 1}, "tracks": [{"keyframes": []}]}"#,
         "tracks[0].property is needed: initialValue has properties x, s"),
        (#"{"initialValue": {"x": 0, "s": 1}, "tracks": [{"property": "y", "keyframes": []}]}"#,
         "tracks[0].property 'y' is not a property of initialValue (it has x, s)"),
        // Keyframes.
        (one("3"), #"keyframes[0] must be a keyframe, an object with "type" (one of move, linear, cubic, spring); got the number 3.0"#),
        (one(#"{"to": 1}"#), "keyframes[0].type is needed: one of move, linear, cubic, spring"),
        (one(#"{"type": 1, "to": 1}"#), "keyframes[0].type must be one of move, linear, cubic, spring; got the number 1.0"),
        (one(#"{"type": "bounce", "to": 1}"#), "keyframes[0].type 'bounce' is not a keyframe type (move, linear, cubic, spring)"),
        (one(#"{"type": "move", "to": 1, "to": 2}"#), "keyframes[0].to appears twice"),
        (one(#"{"type": "move"}"#), #"keyframes[0] needs "to" (a finite number)"#),
        (one(#"{"type": "move", "to": null}"#), #"keyframes[0] needs "to" (a finite number)"#),
        (one(#"{"type": "move", "to": "ten"}"#), #"keyframes[0].to must be a finite number; got the string "ten""#),
        (one(#"{"type": "linear", "to": 1}"#), #"keyframes[0] needs "duration" (a finite number ≥ 0)"#),
        (one(#"{"type": "linear", "to": 1, "duration": "1s"}"#), #"keyframes[0].duration must be a finite number ≥ 0; got the string "1s""#),
        (one(#"{"type": "cubic", "to": 1, "duration": -0.25}"#), "keyframes[0].duration must be a finite number ≥ 0; got -0.25"),
        (one(#"{"type": "cubic", "to": 1, "duration": 1, "startVelocity": [1]}"#), "keyframes[0].startVelocity must be a finite number; got an array"),
        (one(#"{"type": "cubic", "to": 1, "duration": 1, "velocity": 3}"#),
         "keyframes[0].velocity is not a key of a cubic keyframe (allowed: duration, endVelocity, startVelocity, to, type)"),
        (one(#"{"type": "spring", "to": 1, "spring": {"duration": 0.5, "bounce": 1}}"#),
         "keyframes[0].duration is needed: an undamped spring (bounce 1, damping 0) never settles, so it has no default duration"),
        // Curves.
        (curve("3"), #"keyframes[0].curve must be a curve name or {"bezier": [x1, y1, x2, y2]}; got the number 3.0"#),
        (curve("{}"), #"keyframes[0].curve must be a curve name or {"bezier": [x1, y1, x2, y2]}; got an object without "bezier""#),
        (curve(#""wobble""#), "keyframes[0].curve unknown curve 'wobble'; valid names: "
            + "linear, easeIn, easeOut, easeInOut, circularEaseIn, circularEaseOut, circularEaseInOut"),
        (curve(#"{"bezier": [0, 0, 1, 1], "steps": 2}"#), "keyframes[0].curve.steps is not a key of a curve (allowed: bezier)"),
        (curve(#"{"bezier": "ease"}"#), #"keyframes[0].curve.bezier must be an array of 4 numbers [x1, y1, x2, y2]; got the string "ease""#),
        (curve(#"{"bezier": [0.5, 0, 0.5, 1, 0]}"#), "keyframes[0].curve.bezier must be an array of 4 numbers [x1, y1, x2, y2]; got an array of 5"),
        (curve(#"{"bezier": [0.5, "0", 0.5, 1]}"#), #"keyframes[0].curve.bezier y1 must be a finite number; got the string "0""#),
        (curve(#"{"bezier": [0.5, 0, 0.5, 1e999]}"#), "keyframes[0].curve.bezier y2 must be a finite number; got a number too large for a double"),
        (curve(#"{"bezier": [1.5, 0, 0.5, 1]}"#), "keyframes[0].curve.bezier x1 must be in [0, 1]; got 1.5"),
        // Springs.
        (spring(#""snappy""#), #"keyframes[0].spring must be a spring object such as {"duration": 0.5, "bounce": 0.2}; got the string "snappy""#),
        (spring(#"{"preset": 2}"#), "keyframes[0].spring.preset must be one of smooth, snappy, bouncy; got the number 2.0"),
        (spring(#"{"preset": "wobbly"}"#), "keyframes[0].spring.preset must be one of smooth, snappy, bouncy; got 'wobbly'"),
        (spring(#"{"preset": "snappy", "bounce": 0.2}"#),
         "keyframes[0].spring.bounce is not a key of a preset spring (allowed: duration, extraBounce, preset)"),
        (spring(#"{"response": 0.5}"#), #"keyframes[0].spring needs "dampingRatio" (a finite number)"#),
        (spring(#"{"stiffness": 100, "damping": 10, "allowOverDamping": "yes"}"#),
         #"keyframes[0].spring.allowOverDamping must be true or false; got the string "yes""#),
        (spring(#"{"duration": 0, "bounce": 0.2}"#), "keyframes[0].spring.duration must be in [1e-06, 1e+06] seconds; got 0.0"),
        (spring(#"{"settlingDuration": 20, "dampingRatio": 0.5}"#),
         "keyframes[0].spring.settlingDuration must be in [0.01, 10] seconds (SwiftUI clamps to it); got 20.0"),
        // The whole timeline.
        (#"{"initialValue": 0, "keyframes": [{"type": "linear", "to": 1, "duration": 6e8}, {"type": "linear", "to": 2, "duration": 6e8}]}"#,
         "keyframes lasts 1200000000.0 s; a timeline may last at most 1000000000.0 s (the keyframes' durations add up past it)"),
        (#"{"initialValue": 0, "tracks": [{"keyframes": [{"type": "linear", "to": -1.7e308, "duration": 1}, {"type": "linear", "to": 1.7e308, "duration": 1}]}]}"#,
         "tracks[0].keyframes[1] moves from -1.7e+308 to 1.7e+308: the change, or the velocities SwiftUI derives from it, overflow a double (values must differ by less than 1.8e308)"),
    ]

    @Test(arguments: cases)
    func message(_ entry: (json: String, message: String)) throws {
        let error = #expect(throws: PathError.self) { try TimelineDocument.decode(json: Array(entry.json.utf8)) }
        #expect(error?.description == entry.message, "\(entry.json)")
    }

    /// Through a `Decoder` the same reader runs, its paths continuing the decoder's coding path.
    @Test func codableErrorsContinueTheCodingPath() throws {
        struct Wrapper: Decodable { var timeline: TimelineDocument }
        let json = #"{"timeline": {"initialValue": 0, "keyframes": [{"type": "linear", "to": 1, "duration": -1}]}}"#
        let error = #expect(throws: PathError.self) { try JSONDecoder().decode(Wrapper.self, from: Data(json.utf8)) }
        #expect(error?.description == "timeline.keyframes[0].duration must be a finite number ≥ 0; got -1.0")
    }

    /// Through a `Decoder` a timeline reads the same, except that a decoder reports no key order,
    /// so an object initial value comes in name order; the text reader keeps the document's order.
    @Test func codableReadsTheSameTimeline() throws {
        let json = #"{"initialValue": {"x": 0, "s": 1}, "tracks": [{"property": "s", "keyframes": [{"type": "spring", "to": 2, "spring": {"preset": "bouncy"}}, {"type": "linear", "to": 0, "duration": 0.3, "curve": {"bezier": [0.2, 0, 0.4, 1]}}]}, {"property": "x", "keyframes": [{"type": "cubic", "to": 5, "duration": 0.5, "endVelocity": 0}, {"type": "move", "to": 1}]}]}"#
        let text = try TimelineDocument.decode(json: Array(json.utf8))
        let codable = try JSONDecoder().decode(TimelineDocument.self, from: Data(json.utf8))
        #expect(text.initialValue.propertyNames == ["x", "s"])
        #expect(codable.initialValue.propertyNames == ["s", "x"])
        #expect(codable.tracks == text.tracks)
        #expect(codable.initialValue["x"] == 0 && codable.initialValue["s"] == 1)
        // Written by the encoder and read back: the same keyframes (a spring up to the round trip
        // of its duration and bounce, so only the others are compared).
        let again = try TimelineDocument.decode(json: try JSONEncoder().encode(text))
        #expect(Set(again.initialValue.propertyNames) == ["x", "s"])
        #expect(again.tracks.map(\.property) == ["s", "x"])
        #expect(again.tracks[0].keyframes[1] == text.tracks[0].keyframes[1] && again.tracks[1].keyframes == text.tracks[1].keyframes)
    }
}
