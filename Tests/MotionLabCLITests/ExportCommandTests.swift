import Foundation
import MotionTestSupport
import Testing

/// `motionlab export` through the built binary: every platform's code for a spring and a curve,
/// with numbers derived on paper, the fidelity notes on stderr, and the errors.
@Suite("motionlab export")
struct ExportCommandTests {
    /// Spring(duration: 0.5, bounce: 0.3): ω₀ = 2π/0.5 = 4π, ζ = 0.7, k = ω₀² = 16π², c = 2ζω₀ = 5.6π.
    static let stiffness = 16 * Double.pi * Double.pi
    static let damping = 5.6 * Double.pi

    @Test("A spring in every format")
    func springEverywhere() throws {
        let formats = ["swiftui", "css", "waapi", "compose", "android", "flutter", "motion", "react-spring", "reanimated", "core-animation"]
        for format in formats {
            let result = try MotionLabExecutable.run(["export", "--duration", "0.5", "--bounce", "0.3", "--format", format, "--json"])
            #expect(result.status == 0, "\(format): \(result.stderr)")
            let json = try result.json()
            #expect(json["format"] as? String == format)
            #expect((json["text"] as? String)?.isEmpty == false)
            #expect(json["notes"] is [String])
        }
        let compose = try MotionLabExecutable.run(["export", "--duration", "0.5", "--bounce", "0.3", "--format", "compose"])
        #expect(compose.stdout.contains("spring<Float>(dampingRatio = 0.7f, stiffness = \(String(format: "%.8g", Self.stiffness))f)"))
        #expect(compose.stderr.contains("warning: Compose keeps stiffness and dampingRatio as Float"))
        let flutter = try MotionLabExecutable.run(["export", "--duration", "0.5", "--bounce", "0.3", "--format", "flutter"])
        #expect(flutter.stdout.contains("SpringDescription(mass: 1, stiffness: \(String(format: "%.12g", Self.stiffness)), damping: \(String(format: "%.12g", Self.damping)))"))
        // Lottie: the spring baked into linear keyframes, its error stated.
        let lottie = try MotionLabExecutable.run(["export", "--duration", "0.5", "--bounce", "0.3", "--format", "lottie", "--json"])
        #expect(lottie.status == 0, "\(lottie.stderr)")
        let document = try lottie.json()
        #expect((document["text"] as? String)?.contains("\"layers\"") == true)
        #expect((document["maxError"] as? Double).map { $0 > 0 && $0 <= 1e-3 + 1e-12 } == true)
        #expect((document["notes"] as? [String])?.contains { $0.contains("baked into linear keyframes") } == true)
    }

    @Test("The CSS easing of a spring stays within its stated error of the closed form")
    func springEasing() throws {
        let result = try MotionLabExecutable.run(["export", "--duration", "0.5", "--bounce", "0.3", "--target", "100", "--format", "css", "--json"])
        let json = try result.json()
        let text = try #require(json["text"] as? String)
        let maxError = try #require(json["maxError"] as? Double)
        #expect(maxError <= 0.1 + 1e-12)  // 0.1 % of the 100-point step
        let easingText = try #require(text.split(separator: "\n").first { $0.hasPrefix("transition-timing-function: ") })
            .dropFirst("transition-timing-function: ".count).dropLast()
        let durationText = try #require(text.split(separator: "\n").first { $0.hasPrefix("transition-duration: ") })
        let duration = try #require(Double(durationText.dropFirst("transition-duration: ".count).dropLast(2)))
        let easing = try CSSLinearReader(String(easingText))
        // x(t) = 1 − e^{−ζω₀t}(cos ω_d t + ζω₀/ω_d sin ω_d t), written out here.
        let w0 = 4 * Double.pi, zeta = 0.7, wd = w0 * (1 - zeta * zeta).squareRoot()
        for i in 0...400 {
            let t = duration * Double(i) / 400
            let exact = 100 * (1 - exp(-zeta * w0 * t) * (cos(wd * t) + zeta * w0 / wd * sin(wd * t)))
            #expect(abs(100 * easing.value(Double(i) / 400) - exact) <= maxError + 1e-9, "t = \(t)")
        }
    }

