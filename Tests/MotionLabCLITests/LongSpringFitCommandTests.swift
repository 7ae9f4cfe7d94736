import Foundation
import Testing

/// `fit spring` reads recordings of more than 10⁶ samples (up to 2·10⁷: about 200 bytes a
/// sample while fitted) and fits them as well as their noise allows.
@Suite("motionlab fit spring: long recordings")
struct LongSpringFitCommandTests {
    /// 1.1·10⁶ rows over 2 s of a spring step 10 → 210 from t = 0.1 s, duration 0.5 s and
    /// bounce 0.3 (damping ratio ζ = 1 − bounce = 0.7, ω0 = 2π/0.5: the closed form of an
    /// underdamped step from rest), plus Gaussian noise σ = 0.5: every fitted parameter is within
    /// four of its standard errors of the truth, and the standard errors are small. Its progress
    /// line is erased before the result prints.
    @Test func moreThanAMillionRowsAreFitted() throws {
        let n = 1_100_000
        let omega0 = 2 * Double.pi / 0.5, zeta = 0.7
        let damped = omega0 * (1 - zeta * zeta).squareRoot()
        var state: UInt64 = 0x27_11
        func uniform() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (Double(state >> 11) + 0.5) / Double(1 << 53)
        }
        var text = "time,x\n"
        text.reserveCapacity(n * 40)
        for i in 0..<n {
            let t = 2 * Double(i) / Double(n - 1)
            let u = max(t - 0.1, 0)
            let x = 10 + 200 * (1 - exp(-zeta * omega0 * u) * (cos(damped * u) + zeta * omega0 / damped * sin(damped * u)))
            let noise = (-2 * log(uniform())).squareRoot() * cos(2 * .pi * uniform())
            text += "\(t),\(x + 0.5 * noise)\n"
        }
        let csv = try FitCommandTests.write(text)
        defer { try? FileManager.default.removeItem(atPath: csv) }
        // On a terminal the progress line (stderr) is drawn while the fit runs and erased before
        // the document (stdout) prints: what follows the last erase is the whole JSON document.
        #expect(FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs util-linux's script (Debian: bsdutils)")
        let (status, output) = try MotionLabExecutable.runOnTerminal(["fit", "spring", csv, "--json"])
        #expect(status == 0, "\(output.suffix(500))")
        #expect(output.contains("fitting a spring"), "no progress line in \(output.prefix(200))")
        let erase = try #require(output.range(of: "\r\u{1B}[K", options: .backwards), "the progress line was not erased")
        let result = CommandResult(status: status, stdout: String(output[erase.upperBound...]), stderr: "")
        let json = try result.json()
        let spring = try #require(json["spring"] as? [String: Any])
        let errors = try #require(json["standardErrors"] as? [String: Double])
        let fitted: [String: Double?] = ["startTime": json["startTime"] as? Double, "from": json["from"] as? Double, "to": json["to"] as? Double,
                                         "duration": spring["duration"] as? Double, "bounce": spring["bounce"] as? Double]
        let truth = ["startTime": 0.1, "from": 10.0, "to": 210.0, "duration": 0.5, "bounce": 0.3]
        for (name, value) in truth {
            let estimate = try #require(fitted[name] ?? nil, "no \(name)")
            let error = try #require(errors[name], "no standard error for \(name)")
            #expect(abs(estimate - value) <= 4 * error, "\(name): \(estimate) vs \(value) ± \(error)")
            #expect(error < 1e-3 * max(abs(value), 1), "\(name): standard error \(error)")
        }
    }
}
