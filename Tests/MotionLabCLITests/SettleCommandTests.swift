import Foundation
import Testing

@Suite("motionlab settle")
struct SettleCommandTests {
    static func write(_ text: String, suffix: String = ".csv") throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("motionlab-settle-\(UUID().uuidString)\(suffix)")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    static let contractKeys = ["initialValue", "finalValue", "settlingTime", "riseTime", "peak", "peakTime", "overshoot", "undershoot"]

    static func reference(_ name: String) -> String {
        MotionLabExecutable.repositoryRoot.appendingPathComponent("data/recordings/steps/\(name).csv").path
    }

    /// The exact metrics of a committed recording, from data/reference/settling.json.
    static func exact(_ name: String) throws -> [String: Any] {
        let url = MotionLabExecutable.repositoryRoot.appendingPathComponent("data/reference/settling.json")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let systems = try #require(document["systems"] as? [[String: Any]])
        let system = try #require(systems.first { $0["name"] as? String == name })
        return try #require(system["exact"] as? [String: Any])
    }

    @Test func jsonHasTheContractKeysAndExactValues() throws {
        let result = try MotionLabExecutable.run(["settle", Self.reference("nmp-third-order"), "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let json = try result.json()
        for key in Self.contractKeys { #expect(json[key] is Double, "missing \(key)") }
        let exact = try Self.exact("nmp-third-order")
        for key in ["settlingTime", "riseTime", "peakTime"] {
            let ours = try #require(json[key] as? Double), truth = try #require(exact[key] as? Double)
            #expect(abs(ours - truth) <= 0.002, "\(key): \(ours) vs \(truth)")
        }
        #expect(abs((json["undershoot"] as? Double ?? 0) - (exact["undershoot"] as? Double ?? 1)) <= 0.005)
        #expect(json["threshold"] as? Double == 0.02)
        #expect(json["samples"] as? Int == 2401)
    }

    @Test func percentAndFractionThresholdsAgree() throws {
        let file = Self.reference("spring-bouncy")
        let fraction = try MotionLabExecutable.run(["settle", file, "--threshold", "0.05", "--json"]).json()
        let percent = try MotionLabExecutable.run(["settle", file, "--threshold", "5%", "--json"]).json()
        #expect(fraction["settlingTime"] as? Double == percent["settlingTime"] as? Double)
        #expect(percent["threshold"] as? Double == 0.05)
        let narrow = try MotionLabExecutable.run(["settle", file, "--json"]).json()
        #expect((narrow["settlingTime"] as? Double ?? 0) > (fraction["settlingTime"] as? Double ?? 1))
    }

    @Test func chosenColumnAndTable() throws {
        var lines = ["# a step in the second channel", "t,flat,x"]
        for i in 0...120 {
            let t = Double(i) / 60
            lines.append("\(t),1,\(10 - 4 * exp(-5 * t))")
        }
        let file = try Self.write(lines.joined(separator: "\n") + "\n")
        let result = try MotionLabExecutable.run(["settle", file, "--column", "x"])
        #expect(result.status == 0, "\(result.stderr)")
        for text in ["settling time", "rise time", "overshoot", "undershoot", "peak"] {
            #expect(result.stdout.contains(text), "table lacks \(text)")
        }
        let json = try MotionLabExecutable.run(["settle", file, "--column", "x", "--json"]).json()
        #expect(json["initialValue"] as? Double == 6)
        #expect(json["channel"] as? String == "x")
        // First order: rise time ln 9 / 5.
        #expect(abs((json["riseTime"] as? Double ?? 0) - log(9) / 5) <= 1e-4)
    }

    @Test func springModel() throws {
        let result = try MotionLabExecutable.run(["settle", "--duration", "0.5", "--bounce", "0.3", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try result.json()
        for key in Self.contractKeys { #expect(json[key] != nil, "missing \(key)") }
        let exact = try Self.exact("spring-bouncy")
        for key in ["settlingTime", "riseTime", "peakTime", "overshoot"] {
            let ours = try #require(json[key] as? Double), truth = try #require(exact[key] as? Double)
            #expect(abs(ours - truth) <= 1e-9 * max(1, abs(truth)), "\(key): \(ours) vs \(truth)")
        }
        // No overshoot: the peak is the target, approached as t → ∞ ("inf" in JSON).
        let smooth = try MotionLabExecutable.run(["settle", "--preset", "smooth", "--json"]).json()
        #expect(smooth["peakTime"] as? String == "inf")
        let table = try MotionLabExecutable.run(["settle", "--duration", "0.5", "--bounce", "0.3", "--initial-velocity", "-3"])
        #expect(table.status == 0 && table.stdout.contains("undershoot"))
    }

    @Test(arguments: [
        (["--threshold", "nan"], "--threshold"),
        (["--threshold", "1.5"], "(0, 1)"),
        (["--threshold", "2"], "2%"),
        (["--threshold", "0"], "(0, 1)"),
        (["--threshold", "-0.1"], "(0, 1)"),
        (["--threshold", "inf"], "--threshold"),
        (["--threshold", "150%"], "100"),
        (["--threshold", "abc"], "'abc'"),
        (["--duration", "0.5"], "not both"),
    ])
    func badOptions(arguments: [String], mentions: String) throws {
        let file = Self.reference("spring-bouncy")
        let result = try MotionLabExecutable.run(["settle", file] + arguments + ["--json"])
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(mentions), "stderr: \(result.stderr)")
    }

    @Test(arguments: [
        ("time,x\n0,1\n0.1,1\n0.2,1\n0.3,1\n0.4,1\n", "no step"),
        ("time,x\n0,0\n0.1,1\n0.2,1\n", "at least 4"),
        ("time,x\n0,0\n0.1,abc\n", ":3:"),
        ("time,x\n0,0\n0.1,nan\n", "finite"),
        ("time,x\n0,0\n0.1,1\n0.1,1\n", "repeats"),
        ("", "empty"),
    ])
    func badRecordings(csv: String, mentions: String) throws {
        let file = try Self.write(csv)
        let result = try MotionLabExecutable.run(["settle", file, "--json"])
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(mentions), "stderr: \(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"))
    }

    @Test func badPathsAndMissingInput() throws {
        let missing = try MotionLabExecutable.run(["settle", "/nonexistent/step.csv"])
        #expect(missing.status != 0 && missing.stdout.isEmpty && missing.stderr.contains("no such file"))
        let directory = try MotionLabExecutable.run(["settle", FileManager.default.temporaryDirectory.path])
        #expect(directory.status != 0 && directory.stdout.isEmpty && directory.stderr.contains("directory"))
        let nothing = try MotionLabExecutable.run(["settle"])
        #expect(nothing.status != 0 && nothing.stdout.isEmpty && nothing.stderr.contains("spring options"))
        let zero = try MotionLabExecutable.run(["settle", "--duration", "0.5", "--target", "0"])
        #expect(zero.status != 0 && zero.stdout.isEmpty && zero.stderr.contains("--target"))
        let epsilon = try MotionLabExecutable.run(["settle", "--duration", "0.5", "--epsilon", "0.01"])
        #expect(epsilon.status != 0 && epsilon.stdout.isEmpty && epsilon.stderr.contains("--threshold"))
        let badSpring = try MotionLabExecutable.run(["settle", "--duration", "nan"])
        #expect(badSpring.status != 0 && badSpring.stdout.isEmpty && badSpring.stderr.contains("--duration"))
    }
}
