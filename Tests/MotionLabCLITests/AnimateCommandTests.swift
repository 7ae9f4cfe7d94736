import Foundation
import MotionIO
import Testing

/// `motionlab animate` as a user runs it, against the independent Python reference's table
/// (data/reference/animations.json) and the error contract of SPEC §7.
@Suite("motionlab animate")
struct AnimateCommandTests {
    static func write(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("motionlab-\(UUID().uuidString).json")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// The table's entries, as parsed JSON.
    static var table: [String: [String: Any]] {
        let url = MotionLabExecutable.repositoryRoot.appendingPathComponent("data/reference/animations.json")
        guard let data = try? Data(contentsOf: url),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let scenarios = json["scenarios"] as? [[String: Any]] else { return [:] }
        return Dictionary(scenarios.map { ($0["name"] as! String, $0) }, uniquingKeysWith: { a, _ in a })
    }

    static func number(_ x: Any?) -> Double? {
        if let s = x as? String { return s == "inf" ? .infinity : nil }
        return (x as? NSNumber).map { Double($0.stringValue) ?? $0.doubleValue }
    }

    static func components(_ x: Any?) -> [Double] {
        if let object = x as? [String: Any] { return object.keys.sorted().map { number(object[$0]) ?? .nan } }
        return [number(x) ?? .nan]
    }

    /// The command's JSON equals the reference's frames (1e-9 relative to the value scale),
    /// events and duration, through the whole path: file, decoder, engine, JSON writer.
    @Test(arguments: ["spec-example-120fps", "vector-spring-merge", "phaseAnimator-triggered", "default-legacy",
                      "repeatForever-autoreverse", "off-frame-transactions"])
    func matchesTheReference(_ name: String) throws {
        let entry = try #require(Self.table[name], "no entry \(name)")
        let scenario = try JSONSerialization.data(withJSONObject: entry["scenario"]!)
        let file = try Self.write(String(decoding: scenario, as: UTF8.self))
        let result = try MotionLabExecutable.run([
            "animate", file, "--fps", "\(Self.number(entry["fps"])!)", "--from", "\(Self.number(entry["from"])!)",
            "--to", "\(Self.number(entry["to"])!)", "--default-animation", entry["defaultAnimation"] as! String, "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let actual = try result.json(), expected = entry["expected"] as! [String: Any]
        #expect(Self.number(actual["fps"]) == Self.number(expected["fps"]))
        #expect(Self.number(actual["duration"]) == Self.number(expected["duration"]))
        let frames = try #require(actual["samples"] as? [[String: Any]])
        let reference = try #require(expected["samples"] as? [[String: Any]])
        try #require(frames.count == reference.count)
        for (frame, sample) in zip(frames, reference) {
            #expect(Self.number(frame["time"]) == Self.number(sample["time"]))
            for key in ["value", "velocity"] {
                if sample[key] is NSNull { #expect(frame[key] is NSNull, "\(name) \(key) at \(sample["time"]!)"); continue }
                for (a, b) in zip(Self.components(frame[key]), Self.components(sample[key])) {
                    #expect(abs(a - b) <= 1e-9 * max(abs(b), 200), "\(name) \(key) at \(sample["time"]!): \(a) vs \(b)")
                }
            }
        }
        let events = (actual["events"] as? [[String: Any]] ?? []).map { "\($0["time"]!) \($0["kind"]!) \($0["transaction"]!) \($0["phase"] ?? "")" }
        let expectedEvents = (expected["events"] as? [[String: Any]] ?? []).map { "\($0["time"]!) \($0["kind"]!) \($0["transaction"]!) \($0["phase"] ?? "")" }
        #expect(events == expectedEvents)
    }

    /// The readable default: the frames with the initial value's columns, the events, the
    /// duration and the spring comparison.
    @Test func tableByDefault() throws {
        let file = MotionLabExecutable.repositoryRoot.appendingPathComponent("data/scenarios/emoji-bounce.json").path
        let result = try MotionLabExecutable.run(["animate", file, "--to", "0.6"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.split(separator: " ").map(String.init) == ["time", "offsetY", "scale", "velocity.offsetY", "velocity.scale"])
        #expect(result.stdout.contains("phase 1"))
        #expect(result.stdout.contains("Phase cycle 1"))
        #expect(result.stdout.contains("duration"))
    }

    /// The window defaults to the whole run; standard input works as `-`; --times picks frames.
    @Test func windowAndStandardInput() throws {
        let scenario = #"{"initialValue": 0, "transactions": [{"time": 0, "value": 1, "animation": ".linear(duration: 0.5)"}]}"#
        let whole = try MotionLabExecutable.run(["animate", "-", "--json"], stdin: scenario).json()
        let samples = try #require(whole["samples"] as? [[String: Any]])
        // Removed on the first frame past 0.5 s: 0.5 is frame 30, so 31 → 1/60·31; frames 0…31.
        #expect(Self.number(whole["duration"]) == 31.0 / 60)
        #expect(samples.count == 32)
        // linear: the value is the progress (the hold frame 0 shows 0).
        #expect(abs(Self.number(samples[12]["value"])! - (12.0 / 60) / 0.5) < 1e-12)
        let picked = try MotionLabExecutable.run(["animate", "-", "--times", "0.1,0.25", "--json"], stdin: scenario).json()
        let values = (picked["samples"] as? [[String: Any]] ?? []).map { Self.number($0["value"])! }
        #expect(values.count == 2 && abs(values[0] - 0.2) < 1e-12 && abs(values[1] - 0.5) < 1e-12)
    }

    /// Bad scenarios: exit 1, the path (and the expression's column) on stderr, nothing on stdout.
    @Test(arguments: [
        (#"{"initialValue": 0, "transactions": [{"time": -1, "value": 1, "animation": null}]}"#, "transactions[0].time must be"),
        (#"{"initialValue": {"x": 0}, "transactions": [{"time": 0, "value": {"x": 1, "y": 2}, "animation": null}]}"#,
         "transactions[0].value.y is not a key"),
        (#"{"initialValue": 0, "transactions": [{"time": 0, "value": 1, "animation": {"type": "wobble"}}]}"#,
         "transactions[0].animation.type is 'wobble'"),
        (#"{"initialValue": 0, "transactions": [{"time": 0, "value": 1, "animation": ".spring(response: 0.4).sprung"}]}"#,
         "transactions[0].animation, column 24: unknown modifier '.sprung'"),
        (#"{"initialValue": 0, "phaseAnimator": {"phases": []}}"#, "phaseAnimator.phases must be a non-empty array"),
        (#"{"initialValue": 0, "phaseAnimator": {"phases": [0, 1], "animations": ["smooth"]}}"#, "phaseAnimator.animations must be an array of 2"),
        (#"{"initialValue": 0, "transactions": [{"time": 0, "value": 1e999}]}"#, "transactions[0].value must be a finite number"),
        (#"{"initialValue": 0, "transactions": [{"time": 0, "value": 1,}]}"#, "is not valid JSON: line 1, column 61"),
    ])
    func badScenario(_ text: String, _ message: String) throws {
        let result = try MotionLabExecutable.run(["animate", try Self.write(text), "--to", "1"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    /// Bad options: exit 64 with the usage line.
    @Test(arguments: [
        (["--fps", "0"], "--fps must be in (0, 1000]"), (["--fps", "nan"], "--fps must be"),
        (["--from", "2", "--to", "1"], "--to must be ≥ --from"), (["--to", "inf"], "--to must be a time in [0, 4200]"),
        (["--times", "0.1", "--to", "1"], "either --times"), (["--default-animation", "ios16"], "ios17"),
    ])
    func badOptions(_ options: [String], _ message: String) throws {
        let file = MotionLabExecutable.repositoryRoot.appendingPathComponent("data/scenarios/spec-example.json").path
        let result = try MotionLabExecutable.run(["animate", file] + options)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    /// A run that never ends needs a window.
    @Test func loopingNeedsAWindow() throws {
        let file = MotionLabExecutable.repositoryRoot.appendingPathComponent("data/scenarios/phase-loop.json").path
        let result = try MotionLabExecutable.run(["animate", file, "--json"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("does not end within 600 s of its last transaction"))
        let windowed = try MotionLabExecutable.run(["animate", file, "--to", "1", "--json"])
        #expect(windowed.status == 0)
        #expect(try windowed.json()["duration"] as? String == "inf")
    }

    /// A delay beyond the 600 s horizon is named as a cause, not only looping; a window shows the
    /// removal at 1000.3 s.
    @Test func aLongDelayNeedsAWindow() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("delay-\(UUID().uuidString).json")
        try #"{"initialValue": 0, "transactions": [{"time": 0, "value": 100, "animation": {"type": "linear", "duration": 0.3, "delay": 1000}}]}"#
            .write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try MotionLabExecutable.run(["animate", file.path, "--json"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("a delay or a spring that outlasts that"), "\(result.stderr)")
        let windowed = try MotionLabExecutable.run(["animate", file.path, "--times", "999,1000.1,1100", "--json"])
        #expect(windowed.status == 0, "\(windowed.stderr)")
    }
}
