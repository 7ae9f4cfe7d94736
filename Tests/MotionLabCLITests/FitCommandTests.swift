import Foundation
import Testing

@Suite("motionlab fit")
struct FitCommandTests {
    static func write(_ text: String, suffix: String = ".csv") throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("motionlab-\(UUID().uuidString)\(suffix)")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// A 60 Hz spring-like step.
    static func stepCSV() -> String {
        var lines = ["# a recorded step", "time,x,other"]
        for i in 0..<120 {
            let t = Double(i) / 60
            let x = 100 * (1 - exp(-6 * t) * (cos(12 * t) + 0.5 * sin(12 * t)))
            lines.append("\(t + 1),\(x),\(i)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The exported timeline evaluates back (through `keyframes eval`) to the fitted curve.
    @Test func fitKeyframesRoundTripsThroughEval() throws {
        let csv = try Self.write(Self.stepCSV())
        let result = try MotionLabExecutable.run(["fit", "keyframes", csv, "--column", "x", "--tolerance", "0.5", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try result.json()
        for key in ["keyframes", "timeline", "rmse", "maxError", "swiftUI"] { #expect(json[key] != nil, "missing \(key)") }
        #expect((json["maxError"] as? Double ?? .infinity) <= 0.5)
        #expect(json["startTime"] as? Double == 1)
        let timeline = try JSONSerialization.data(withJSONObject: try #require(json["timeline"]))
        let timelineFile = try Self.write(String(decoding: timeline, as: UTF8.self), suffix: ".json")
        let times = stride(from: 0.0, through: 1.9, by: 0.1).map { String($0) }.joined(separator: ",")
        let eval = try MotionLabExecutable.run(["keyframes", "eval", timelineFile, "--times", times, "--json"]).json()
        let samples = try #require(eval["samples"] as? [[String: Double]])
        for sample in samples {
            let t = try #require(sample["time"])
            let truth = 100 * (1 - exp(-6 * t) * (cos(12 * t) + 0.5 * sin(12 * t)))
            #expect(abs(try #require(sample["value"]) - truth) <= 0.6, "t = \(t)")
        }
    }

    /// 2·10⁴ samples at 1 kHz of a spring-like step 0 → 100 with Gaussian noise of σ = 1
    /// (a 64-bit LCG through Box–Muller, seeded).
    static func noisyStepCSV() -> String {
        var state: UInt64 = 12_345
        func uniform() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return (Double(state >> 11) + 0.5) / Double(1 << 53)
        }
        var lines = ["time,x"]
        for i in 0..<20_000 {
            let t = Double(i) / 1000
            let u = max(t - 1, 0)
            let x = 100 * (1 - exp(-6 * u) * (cos(12 * u) + 0.5 * sin(12 * u)))
            let noise = (-2 * log(uniform())).squareRoot() * cos(2 * .pi * uniform())
            lines.append("\(t),\(x + noise)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A tolerance below the samples' noise floor (1 against σ = 1 on 2·10⁴ samples: the floor is
    /// about 2.2) fails at once with exit 1, naming the tolerance, σ, the floor and a tolerance to
    /// use; with --json the same message is the error object on stderr.
    @Test func toleranceBelowTheNoiseFloorIsADataError() throws {
        let csv = try Self.write(Self.noisyStepCSV())
        let plain = try MotionLabExecutable.run(["fit", "keyframes", csv, "--tolerance", "1"])
        #expect(plain.status == 1 && plain.stdout.isEmpty, "\(plain.status) \(plain.stdout)")
        for text in ["Error: \(csv): the tolerance 1 is below the noise floor", "σ ≈ ", "20000 samples", "Use a tolerance of at least "] {
            #expect(plain.stderr.contains(text), "missing '\(text)' in \(plain.stderr)")
        }
        let json = try MotionLabExecutable.run(["fit", "keyframes", csv, "--tolerance", "1", "--json"])
        #expect(json.status == 1 && json.stdout.isEmpty)
        let object = try JSONSerialization.jsonObject(with: Data(json.stderr.utf8)) as? [String: Any]
        #expect(object?["exitCode"] as? Int == 1)
        let message = try #require(object?["error"] as? String)
        #expect(message.contains("below the noise floor") && plain.stderr.contains(message), "\(message)")
        // The proposal is above the floor: the check lets it through to the search.
        let proposal = try #require(message.components(separatedBy: "at least ").last.flatMap { Double($0) })
        #expect(proposal > 2 && proposal < 7, "\(proposal)")
    }

    @Test(arguments: [
        ("time,x\n0,1\n0.1,abc\n", ["--keyframes", "1"], ":3:"),
        ("time,x\n0,1\n0.1,2\n0.1,3\n", ["--keyframes", "1"], "repeats"),
        ("time,x\n0.2,1\n0.1,2\n", ["--keyframes", "1"], "before the previous"),
        ("time,x\n0,1\n0.1,nan\n", ["--keyframes", "1"], "finite"),
        ("x,y\n0,1\n", ["--keyframes", "1"], "'time' or 't'"),
        ("time,x\n0,1\n0.1\n", ["--keyframes", "1"], "fields"),
        ("", ["--keyframes", "1"], "empty"),
        ("time,x\n", ["--keyframes", "1"], "no data rows"),
        ("time,x\n0,1\n1,2\n", ["--keyframes", "1", "--column", "y"], "no column 'y'"),
        ("time,x\n0,1\n1,2\n", ["--keyframes", "0"], "--keyframes"),
        ("time,x\n0,1\n1,2\n", ["--times", "2,1"], "after"),
        ("time,x\n0,1\n1,2\n", [], "exactly one"),
        ("time,x\n0,1\n1,2\n", ["--tolerance", "-1"], "--tolerance"),
    ])
    func badRecordings(csv: String, arguments: [String], mentions: String) throws {
        let file = try Self.write(csv)
        let result = try MotionLabExecutable.run(["fit", "keyframes", file] + arguments)
        #expect(result.status != 0 && result.status < 128)
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        #expect(result.stderr.contains(mentions), "\(result.stderr)")
    }
}

@Suite("Review regressions: command line")
struct CommandLineReviewRegressionTests {
    @Test(arguments: [
        (["spring", "sample", "--duration", ".5", "--target", "1", "--from", "0", "--to", "1", "--step", "1e-320"], "points"),
        (["spring", "sample", "--duration", ".5", "--target", "1", "--from", "-1e308", "--to", "1e308", "--step", "1"], "points"),
        (["spring", "--platform", "android", "--damping-ratio", "1e300"], "--platform android"),
        (["spring", "--platform", "android", "--stiffness", "1e-300"], "--platform android"),
        (["spring", "--platform", "motion", "--visual-duration", "1e-300"], "--platform motion"),
        (["spring", "--platform", "react-spring", "--frequency", "1e300"], "--platform react-spring"),
        (["spring", "--platform", "rebound", "--bounciness", "1e300", "--speed", "1"], "--bounciness must be such that, with speed 1.0, Rebound's tension is a finite number > 0"),
        (["spring", "--platform", "rebound", "--origami-tension", "-100", "--origami-friction", "5"], "Rebound's tension is a finite number > 0 and its friction ≥ 0 (they give tension -276.6"),
        (["spring", "--platform", "rebound", "--origami-tension", "40", "--origami-friction", "-10"], "--origami-friction must be such that, with origamiTension 40.0"),
        (["spring", "--swiftui", ".interpolatingSpring(mass: 1e-300, stiffness: 1, damping: 1)"], "seconds; got nan"),
        (["spring", "--platform", "rebound", "--bounciness", "1e308", "--speed", "1e308"], "(they give tension inf and friction nan)"),
        (["spring", "--settling-duration", "1", "--damping-ratio", "0.0005"], "--damping-ratio"),
        (["spring", "--response", "1", "--damping-ratio", "1e5"], "--damping-ratio"),
    ])
    func rejected(arguments: [String], mentions: String) throws {
        let result = try MotionLabExecutable.run(arguments)
        #expect(result.status == 64, "\(arguments): status \(result.status), \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(mentions), "\(result.stderr)")
    }

    /// A spring whose damping is tiny answers at once (no endless search for the last crossing).
    @Test func tinyDampingAnswers() throws {
        let result = try MotionLabExecutable.run(["spring", "--response", "1", "--damping-ratio", "1e-17", "--json"])
        #expect(result.status == 0)
        #expect(try result.json()["bandCrossings"] as? String == "inf")
    }

    @Test(arguments: [
        ("time,a,b\n0,1,2\n0.1,0.5,1,9,9\n", "fields"),
        ("time,a,a\n0,1,2\n", "twice"),
    ])
    func badCSV(csv: String, mentions: String) throws {
        let file = try FitCommandTests.write(csv)
        let result = try MotionLabExecutable.run(["fit", "keyframes", file, "--keyframes", "1"])
        #expect(result.status != 0 && result.stdout.isEmpty)
        #expect(result.stderr.contains(mentions), "\(result.stderr)")
    }

    /// Spreadsheet exports start with a byte-order mark; it is not part of the header.
    @Test func byteOrderMarkIsAccepted() throws {
        let file = try FitCommandTests.write("\u{FEFF}time,x\n0,0\n0.5,1\n1,2\n")
        let result = try MotionLabExecutable.run(["fit", "keyframes", file, "--keyframes", "1", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
    }
}
