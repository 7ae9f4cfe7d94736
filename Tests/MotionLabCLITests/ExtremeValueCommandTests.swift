import Foundation
import Testing

/// Finite but extreme inputs: every result is finite and right, or the command fails naming the
/// value and the range. Never `null`, `inf` or a closed form run outside its domain with exit 0.
@Suite("Extreme values on the command line")
struct ExtremeValueCommandTests {
    static func csv(_ name: String, _ values: (Double) -> Double) throws -> String {
        var text = "time,y\n"
        for i in 0..<60 { let t = Double(i) / 60; text += "\(t),\(values(t))\n" }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("motionlab-extreme-\(UUID().uuidString)-\(name).csv")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Before the motion starts it is at its start (0), at rest; far in the future, at its target.
    @Test func springSampleOutsideTheMotion() throws {
        let result = try MotionLabExecutable.run(["spring", "sample", "--duration", "0.5", "--bounce", "0.3", "--target", "2",
                                                  "--times", "-1,5e307", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let samples = try #require(try result.json()["samples"] as? [[String: Any]])
        #expect(samples[0]["value"] as? Double == 0 && samples[0]["velocity"] as? Double == 0)
        #expect(samples[1]["value"] as? Double == 2 && samples[1]["velocity"] as? Double == 0)
    }

    @Test(arguments: [
        (["spring", "--duration", "0.5", "--target", "1e308"], "--target must be a finite number in [-1e150, 1e150]"),
        (["spring", "--duration", "0.5", "--initial-velocity", "-1e200"], "--initial-velocity must be a finite number in [-1e150, 1e150]"),
        (["curve", "--bezier", "0.3,1e308,0.6,-1e308", "--at", "0.5"], "--bezier y1 must be in [-1e100, 1e100]"),
    ])
    func outOfRange(arguments: [String], message: String) throws {
        let result = try MotionLabExecutable.run(arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    /// A critically damped step scaled to 1e308 and to 1e-310 (subnormal): the keyframe fit is
    /// linear in the values, so its error scales exactly with them and R² is the same.
    @Test func keyframeFitAtTheEdgesOfTheRange() throws {
        let step = { (t: Double) in 1 - exp(-8 * t) * (1 + 8 * t) }
        var r2: [Double] = [], rmse: [Double] = []
        for scale in [1e308, 1.0, 1e-310] {
            let path = try Self.csv("\(scale)") { scale * step($0) }
            defer { try? FileManager.default.removeItem(atPath: path) }
            let result = try MotionLabExecutable.run(["fit", "keyframes", path, "--keyframes", "3", "--json"])
            #expect(result.status == 0, "\(scale): \(result.stderr)")
            let json = try result.json()
            let e = try #require(json["rmse"] as? Double), r = try #require(json["r2"] as? Double)
            #expect(e.isFinite && r.isFinite && r < 1, "\(scale): rmse \(e), R² \(r)")
            rmse.append(e / scale)
            r2.append(r)
        }
        #expect(abs(r2[0] - r2[1]) <= 1e-12 && abs(r2[2] - r2[1]) <= 1e-6, "\(r2)")
        #expect(abs(rmse[0] / rmse[1] - 1) <= 1e-12, "\(rmse)")
    }

    /// Settling of a huge step: the exact time is where e^(−λt) reaches ε/Δ, far beyond the
    /// ordinary one — not "never settles".
    @Test func hugeTargetsSettle() throws {
        let result = try MotionLabExecutable.run(["spring", "--duration", "0.5", "--bounce", "0", "--target", "1e150", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let exact = try #require(try result.json()["exactSettlingTime"] as? Double)
        // Critically damped: |x − Δ| = Δ(1 + λt)e^(−λt) = ε, λ = 2π/0.5; solved here by bisection.
        let lambda = 2 * Double.pi / 0.5
        var (lo, hi) = (0.0, 100.0)
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if log(1e150) + log1p(lambda * mid) - lambda * mid > log(0.001) { lo = mid } else { hi = mid }
        }
        #expect(abs(exact - lo) <= 1e-9 * lo, "\(exact) vs \(lo)")
    }
}

/// Units and formats as captures arrive.
@Suite("Time units and spans")
struct TimeUnitTests {
    /// A critically damped step of duration 0.5 s (ω0 = 4π) written in milliseconds.
    static func millisecondFile() throws -> String {
        var text = "time,y\n"
        let omega = 4 * Double.pi
        for i in 0..<45 {
            let t = Double(i) / 60
            text += "\(t * 1000),\(300 * (1 - exp(-omega * t) * (1 + omega * t)))\n"
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("motionlab-ms-\(UUID().uuidString).csv")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func millisecondsAreNamed() throws {
        let path = try Self.millisecondFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let plain = try MotionLabExecutable.run(["fit", "spring", path, "--json"])
        #expect(plain.status == 0)
        #expect(plain.stderr.contains("give --time-unit ms"), "\(plain.stderr)")
        let converted = try MotionLabExecutable.run(["fit", "spring", path, "--time-unit", "ms", "--json"])
        #expect(converted.status == 0, "\(converted.stderr)")
        #expect(converted.stderr.isEmpty, "\(converted.stderr)")
        let spring = try #require(try converted.json()["spring"] as? [String: Any])
        #expect(abs((spring["duration"] as? Double ?? 0) - 0.5) < 1e-3, "\(spring)")
        let settle = try MotionLabExecutable.run(["settle", path, "--time-unit", "ms", "--json"])
        #expect(settle.status == 0 && settle.stderr.isEmpty, "\(settle.stderr)")
    }

    /// A keyframe far after the last sample is extrapolated: said on stderr and in the JSON.
    @Test func keyframeTimesBeyondTheRecordingAreNamed() throws {
        let path = try Self.millisecondFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try MotionLabExecutable.run(["fit", "keyframes", path, "--time-unit", "ms", "--times", "0.3,5", "--json"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("keyframe time 5 is after the recording's last sample: it spans 0 … 0.7333"), "\(result.stderr)")
        let warnings = try #require(try result.json()["warnings"] as? [String])
        #expect(warnings.count == 1)
        // Within a frame of the last sample is no extrapolation worth a word.
        let close = try MotionLabExecutable.run(["fit", "keyframes", path, "--time-unit", "ms", "--times", "0.3,0.74"])
        #expect(close.status == 0 && close.stderr.isEmpty, "\(close.stderr)")
    }

    /// Compose takes Floats: 9 significant digits and an f, never 170.00000000000003f.
    @Test func composeCodeIsShort() throws {
        let result = try MotionLabExecutable.run(["spring", "--platform", "android", "--stiffness", "170", "--damping-ratio", "0.5", "--json"])
        let platforms = try #require(try result.json()["platforms"] as? [String: Any])
        let android = try #require(platforms["android"] as? [String: Any])
        #expect(android["code"] as? String == "spring(dampingRatio = 0.5f, stiffness = 170f)")
    }
}

/// Captures as they arrive: standard input, and one channel named once.
@Suite("Recording input")
struct RecordingInputTests {
    static var bouncy: String { MotionLabExecutable.repositoryRoot.appendingPathComponent("data/recordings/spring-bouncy-60hz.csv").path }

    @Test func standardInputReadsLikeTheFile() throws {
        let text = try String(contentsOfFile: Self.bouncy, encoding: .utf8)
        let fromFile = try MotionLabExecutable.run(["settle", Self.bouncy, "--json"])
        let fromInput = try MotionLabExecutable.run(["settle", "-", "--json"], stdin: text)
        #expect(fromInput.status == 0, "\(fromInput.stderr)")
        let (a, b) = (try fromFile.json(), try fromInput.json())
        for key in ["settlingTime", "riseTime", "overshoot", "finalValue"] {
            #expect(a[key] as? Double == b[key] as? Double, "\(key)")
        }
        #expect(b["method"] as? String != nil && b["noise"] as? Double != nil)
        let fit = try MotionLabExecutable.run(["fit", "keyframes", "-", "--keyframes", "3", "--json"], stdin: text)
        #expect(fit.status == 0, "\(fit.stderr)")
    }

    @Test func aRepeatedColumnIsAnError() throws {
        for command in [["settle"], ["fit", "spring"], ["fit", "keyframes"]] {
            var arguments = command + [Self.bouncy, "--column", "y", "--column", "x"]
            if command.last == "keyframes" { arguments += ["--keyframes", "2"] }
            let result = try MotionLabExecutable.run(arguments)
            #expect(result.status == 64, "\(command)")
            #expect(result.stderr.contains("--column was given 2 times (y, x)"), "\(result.stderr)")
        }
    }
}
