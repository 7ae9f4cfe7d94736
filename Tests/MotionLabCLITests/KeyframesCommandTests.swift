import Foundation
import Testing

@Suite("motionlab keyframes")
struct KeyframesCommandTests {
    static func write(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("motionlab-\(UUID().uuidString).json")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// A lone cubic 0 → 10 over 0.4 s is smoothstep: 10(3u² − 2u³).
    @Test func evalScalarJSON() throws {
        let file = try Self.write(#"{"initialValue": 0, "keyframes": [{"type": "cubic", "to": 10, "duration": 0.4}]}"#)
        let result = try MotionLabExecutable.run(["keyframes", "eval", file, "--times", "-1,0.1,0.2,0.4,9", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try result.json()
        #expect(json["duration"] as? Double == 0.4)
        let samples = try #require(json["samples"] as? [[String: Double]])
        let expected = [0, 10 * (3 * 0.0625 - 2 * 0.015625), 5, 10, 10]
        for (sample, value) in zip(samples, expected) {
            #expect(abs(try #require(sample["value"]) - value) < 1e-12)
        }
        let progress = try MotionLabExecutable.run(["keyframes", "eval", file, "--progress", "0.5", "--json"]).json()
        #expect(abs(((progress["samples"] as? [[String: Double]])?.first?["value"] ?? 0) - 5) < 1e-12)
    }

    /// Two tracks of a struct-like value; an untracked property keeps its initial value.
    @Test func evalObjectJSON() throws {
        let file = try Self.write(#"""
        {"initialValue": {"x": 0, "s": 1, "r": 7},
         "tracks": [{"property": "x", "keyframes": [{"type": "linear", "to": 100, "duration": 1}]},
                    {"property": "s", "keyframes": [{"type": "linear", "to": 2, "duration": 0.5}]}]}
        """#)
        let result = try MotionLabExecutable.run(["keyframes", "eval", file, "--times", "0.25", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let sample = try #require((try result.json()["samples"] as? [[String: Any]])?.first)
        let value = try #require(sample["value"] as? [String: Double])
        #expect(value["x"] == 25 && value["s"] == 1.5 && value["r"] == 7)
        let csv = try MotionLabExecutable.run(["keyframes", "eval", file, "--from", "0", "--to", "1", "--step", "0.5"])
        #expect(csv.stdout.split(separator: "\n").count == 4)
    }

    @Test func verifyReportsAMoveAsAJump() throws {
        let file = try Self.write(#"""
        {"initialValue": 0, "keyframes": [
          {"type": "cubic", "to": 1, "duration": 0.5}, {"type": "move", "to": 3}, {"type": "cubic", "to": 4, "duration": 0.5}]}
        """#)
        let result = try MotionLabExecutable.run(["keyframes", "verify", file, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try result.json()
        #expect(json["continuity"] as? String == "discontinuous")
        let track = try #require((json["tracks"] as? [[String: Any]])?.first)
        let junctions = try #require(track["junctions"] as? [[String: Any]])
        let interior = try #require(junctions.first { $0["boundary"] as? String == "interior" })
        #expect(interior["valueJump"] as? Double == 2)
        #expect(interior["continuity"] as? String == "discontinuous")
    }

    @Test(arguments: [
        ("/nonexistent/timeline.json", "no such file"),
        ("/tmp", "is a directory"),
    ])
    func unreadableFiles(path: String, mentions: String) throws {
        let result = try MotionLabExecutable.run(["keyframes", "eval", path, "--times", "0"])
        #expect(result.status != 0 && result.status < 128)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(mentions), "\(result.stderr)")
    }

    @Test(arguments: [
        (#"{"initialValue": 0, "keyframes": [{"type": "cubic", "to": 1, "duration": -1}]}"#, "keyframes[0].duration"),
        (#"{"initialValue": 0, "keyframes": [{"type": "bounce", "to": 1}]}"#, "'bounce' is not a keyframe type"),
        (#"{"initialValue": {"x": 0}, "tracks": [{"property": "y", "keyframes": []}]}"#, "'y' is not a property"),
        (#"{"initialValue": 0, "keyframes": [{"type": "linear", "duration": 1}]}"#, "\"to\""),
        (#"{"initialValue": 0, "keyframes": [{"type": "linear", "to": 1, "duration": 1, "curve": {"bezier": [1.5, 0, 1, 1]}}]}"#, "x1 must be in [0, 1]"),
        (#"{"initialValue": 0, "keyframes": [{"type": "spring", "to": 1, "spring": {"duration": 0.5, "bounce": -2}}]}"#, "bounce"),
        (#"{"initialValue": 0, "keyframes": [], "tracks": []}"#, "not both"),
        (#"{"initialValue": 0, "keyframes": [ {"type": "move", "to": 1} "#, "not valid JSON"),
    ])
    func badTimelines(text: String, mentions: String) throws {
        let file = try Self.write(text)
        let result = try MotionLabExecutable.run(["keyframes", "eval", file, "--times", "0"])
        #expect(result.status != 0 && result.status < 128)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(mentions), "\(result.stderr)")
    }

    @Test func badTimesList() throws {
        let file = try Self.write(#"{"initialValue": 0, "keyframes": [{"type": "move", "to": 1}]}"#)
        let result = try MotionLabExecutable.run(["keyframes", "eval", file, "--times", "0,abc"])
        #expect(result.status != 0 && result.stdout.isEmpty && result.stderr.contains("'abc'"))
        let neither = try MotionLabExecutable.run(["keyframes", "eval", file])
        #expect(neither.status != 0 && neither.stderr.contains("exactly one"))
    }
}
