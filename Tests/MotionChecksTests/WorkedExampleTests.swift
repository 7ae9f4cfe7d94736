import Foundation
import MotionChecks
import MotionIO
import MotionJSON
import Testing

/// The worked example in data/checks: what `check` measures on the simulated captures agrees
/// with the truth computed by scripts/make_check_example.py (numpy/scipy on the closed forms).
@Suite("Worked example")
struct WorkedExampleTests {
    @Test func measuredAgainstTruth() async throws {
        let directory = Fixture.repositoryRoot + "/data/checks"
        let truth = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: directory + "/truth.json")))
        func number(_ path: [String]) throws -> Double {
            var value: JSONValue? = truth
            for key in path { value = value?[key] }
            switch value {
            case .number(let x)?: return x
            case .integer(let i)?: return Double(i)
            default: throw CheckProblem(subject: path.joined(separator: "."), message: "not in truth.json")
            }
        }
        let manifest = try CheckManifest.load(path: directory + "/motion-checks.json")
        let run = await CheckRunner().run(manifest)
        #expect(run.exitStatus == 0, "\(run.table)")
        for stem in ["sheet-1", "sheet-2"] {
            let cases = run.testcases.filter { $0.recording.hasSuffix("captures/\(stem).csv") }
            func measured(_ name: String) throws -> Double { try #require(cases.first { $0.name == name }?.measured) }
            // One testcase for the spring expectation, its figures in the manifest's order.
            func figure(_ name: String) throws -> Double {
                try #require(cases.first { $0.name == "spring" }?.figures.first { $0.name == name }?.value)
            }
            let start = try number(["captures", stem, "startTime"])
            // 0.3 pt of noise and 0.5 pt pixels on an 800 pt step.
            #expect(abs(try figure("duration") - number(["sheet", "duration"])) < 0.005)
            #expect(abs(try figure("bounce") - number(["sheet", "bounce"])) < 0.005)
            // Times from the onset, where the sheet leaves 800 pt (0.05 s and 0.1 s into the captures),
            // so the same for both: within a third of a frame, the onset's uncertainty on noisy
            // samples (measured 4.7 ms at 60 Hz, 0.6 ms at 120 Hz).
            let frame = 1 / (try number(["captures", stem, "hz"]))
            #expect(abs(try measured("settlingTime") - number(["sheet", "settlingTime"])) < frame / 3)
            #expect(abs(try measured("overshoot") - number(["sheet", "overshoot"])) < 0.1)
            #expect(try measured("matches") < 2)
            #expect(try measured("baseline") == 0)
            let shift = try #require(cases.first { $0.name == "matches" }?.details.first { $0.0 == "shift" }?.1)
            guard case .number(let found) = shift else { Issue.record("no shift"); continue }
            #expect(abs(found - start) < 0.003)
        }
    }
}
