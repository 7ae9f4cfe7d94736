import Foundation
import Testing

/// One spring, four settling times: `spring` (exact, ε absolute, and SwiftUI's estimate),
/// `settle` (the last entry into a band of the step) and `animate` (SwiftUI's removal). Every
/// table says which definition its number follows.
@Suite("Settling times say their definition")
struct SettlingDefinitionTests {
    /// Spring.smooth is critically damped with ω = 2π/0.5: x(t) = 1 − (1 + ωt)e^{−ωt} towards 1.
    /// Its settling time for a band b solves (1 + u)e^{−u} = b, u = ωt, by bisection here.
    static func criticalSettling(band: Double) -> Double {
        var (low, high) = (1.0, 50.0)
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if (1 + middle) * exp(-middle) > band { low = middle } else { high = middle }
        }
        return low / (2 * Double.pi / 0.5)
    }

    /// The value printed after `label` on a key–value line of `text`, as a number of seconds.
    static func seconds(after label: String, in text: String) -> Double? {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(label) }) else { return nil }
        return Double(line.dropFirst(label.count).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
    }

    @Test func springLabelsItsTwoTimes() throws {
        let result = try MotionLabExecutable.run(["spring", "--preset", "smooth"])
        #expect(result.status == 0)
        // SwiftUI documents Spring.smooth as settling in 0.8 s (its own estimate).
        #expect(Self.seconds(after: "settling (SwiftUI's estimate, ε = 0.001)", in: result.stdout) == 0.8)
        let exact = try #require(Self.seconds(after: "settling (exact: within ε = 0.001 of the target for good)", in: result.stdout))
        #expect(abs(exact - Self.criticalSettling(band: 0.001)) < 1e-6)
        #expect(result.stdout.contains("settle measures the last entry into ±2 % of the step"))
    }

    @Test("settle labels its band", arguments: [("2%", "2"), ("5%", "5"), ("0.1", "10")])
    func settleLabelsItsBand(_ case_: (threshold: String, percent: String)) throws {
        let result = try MotionLabExecutable.run(["settle", "--preset", "smooth", "--threshold", case_.threshold])
        #expect(result.status == 0, "\(result.stderr)")
        let label = "settling time (last entry into ±\(case_.percent) % of the step)"
        let time = try #require(Self.seconds(after: label, in: result.stdout), "\(result.stdout)")
        #expect(abs(time - Self.criticalSettling(band: Double(case_.percent)! / 100)) < 1e-5)
    }

    @Test func severalChannelsLabelTheBandInTheHeader() throws {
        let file = MotionLabExecutable.repositoryRoot.appendingPathComponent("data/recordings/card-present-60hz.csv").path
        let result = try MotionLabExecutable.run(["settle", file, "--all-columns", "--threshold", "5%"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("settling ±5 % (s)") && result.stdout.contains("rise 10–90 % (s)"))
    }

    @Test func animateLabelsSettlingAndRemoval() throws {
        let scenario = MotionLabExecutable.repositoryRoot.appendingPathComponent("data/scenarios/spec-example.json").path
        let result = try MotionLabExecutable.run(["animate", scenario, "--times", "0"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("exact settling (within 1 %)") && result.stdout.contains("removed (SwiftUI: at rest, within 1 %)"))
    }
}
