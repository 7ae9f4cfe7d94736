import Foundation
import Testing

/// `settle --onset` and `onsetTime`, and a check that bounds it, run as a user runs them.
@Suite("motionlab settle: onset")
struct SettleOnsetCommandTests {
    /// A 60 Hz capture of x = 100 + 300·(1 − e^(−8s)(1 + 8s)) (a critically damped step, written in
    /// closed form here) after `idle` frames at 100, the motion starting a quarter of a frame after the
    /// last idle frame: its onset is at (idle + 0.25)/60 s.
    static func capture(idle: Int) throws -> String {
        var lines = ["time,x"]
        for k in 0..<(idle + 90) {
            let t = Double(k) / 60, s = t - (Double(idle) + 0.25) / 60
            let x = s <= 0 ? 100 : 100 + 300 * (1 - exp(-8 * s) * (1 + 8 * s))
            lines.append("\(t),\(x)")
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("motionlab-onset-\(UUID().uuidString).csv")
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Fifteen idle frames: onsetTime is 15.25 frames (within a fifth of a frame), the times from
    /// it equal those of the capture without idle frames, and `--onset first-sample` adds the
    /// onset back (the settling time then grows by 0.254 s, as before this option existed).
    @Test func idleFramesMoveOnlyTheOnset() throws {
        let plain = try MotionLabExecutable.run(["settle", try Self.capture(idle: 0), "--json"]).json()
        let idleFile = try Self.capture(idle: 15)
        let idle = try MotionLabExecutable.run(["settle", idleFile, "--json"]).json()
        let first = try MotionLabExecutable.run(["settle", idleFile, "--onset", "first-sample", "--json"]).json()
        let onset = try #require(idle["onsetTime"] as? Double)
        #expect(abs(onset - 15.25 / 60) <= 0.2 / 60, "onset \(onset)")
        #expect(idle["timesFrom"] as? String == "onset" && first["timesFrom"] as? String == "first-sample")
        for key in ["settlingTime", "riseTime"] {
            let a = try #require(plain[key] as? Double), b = try #require(idle[key] as? Double), c = try #require(first[key] as? Double)
            #expect(abs(a - b) <= 0.2 / 60, "\(key): \(b) with idle frames vs \(a)")
            if key == "settlingTime" { #expect(abs(c - (b + onset)) <= 1e-9, "\(key) from the first sample \(c)") }
        }
        let table = try MotionLabExecutable.run(["settle", idleFile])
        #expect(table.status == 0 && table.stdout.contains("onset (the motion leaves its rest value)"), "\(table.stdout)")
    }

    @Test func badOnsetOptions() throws {
        let wrong = try MotionLabExecutable.run(["settle", try Self.capture(idle: 2), "--onset", "start"])
        #expect(wrong.status != 0 && wrong.stderr.contains("detected or first-sample"), "\(wrong.stderr)")
        let spring = try MotionLabExecutable.run(["settle", "--duration", "0.5", "--onset", "first-sample"])
        #expect(spring.status != 0 && spring.stderr.contains("--onset"), "\(spring.stderr)")
    }

    /// A check bounds onsetTime like any step metric: 15.25 frames pass [0.2, 0.3] s and fail [0, 0.1].
    @Test func checkBoundsTheOnset() throws {
        let directory = NSTemporaryDirectory() + "motionlab-onset-check-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.copyItem(atPath: try Self.capture(idle: 15), toPath: directory + "/late.csv")
        func manifest(_ bounds: String) throws -> String {
            let path = directory + "/checks-\(UUID().uuidString).json"
            try #"{"checks": [{"name": "starts", "recordings": "late.csv", "column": "x", "expect": {"onsetTime": \#(bounds)}}]}"#
                .write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let pass = try MotionLabExecutable.run(["check", try manifest(#"{"min": 0.2, "max": 0.3}"#)])
        #expect(pass.status == 0, "\(pass.stdout)\(pass.stderr)")
        let fail = try MotionLabExecutable.run(["check", try manifest(#"{"max": 0.1}"#), "--github"])
        #expect(fail.status == 1 && fail.stdout.contains("onsetTime"), "\(fail.stdout)\(fail.stderr)")
    }
}
