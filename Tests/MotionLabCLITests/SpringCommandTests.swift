import Foundation
import Testing

@Suite("motionlab spring")
struct SpringCommandTests {
    /// The keys SPEC §7 makes a public contract.
    static let contractKeys = ["mass", "stiffness", "damping", "duration", "bounce", "response", "dampingRatio",
                               "settlingDuration", "exactSettlingTime", "epsilon", "regime"]

    @Test func describeJSONHasTheContractKeys() throws {
        let result = try MotionLabExecutable.run(["spring", "--duration", "0.5", "--bounce", "0.3", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try result.json()
        for key in Self.contractKeys { #expect(json[key] != nil, "missing key \(key)") }
        // Apple's documented values: (1.0, 157.9, 17.6).
        #expect(json["mass"] as? Double == 1.0)
        #expect(((json["stiffness"] as? Double ?? 0) * 10).rounded() == 1579)
        #expect(((json["damping"] as? Double ?? 0) * 10).rounded() == 176)
        #expect(json["regime"] as? String == "underdamped")
        let platforms = try #require(json["platforms"] as? [String: Any])
        for key in ["android", "flutter", "motion", "reactSpring", "rebound", "coreAnimation", "figma"] {
            #expect(platforms[key] != nil, "missing platform \(key)")
        }
    }

    /// Spring.smooth: SwiftUI says 0.8 s; exactly it is 0.7348 s.
    @Test func smoothPresetSettling() throws {
        let json = try MotionLabExecutable.run(["spring", "--preset", "smooth", "--json"]).json()
        #expect(abs((json["settlingDuration"] as? Double ?? 0) - 0.8) < 1e-12)
        #expect(abs((json["exactSettlingTime"] as? Double ?? 0) - 0.7348) < 5e-5)
        #expect(json["regime"] as? String == "critical")
    }

    @Test func overdampedNotes() throws {
        let clamped = try MotionLabExecutable.run(["spring", "--mass", "1", "--stiffness", "100", "--damping", "30", "--json"]).json()
        #expect(clamped["regime"] as? String == "critical")
        #expect((clamped["notes"] as? [String])?.contains { $0.contains("clamps") } == true)
        let kept = try MotionLabExecutable.run(["spring", "--mass", "1", "--stiffness", "100", "--damping", "30", "--allow-overdamping", "--json"]).json()
        #expect(kept["regime"] as? String == "overdamped")
        // Physical stiffness at the top level; SwiftUI's getter (350) under "swiftUI".
        #expect(abs((kept["stiffness"] as? Double ?? 0) - 100) < 1e-9)
        let swiftUI = try #require(kept["swiftUI"] as? [String: Any])
        #expect(abs((swiftUI["stiffness"] as? Double ?? 0) - 350) < 1e-9)
        let motion = try #require((kept["platforms"] as? [String: Any])?["motion"] as? [String: Any])
        #expect(motion["note"] != nil)
    }

    @Test(arguments: [
        ["--response", "0.4", "--damping-ratio", "0.8"],
        ["--settling-duration", "1", "--damping-ratio", "1"],
        ["--preset", "bouncy", "--duration", "0.6", "--extra-bounce", "-0.1"],
        ["--platform", "android", "--stiffness", "1500", "--damping-ratio", "0.5"],
        ["--platform", "flutter", "--mass", "2", "--stiffness", "300", "--damping", "20"],
        ["--platform", "motion", "--visual-duration", "0.3", "--bounce", "0.2"],
        ["--platform", "react-spring", "--tension", "170", "--friction", "26"],
        ["--platform", "react-spring", "--frequency", "0.5", "--damping-ratio", "0.7"],
        ["--platform", "rebound", "--origami-tension", "40", "--origami-friction", "7"],
        ["--platform", "rebound", "--bounciness", "5", "--speed", "12"],
        ["--platform", "core-animation", "--stiffness", "200", "--damping", "15", "--relative-velocity", "0.5"],
        ["--platform", "figma", "--mass", "1", "--stiffness", "300", "--damping", "20"],
        ["--bounce", "-0.3", "--target", "-2", "--initial-velocity", "-5", "--epsilon", "1e-4"],
    ])
    func everyParameterizationWorks(arguments: [String]) throws {
        let result = try MotionLabExecutable.run(["spring"] + arguments + ["--json"])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        let json = try result.json()
        let settling = try #require(json["exactSettlingTime"] as? Double)
        #expect(settling.isFinite && settling >= 0)
        // The table form works too.
        let table = try MotionLabExecutable.run(["spring"] + arguments)
        #expect(table.status == 0 && table.stdout.contains("settling (exact: within ε = "))
    }

    /// Bad input: a message naming the value on stderr, nothing on stdout, non-zero exit.
    @Test(arguments: [
        (["--duration", "nan"], "--duration"),
        (["--duration", "inf", "--bounce", "0"], "--duration"),
        (["--duration", "0"], "--duration"),
        (["--duration", "-1"], "--duration"),
        (["--bounce", "-1"], "--bounce"),
        (["--bounce", "-1.5"], "--bounce"),
        (["--mass", "0", "--stiffness", "1", "--damping", "1"], "--mass"),
        (["--mass", "-2", "--stiffness", "1", "--damping", "1"], "--mass"),
        (["--stiffness", "-1", "--damping", "1"], "--stiffness"),
        (["--stiffness", "100"], "--damping"),
        (["--response", "0.5"], "--damping-ratio"),
        (["--response", "0.5", "--damping-ratio", "0.5", "--stiffness", "3"], "--stiffness"),
        (["--duration", "0.5", "--response", "0.5", "--damping-ratio", "1"], "--duration"),
        (["--duration", "abc"], "abc"),
        (["--preset", "wobbly"], "wobbly"),
        (["--platform", "qt"], "qt"),
        (["--duration", "0.5", "--epsilon", "0"], "--epsilon"),
        (["--duration", "0.5", "--target", "nan"], "--target"),
        ([], "no spring"),
        (["--settling-duration", "30", "--damping-ratio", "1"], "--settling-duration"),
    ])
    func badInput(arguments: [String], mentions: String) throws {
        let result = try MotionLabExecutable.run(["spring"] + arguments + ["--json"])
        #expect(result.status != 0)
        #expect(result.status < 128, "killed by a signal: \(result.status)")
        #expect(result.stdout.isEmpty, "stdout: \(result.stdout)")
        #expect(result.stderr.contains(mentions), "stderr: \(result.stderr)")
    }

    @Test func sampleJSONAndCSV() throws {
        let result = try MotionLabExecutable.run(["spring", "sample", "--duration", "0.5", "--bounce", "0", "--target", "1",
                                                  "--times", "0,0.1,0.25", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let samples = try #require(try result.json()["samples"] as? [[String: Double]])
        #expect(samples.count == 3)
        // Critical, λ = 4π: x(t) = 1 − e^(−λt)(1 + λt).
        for sample in samples {
            let t = try #require(sample["time"]), lambda = 4 * Double.pi
            #expect(abs(try #require(sample["value"]) - (1 - exp(-lambda * t) * (1 + lambda * t))) < 1e-14)
            #expect(abs(try #require(sample["velocity"]) - lambda * lambda * t * exp(-lambda * t)) < 1e-12)
        }
        let csv = try MotionLabExecutable.run(["spring", "sample", "--preset", "bouncy", "--target", "-3",
                                               "--from", "0", "--to", "1", "--step", "0.25"])
        let lines = csv.stdout.split(separator: "\n")
        #expect(lines.first == "time,value,velocity")
        #expect(lines.count == 6)
    }

    @Test(arguments: [
        (["--duration", "0.5", "--times", "0,1"], "--target"),
        (["--duration", "0.5", "--target", "1"], "--times"),
        (["--duration", "0.5", "--target", "1", "--times", "0,x"], "'x'"),
        (["--duration", "0.5", "--target", "1", "--times", "0,nan"], "finite"),
        (["--duration", "0.5", "--target", "1", "--from", "0", "--to", "1"], "--step"),
        (["--duration", "0.5", "--target", "1", "--from", "1", "--to", "0", "--step", "0.1"], "--to"),
        (["--duration", "0.5", "--target", "1", "--from", "0", "--to", "1", "--step", "0"], "--step"),
        (["--duration", "0.5", "--target", "1", "--from", "0", "--to", "1e9", "--step", "1e-9"], "at most"),
    ])
    func sampleBadInput(arguments: [String], mentions: String) throws {
        let result = try MotionLabExecutable.run(["spring", "sample"] + arguments)
        #expect(result.status != 0 && result.status < 128)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(mentions), "stderr: \(result.stderr)")
    }
}

@Suite("Errors as JSON")
struct JSONErrorTests {
    /// With --json, errors are a JSON object on stderr naming the value; stdout stays empty.
    @Test(arguments: [
        (["spring", "--duration", "nan", "--json"], "--duration", 64),
        (["fit", "keyframes", "/nonexistent.csv", "--keyframes", "2", "--json"], "no such file", 2),
        (["keyframes", "eval", "/nonexistent.json", "--times", "0", "--json"], "no such file", 2),
    ] as [([String], String, Int32)])
    func jsonErrors(arguments: [String], mentions: String, code: Int32) throws {
        let result = try MotionLabExecutable.run(arguments)
        #expect(result.status == code)
        #expect(result.stdout.isEmpty)
        let object = try JSONSerialization.jsonObject(with: Data(result.stderr.utf8)) as? [String: Any]
        let message = try #require(object?["error"] as? String)
        #expect(message.contains(mentions), "\(message)")
        #expect(object?["exitCode"] as? Int == Int(code))
    }
}

/// Other platforms' spring vocabularies on the command line.
@Suite("spring --platform vocabularies")
struct SpringVocabularyCommandTests {
    @Test(arguments: [
        (["--platform", "motion", "--duration", "0.8", "--bounce", "0.25"], "motion-duration-bounce"),
        (["--platform", "flutter", "--damping-ratio", "0.5", "--stiffness", "100"], "flutter-dampingRatio"),
        (["--platform", "flutter", "--duration", "0.5", "--bounce", "0.3"], "flutter-duration-bounce"),
        (["--platform", "react-spring", "--preset", "wobbly"], "react-spring-preset"),
        (["--platform", "compose", "--stiffness-name", "medium", "--damping-ratio-name", "lowBouncy"], "compose"),
    ])
    func forms(arguments: [String], form: String) throws {
        let json = try MotionLabExecutable.run(["spring"] + arguments + ["--json"]).json()
        #expect(json["parameterization"] as? String == form)
    }

    @Test func presetOutsideReactSpring() throws {
        let result = try MotionLabExecutable.run(["spring", "--preset", "wobbly"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--platform react-spring --preset NAME"))
    }
}