    @Test("A curve: exact control points where the platform has a bezier")
    func curve() throws {
        let css = try MotionLabExecutable.run(["export", "--curve", "easeInOut", "--format", "css"])
        #expect(css.stdout == "transition-duration: 0.35s;\ntransition-timing-function: cubic-bezier(0.42, 0, 0.58, 1);\n")
        let reanimated = try MotionLabExecutable.run(["export", "--bezier", "0.34,1.56,0.64,1", "--curve-duration", "0.5", "--format", "reanimated"])
        #expect(reanimated.stdout == "x.value = withTiming(1, { duration: 500, easing: Easing.bezier(0.34, 1.56, 0.64, 1) });\n")
        let compose = try MotionLabExecutable.run(["export", "--bezier", "0.34,1.56,0.64,1", "--format", "compose"])
        #expect(compose.stderr.contains("clamp CubicBezierEasing's output"))
        let circular = try MotionLabExecutable.run(["export", "--curve", "circularEaseIn", "--format", "flutter"])
        #expect(circular.status == 1)
        #expect(circular.stderr.contains("is not a cubic bezier"))
    }

    @Test("A timeline to a file, atomically; SwiftUI code with every number exact")
    func timeline() throws {
        let file = MotionLabExecutable.repositoryRoot.appendingPathComponent("data/timelines/struct-two-tracks.json").path
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("motionlab-export-\(UUID().uuidString).css").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let result = try MotionLabExecutable.run(["export", file, "--format", "css", "--name", "card", "--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let css = try String(contentsOfFile: out, encoding: .utf8)
        #expect(css.contains("@keyframes card-x {") && css.contains("@keyframes card-s {"))
        let swiftUI = try MotionLabExecutable.run(["export", file, "--format", "swiftui"])
        #expect(swiftUI.stdout.contains("KeyframeTrack(\\.s) {\n        LinearKeyframe(1.2, duration: 0.25, timingCurve: .easeOut)\n        SpringKeyframe(1, duration: 0.5, spring: Spring(duration: 0.5, bounce: 0.3))"))
    }

    @Test("Errors: nothing or two things to export (64), a timeline of 0 s or a scenario (1), a missing file (2)")
    func errors() throws {
        let none = try MotionLabExecutable.run(["export", "--format", "css"])
        #expect(none.status == 64)
        let two = try MotionLabExecutable.run(["export", "--curve", "easeIn", "--duration", "0.5", "--format", "css"])
        #expect(two.status == 64)
        #expect(two.stderr.contains("give one thing to export"))
        let bogus = try MotionLabExecutable.run(["export", "--curve", "bouncy", "--format", "css"])
        #expect(bogus.status == 64)
        let format = try MotionLabExecutable.run(["export", "--curve", "easeIn", "--format", "gif"])
        #expect(format.status == 64)
        let zero = MotionLabExecutable.repositoryRoot.appendingPathComponent("data/timelines/zero-duration.json").path
        let still = try MotionLabExecutable.run(["export", zero, "--format", "css"])
        #expect(still.status == 1 || still.status == 0)
        let looping = MotionLabExecutable.repositoryRoot.appendingPathComponent("data/scenarios/phase-loop.json").path
        let run = try MotionLabExecutable.run(["export", looping, "--format", "css"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("this scenario does not end within 600 s"))
        let missing = try MotionLabExecutable.run(["export", "/nonexistent/t.json", "--format", "css"])
        #expect(missing.status == 2)
    }
}

@Suite("motionlab export of fits")
struct ExportFitTests {
    @Test("Arguments out of range: a usage error (64) with the library's message under the option's name", arguments: [
        (["--curve-duration", "0"], "--curve-duration must be in [1e-06, 1e+06] seconds; got 0.0"),
        (["--curve-duration", "-1e-300"], "--curve-duration must be in [1e-06, 1e+06] seconds; got -1e-300"),
        (["--curve-duration", "1e308"], "--curve-duration must be in [1e-06, 1e+06] seconds; got 1e+308"),
        (["--tolerance", "0"], "--tolerance must be a finite number > 0; got 0.0"),
        (["--tolerance", "inf"], "--tolerance must be a finite number > 0; got inf"),
        (["--fps", "0"], "--fps must be in (0, 1000]; got 0.0"),
        (["--fps", "1000.0000000000001"], "--fps must be in (0, 1000]; got 1000.0000000000001"),
        (["--name", ""], "--name must not be empty"),
        (["--bezier", "1.5,0,0.5,1"], "--bezier x1 and x2 must be in [0, 1]; got 1.5 and 0.5"),
    ])
    func argumentRanges(arguments: [String], message: String) throws {
        let subject = arguments[0] == "--bezier" ? [] : ["--curve", "easeIn"]
        let result = try MotionLabExecutable.run(["export"] + subject + arguments + ["--format", "css"])
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        // Just inside the range: exported.
        let inside: [String] = switch arguments[0] {
        case "--fps": ["--fps", "1000"]
        case "--name": ["--name", "m"]
        case "--bezier": ["--bezier", "1,0,0,1"]
        default: [arguments[0], "0.001"]
        }
        let accepted = try MotionLabExecutable.run(["export"] + subject + inside + ["--format", "css"])
        #expect(accepted.status == 0, "\(inside): \(accepted.stderr)")
    }

    @Test("What fit spring, fit bezier and fit keyframes write exports to every platform")
    func fits() throws {
        let recording = MotionLabExecutable.repositoryRoot.appendingPathComponent("data/recordings/spring-bouncy-60hz.csv").path
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("motionlab-fit-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        for kind in ["spring", "bezier", "keyframes"] {
            var arguments = ["fit", kind, recording, "--json"]
            if kind == "keyframes" { arguments.insert(contentsOf: ["--keyframes", "4"], at: 3) }
            let fit = try MotionLabExecutable.run(arguments)
            #expect(fit.status == 0, "\(kind): \(fit.stderr)")
            let file = scratch.appendingPathComponent("\(kind).json")
            try fit.stdout.write(to: file, atomically: true, encoding: .utf8)
            for format in ["swiftui", "css", "waapi"] {
                let export = try MotionLabExecutable.run(["export", file.path, "--format", format, "--json"])
                #expect(export.status == 0, "\(kind) → \(format): \(export.stderr)")
            }
        }
        // The fitted spring's physical stiffness k = m·ω₀² reappears as Flutter's stiffness (mass 1).
        let fit = try MotionLabExecutable.run(["fit", "spring", recording, "--json"]).json()
        let spring = try #require(fit["spring"] as? [String: Any])
        let duration = try #require(spring["duration"] as? Double)
        let flutter = try MotionLabExecutable.run(["export", scratch.appendingPathComponent("spring.json").path, "--format", "flutter"])
        let k = 4 * Double.pi * Double.pi / (duration * duration)
        #expect(flutter.stdout.contains("stiffness: \(String(format: "%.12g", k))"), "\(flutter.stdout)")
    }
}

@Suite("motionlab import of CSS and Web Animations")
struct ImportKeyframesCommandTests {
    @Test("CSS and Web Animations exports import back to the same motion")
    func roundTrip() throws {
        let timeline = MotionLabExecutable.repositoryRoot.appendingPathComponent("data/timelines/struct-two-tracks.json").path
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("motionlab-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let times = (0...40).map { String(Double($0) / 40) }.joined(separator: ",")
        let original = try MotionLabExecutable.run(["keyframes", "eval", timeline, "--times", times, "--json"]).json()["samples"] as! [[String: Any]]
        for format in ["css", "waapi"] {
            let exported = scratch.appendingPathComponent("motion.\(format)")
            #expect(try MotionLabExecutable.run(["export", timeline, "--format", format, "--out", exported.path]).status == 0)
            let maxError = try #require(try MotionLabExecutable.run(["export", timeline, "--format", format, "--json"]).json()["maxError"] as? Double)
            let imported = try MotionLabExecutable.run(["import", exported.path])
            #expect(imported.status == 0, "\(format): \(imported.stderr)")
            let back = scratch.appendingPathComponent("back-\(format).json")
            try imported.stdout.write(to: back, atomically: true, encoding: .utf8)
            let samples = try MotionLabExecutable.run(["keyframes", "eval", back.path, "--times", times, "--json"]).json()["samples"] as! [[String: Any]]
            for (a, b) in zip(original, samples) {
                let va = a["value"] as! [String: Double], vb = b["value"] as! [String: Double]
                // The spring track is a linear() approximation within the stated error; the cubic track is exact.
                #expect(abs(va["x"]! - vb["x"]!) < 1e-9, "\(format) x at \(a["time"]!)")
                #expect(abs(va["s"]! - vb["s"]!) <= maxError + 1e-9, "\(format) s at \(a["time"]!)")
            }
        }
    }

    @Test("keyframes eval and report read Lottie, CSS and Web Animations files directly")
    func direct() throws {
        let timeline = MotionLabExecutable.repositoryRoot.appendingPathComponent("data/timelines/spec-example.json").path
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("motionlab-direct-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let original = try MotionLabExecutable.run(["keyframes", "eval", timeline, "--times", "0.1,0.3,0.55", "--json"]).json()["samples"] as! [[String: Any]]
        for (format, file) in [("lottie", "motion.json"), ("css", "motion.css"), ("waapi", "waapi.json")] {
            let path = scratch.appendingPathComponent(file).path
            #expect(try MotionLabExecutable.run(["export", timeline, "--format", format, "--out", path]).status == 0)
            let eval = try MotionLabExecutable.run(["keyframes", "eval", path, "--times", "0.1,0.3,0.55", "--json"])
            #expect(eval.status == 0, "\(format): \(eval.stderr)")
            let samples = try eval.json()["samples"] as! [[String: Any]]
            for (a, b) in zip(original, samples) {
                // The spring keyframe is approximated within 0.1 % of the range (20 here).
                #expect(abs((a["value"] as! Double) - (b["value"] as! Double)) < 0.021, "\(format) at \(a["time"]!)")
            }
            let report = try MotionLabExecutable.run(["report", path, "--format", "json", "--out", scratch.appendingPathComponent("\(format)-report.json").path])
            #expect(report.status == 0, "\(format): \(report.stderr)")
        }
    }

    @Test("steps() is refused without --approximate; a file of no known kind is an error")
    func refusals() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("motionlab-import-\(UUID().uuidString).css")
        defer { try? FileManager.default.removeItem(at: scratch) }
        try "@keyframes a { from { opacity: 0; animation-timing-function: steps(4) } to { opacity: 1 } }".write(to: scratch, atomically: true, encoding: .utf8)
        let refused = try MotionLabExecutable.run(["import", scratch.path, "--duration", "1"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("steps(4)") && refused.stderr.contains("--approximate"))
        let accepted = try MotionLabExecutable.run(["import", scratch.path, "--duration", "1", "--approximate"])
        #expect(accepted.status == 0, "\(accepted.stderr)")
        let noDuration = try MotionLabExecutable.run(["import", scratch.path, "--approximate"])
        #expect(noDuration.status == 1)
        try "hello".write(to: scratch, atomically: true, encoding: .utf8)
        let unknown = try MotionLabExecutable.run(["import", scratch.path])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("is neither a Lottie file, CSS @keyframes text nor Web Animations keyframes JSON"))
    }
}


@Suite("motionlab export of scenarios")
struct ExportScenarioTests {
    @Test("A scenario's frames, baked into straight-line keyframes, within the stated error of motionlab animate")
    func baked() throws {
        let scenario = MotionLabExecutable.repositoryRoot.appendingPathComponent("data/scenarios/interrupted-spring.json").path
        let export = try MotionLabExecutable.run(["export", scenario, "--format", "waapi", "--json"]).json()
        let maxError = try #require(export["maxError"] as? Double)
        let document = try JSONSerialization.jsonObject(with: Data(try #require(export["text"] as? String).utf8)) as! [String: Any]
        let keyframes = document["keyframes"] as! [[String: Any]]
        let duration = (document["options"] as! [String: Any])["duration"] as! Double / 1000
        let points = keyframes.map { ($0["offset"] as! Double * duration, $0["--value"] as! Double) }
        #expect(keyframes.dropLast().allSatisfy { ($0["easing"] as? String) == "linear" })
        let frames = try MotionLabExecutable.run(["animate", scenario, "--json"]).json()["samples"] as! [[String: Any]]
        var worst = 0.0
        for frame in frames {
            let t = frame["time"] as! Double, v = frame["value"] as! Double
            guard t <= duration else { continue }
            let k = points.firstIndex { $0.0 >= t } ?? points.count - 1
            let value = k == 0 ? points[0].1 : points[k - 1].1 + (points[k].1 - points[k - 1].1) * (t - points[k - 1].0) / (points[k].0 - points[k - 1].0)
            worst = max(worst, abs(value - v))
        }
        #expect(worst <= maxError + 1e-9, "worst \(worst) > stated \(maxError)")
        #expect(maxError > 0)
    }
}
