import Foundation
import MotionChecks
import MotionIO
import Testing

/// Runs of manifests on recordings written by the tests, whose motions are closed forms derived
/// on paper, so the figures a check measures are known without MotionLab.
@Suite("Check runs")
struct CheckRunnerTests {
    /// SwiftUI's Spring(duration: d, bounce: 0) from rest, critically damped: ω = 2π/d,
    /// x(t) = to + (from − to)(1 + ωt)e^{−ωt}.
    static func critical(_ t: Double, duration d: Double = 0.4, from: Double = 0, to: Double = 100) -> Double {
        guard t > 0 else { return from }
        let w = 2 * Double.pi / d
        return to + (from - to) * (1 + w * t) * exp(-w * t)
    }

    func run(_ f: Fixture, _ manifest: String, baselineUpdate: Bool = false) async throws -> CheckRun {
        let path = f.write("manifest.json", manifest)
        return await CheckRunner(baselineUpdate: baselineUpdate).run(try CheckManifest.load(path: path))
    }

    @Test("matches finds the time shift of a delayed spring (closed form) to 1e-6 s")
    func shift() async throws {
        let f = Fixture()
        let delay = 0.0731
        f.write("late.csv", Fixture.csv(count: 181) { Self.critical($0 - 0.2 - delay) })
        let manifest = #"""
        {"checks": [{"name": "s", "recordings": "late.csv", "expect": {
           "matches": {"spring": {"duration": 0.4, "bounce": 0, "from": 0, "to": 100, "startTime": 0.2}, "maxError": 1e-6, "allowShift": true}}}]}
        """#
        let result = try await run(f, manifest)
        #expect(result.exitStatus == 0)
        let testcase = try #require(result.testcases.first)
        let shift = try #require(testcase.details.first { $0.0 == "shift" }?.1)
        guard case .number(let found) = shift else { Issue.record("no shift"); return }
        #expect(abs(found - delay) < 1e-6)
        #expect(try #require(testcase.measured) < 1e-6)
        // Without the shift the same recording is off by most of the step.
        let strict = try await run(f, manifest.replacingOccurrences(of: #", "allowShift": true"#, with: ""))
        #expect(strict.exitStatus == 1)
        let error = try #require(strict.testcases.first?.measured)
        #expect(error > 20)
    }

    @Test("A shift allowed far beyond the recording's span still finds a small delay",
          arguments: [1.0, 50, 2000, 3600])
    func largeAllowedShift(allowed: Double) async throws {
        let f = Fixture()
        let delay = 0.0731
        f.write("late.csv", Fixture.csv(count: 181) { Self.critical($0 - 0.2 - delay) })
        let manifest = #"""
        {"checks": [{"name": "s", "recordings": "late.csv", "expect": {
           "matches": {"spring": {"duration": 0.4, "bounce": 0, "from": 0, "to": 100, "startTime": 0.2}, "maxError": 1e-6, "allowShift": \#(allowed)}}}]}
        """#
        let result = try await run(f, manifest)
        #expect(result.exitStatus == 0, "\(result.table)")
        let testcase = try #require(result.testcases.first)
        guard case .number(let found)? = testcase.details.first(where: { $0.0 == "shift" })?.1 else {
            Issue.record("no shift"); return
        }
        #expect(abs(found - delay) < 1e-6)
    }

    @Test("A recording that shows the end of a longer reference is found at a shift beyond its span")
    func shiftBeyondTheSpan() async throws {
        let f = Fixture()
        // 1 s of y = 200 + 100·t: the last second of a 0 → 400 ramp over 4 s, 2 s in.
        f.write("late.csv", Fixture.csv(count: 121) { 200 + 100 * $0 })
        f.write("ramp.json", #"{"initialValue": 0, "keyframes": [{"type": "linear", "to": 400, "duration": 4}]}"#)
        let manifest = #"{"checks": [{"name": "s", "recordings": "late.csv", "expect": {"matches": {"timeline": "ramp.json", "maxError": 1e-6, "allowShift": 3}}}]}"#
        let result = try await run(f, manifest)
        #expect(result.exitStatus == 0, "\(result.table)")
        guard case .number(let found)? = result.testcases.first?.details.first(where: { $0.0 == "shift" })?.1 else {
            Issue.record("no shift"); return
        }
        #expect(abs(found + 2) < 1e-6)
    }

    @Test("matches against a timeline, a scenario and a curve, each exact for a ramp")
    func references() async throws {
        let f = Fixture()
        f.write("ramp.csv", Fixture.csv(count: 181) { min($0, 1) * 10 })
        f.write("line.json", #"{"initialValue": 0, "keyframes": [{"type": "linear", "to": 10, "duration": 1}]}"#)
        f.write("scenario.json", #"{"initialValue": 0, "transactions": [{"time": 0, "value": 10, "animation": {"type": "linear", "duration": 1}}]}"#)
        let manifest = #"""
        {"checks": [
          {"name": "timeline", "recordings": "ramp.csv", "expect": {"matches": {"timeline": "line.json", "maxError": 1e-9}}},
          {"name": "scenario", "recordings": "ramp.csv", "expect": {"matches": {"scenario": "scenario.json", "maxError": 1e-9}}},
          {"name": "curve", "recordings": "ramp.csv", "expect": {"matches": {"curve": {"controlPoints": [0, 0, 1, 1], "from": 0, "to": 10, "duration": 1}, "maxError": 1e-9}}}]}
        """#
        let result = try await run(f, manifest)
        #expect(result.problems.isEmpty)
        #expect(result.testcases.map(\.passed) == [true, true, true], "\(result.testcases.map(\.message))")
    }

    @Test("Step metrics and spring figures of a critically damped spring, against the closed form")
    func figures() async throws {
        let f = Fixture()
        f.write("step.csv", Fixture.csv(count: 241) { Self.critical($0 - 0.1) })
        // Settling (2 %): (1 + ωt)e^{−ωt} = 0.02, solved by bisection here; no overshoot.
        let w = 2 * Double.pi / 0.4
        var (lo, hi) = (0.0, 2.0)
        for _ in 0..<200 { let mid = (lo + hi) / 2; if (1 + w * mid) * exp(-w * mid) > 0.02 { lo = mid } else { hi = mid } }
        let settle = lo  // from the onset at 0.1 s
        let manifest = #"""
        {"checks": [{"name": "step", "recordings": "step.csv", "expect": {
           "settlingTime": {"min": \#(settle - 1e-3), "max": \#(settle + 1e-3)}, "overshoot": {"max": 1e-6},
           "onsetTime": {"min": 0.099, "max": 0.101},
           "spring": {"duration": {"min": 0.3999, "max": 0.4001}, "bounce": {"min": -0.001, "max": 0.001}, "startTime": {"min": 0.099, "max": 0.101},
                      "from": {"min": -1e-6, "max": 1e-6}, "to": {"min": 99.999, "max": 100.001}}}}]}
        """#
        let result = try await run(f, manifest)
        #expect(result.exitStatus == 0, "\(result.table)")
        // One testcase per expectation key (SPEC §11): the spring's five figures are one testcase.
        #expect(result.testcases.map(\.name) == ["settlingTime", "overshoot", "onsetTime", "spring"])
        let spring = try #require(result.testcases.last)
        #expect(spring.figures.map(\.name) == ["duration", "bounce", "startTime", "from", "to"])
        #expect(abs(try #require(spring.figures[0].value) - 0.4) < 1e-4)
        // The JSON Lines object: measured and expected as objects keyed by figure.
        guard case .object(let members) = spring.json,
              case .object(let measured)? = members.first(where: { $0.0 == "measured" })?.1,
              case .object(let expected)? = members.first(where: { $0.0 == "expected" })?.1 else {
            Issue.record("measured and expected are not objects: \(spring.json.serialized(pretty: false))"); return
        }
        #expect(measured.map(\.0) == ["duration", "bounce", "startTime", "from", "to"])
        #expect(expected.map(\.0) == ["duration", "bounce", "startTime", "from", "to"])

        // One figure out of its range fails the one testcase, and the message names that figure only.
        let tight = try await run(f, manifest.replacingOccurrences(of: #""bounce": {"min": -0.001, "max": 0.001}"#,
                                                                    with: #""bounce": {"min": 0.1}"#))
        #expect(tight.exitStatus == 1)
        #expect(tight.failures.map(\.name) == ["spring"])
        let message = try #require(tight.failures.first?.message)
        #expect(message.hasPrefix("bounce ") && message.contains("expected ≥ 0.1") && !message.contains("duration"), "\(message)")
    }

    /// Two channels, x towards 100 and y towards 50, each a critically damped spring (120 Hz, 1 s).
    static var twoChannels: String {
        var text = "time,x,y\n"
        for i in 0..<121 { let t = Double(i) / 120; text += "\(t),\(critical(t)),\(critical(t, to: 50))\n" }
        return text
    }

    @Test("A recording with several channels and no column is a problem naming its channels, not a guess")
    func severalChannelsNeedAColumn() async throws {
        let f = Fixture()
        f.write("xy.csv", Self.twoChannels)
        let unnamed = try await run(f, #"{"checks": [{"name": "c", "recordings": "xy.csv", "expect": {"overshoot": {"max": 5}}}]}"#)
        #expect(unnamed.exitStatus == 2)
        #expect(unnamed.problems.first?.message.contains("has 2 channels (x, y)") == true, "\(unnamed.problems)")
        let named = try await run(f, #"{"checks": [{"name": "c", "recordings": "xy.csv", "column": "y", "expect": {"overshoot": {"max": 5}}}]}"#)
        #expect(named.exitStatus == 0, "\(named.table)")
    }

    @Test("An update refuses two checks writing different channels (or trackings) to one baseline; the same channel twice is allowed")
    func baselineSharedAcrossChecks() async throws {
        let f = Fixture()
        f.write("card.csv", Self.twoChannels)
        func manifest(_ second: String) -> String {
            #"{"checks": [{"name": "x", "recordings": "card.csv", "column": "x", "expect": {"baseline": {"recording": "b/{stem}.csv", "maxError": 0.1}}},"#
                + #"{"name": "again", "recordings": "card.csv", "column": "\#(second)", "expect": {"baseline": {"recording": "b/{stem}.csv", "maxError": 0.1}}}]}"#
        }
        let clash = try await run(f, manifest("y"), baselineUpdate: true)
        #expect(clash.exitStatus == 2)
        #expect(clash.problems.first?.message.contains("check 'x'") == true, "\(clash.problems)")
        #expect(!FileManager.default.fileExists(atPath: f.path("b/card.csv")))
        let same = try await run(f, manifest("x"), baselineUpdate: true)
        #expect(same.exitStatus == 0, "\(same.table)")
        // One file under two checks is one recording in the verdict.
        #expect(same.recordingCount == 1 && same.verdict.hasPrefix("2 testcases on 1 recording:"), "\(same.verdict)")
        let matched = try await run(f, manifest("x"))
        #expect(matched.exitStatus == 0 && matched.testcases.allSatisfy { $0.measured == 0 })
        // A video tracked with another region or object count is another recording of the same column.
        for tracking in [#""region": "0,0,100,80", "#, #""objects": 2, "#] {
            let text = manifest("x").replacingOccurrences(of: #"{"name": "again", "#, with: #"{"name": "again", "# + tracking)
            let other = try await run(f, text, baselineUpdate: true)
            #expect(other.exitStatus == 2, "\(tracking): \(other.table)")
            #expect(other.problems.first?.message.contains("another column, clock, region or object count") == true, "\(other.problems)")
        }
    }

    @Test("An update refuses a baseline that is a recording the manifest checks, and leaves that file as it was",
          arguments: ["{stem}.csv", "./{stem}.csv", "other.csv"])
    func baselineOverARecording(template: String) async throws {
        let f = Fixture()
        let recording = "# captured by hand\n" + Fixture.csv(count: 61) { Self.critical($0 - 0.1) }
        f.write("sheet.csv", recording)
        f.write("other.csv", recording)
        let manifest = #"{"checks": [{"name": "c", "recordings": ["sheet.csv", "other.csv"], "expect": {"baseline": {"recording": "\#(template)", "maxError": 0.1}}}]}"#
        let run = try await run(f, manifest, baselineUpdate: true)
        #expect(run.exitStatus == 2, "\(run.table)")
        #expect(run.problems.contains { $0.message.contains("a recording the manifest checks; refusing to overwrite it") }, "\(run.problems)")
        #expect(try String(contentsOfFile: f.path("sheet.csv"), encoding: .utf8) == recording)
        #expect(try String(contentsOfFile: f.path("other.csv"), encoding: .utf8) == recording)
    }

    @Test("A baseline that is a link to a checked recording is replaced, not refused: the writer replaces the link")
    func baselineLinkToARecording() async throws {
        let f = Fixture()
        let recording = Fixture.csv(count: 61) { Self.critical($0 - 0.1) }
        f.write("sheet.csv", recording)
        try FileManager.default.createDirectory(atPath: f.path("baselines"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: f.path("baselines/sheet.csv"), withDestinationPath: "../sheet.csv")
        let manifest = #"{"checks": [{"name": "c", "recordings": "sheet.csv", "expect": {"baseline": {"recording": "baselines/{stem}.csv", "maxError": 0.1}}}]}"#
        let run = try await run(f, manifest, baselineUpdate: true)
        #expect(run.exitStatus == 0, "\(run.problems) \(run.table)")
        #expect(try String(contentsOfFile: f.path("sheet.csv"), encoding: .utf8) == recording)
        let kind = try FileManager.default.attributesOfItem(atPath: f.path("baselines/sheet.csv"))[.type] as? FileAttributeType
        #expect(kind == .typeRegular)
    }

    @Test("A baseline at the path of a recording that is itself a link is refused: replacing the link loses the input")
    func baselineOverALinkedRecording() async throws {
        let f = Fixture()
        let recording = Fixture.csv(count: 61) { Self.critical($0 - 0.1) }
        try FileManager.default.createDirectory(atPath: f.path("data"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: f.path("captures"), withIntermediateDirectories: true)
        f.write("data/sheet.csv", recording)
        try FileManager.default.createSymbolicLink(atPath: f.path("captures/sheet.csv"), withDestinationPath: "../data/sheet.csv")
        let manifest = #"{"checks": [{"name": "c", "recordings": "captures/sheet.csv", "expect": {"baseline": {"recording": "captures/{stem}.csv", "maxError": 0.1}}}]}"#
        let run = try await run(f, manifest, baselineUpdate: true)
        #expect(run.exitStatus == 2, "\(run.table)")
        let kind = try FileManager.default.attributesOfItem(atPath: f.path("captures/sheet.csv"))[.type] as? FileAttributeType
        #expect(kind == .typeSymbolicLink)
    }

    @Test("A spring expectation on noise fails: the best spring of noise bounds no motion, whatever its figures")
    func springOfNoise() async throws {
        let f = Fixture()
        var state: UInt64 = 12345
        f.write("noise.csv", Fixture.csv(count: 300, step: 1.0 / 60) { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return 100 * Double(state >> 11) / Double(1 << 53)
        })
        f.write("spring.csv", Fixture.csv(count: 181) { Self.critical($0 - 0.1) })
        let manifest = #"{"checks": [{"name": "c", "recordings": ["noise.csv", "spring.csv"], "expect": {"spring": {"duration": {"min": 0.01, "max": 10}, "bounce": {"min": -1, "max": 1}}}}]}"#
        let run = try await run(f, manifest)
        #expect(run.testcases.map(\.passed) == [false, true], "\(run.table)")
        #expect(run.testcases.first?.message.contains("does not look like a spring step") == true, "\(run.table)")
    }

    @Test("Frame-indexed captures with dropped frames, read at the manifest's fps; milliseconds with timeUnit")
    func clocks() async throws {
        let f = Fixture()
        // 120 fps, every third frame dropped: the same closed form as on a time axis.
        var frames = "frame,y\n"
        for k in 0..<240 where k % 3 != 2 { frames += "\(k),\(Self.critical(Double(k) / 120 - 0.1))\n" }
        f.write("frames.csv", frames)
        f.write("ms.csv", Fixture.csv(count: 241) { Self.critical($0 - 0.1) }.replacingOccurrences(of: "time,y", with: "time,y")
            .split(separator: "\n").enumerated().map { i, line in
                guard i > 0 else { return String(line) }
                let parts = line.split(separator: ",")
                return "\(Double(parts[0])! * 1000),\(parts[1])"
            }.joined(separator: "\n") + "\n")
        let manifest = #"""
        {"checks": [
          {"name": "frames", "recordings": "frames.csv", "fps": 120, "expect": {"matches": {"spring": {"duration": 0.4, "bounce": 0, "from": 0, "to": 100, "startTime": 0.1}, "maxError": 1e-9}}},
          {"name": "ms", "recordings": "ms.csv", "timeUnit": "ms", "expect": {"matches": {"spring": {"duration": 0.4, "bounce": 0, "from": 0, "to": 100, "startTime": 0.1}, "maxError": 1e-9}}},
          {"name": "no fps", "recordings": "frames.csv", "expect": {"overshoot": {"max": 1}}}]}
        """#
        let result = try await run(f, manifest)
        #expect(result.testcases.map(\.passed) == [true, true], "\(result.table)")
        #expect(result.problems.count == 1)
        #expect(result.problems.first?.message.contains("--fps") == true, "\(result.problems)")
    }

    @Test("Exit status: 1 for a failure at level error, 0 when it is a warning")
    func levels() async throws {
        let f = Fixture()
        f.write("step.csv", Fixture.csv { Self.critical($0 - 0.1) })
        let failing = #"{"checks": [{"name": "c", "recordings": "step.csv", "level": "LEVEL", "expect": {"settlingTime": {"max": 0.1}, "overshoot": {"max": 5}}}]}"#
        let error = try await run(f, failing.replacingOccurrences(of: "LEVEL", with: "error"))
        #expect(error.exitStatus == 1)
        #expect(error.failures.map(\.name) == ["settlingTime"])
        let warn = try await run(f, failing.replacingOccurrences(of: "LEVEL", with: "warn"))
        #expect(warn.exitStatus == 0)
        #expect(warn.warnings.map(\.name) == ["settlingTime"])
    }

    @Test("Exit status 2, naming what could not be read: a glob matching nothing, a missing file, a missing column")
    func problems() async throws {
        let f = Fixture()
        f.write("ok.csv", Fixture.csv { Self.critical($0) })
        let cases: [(String, String)] = [
            (#""recordings": "none-*.csv""#, "none-*.csv: matches no file"),
            (#""recordings": "absent.csv""#, "absent.csv: no such file"),
            (#""recordings": "ok.csv", "column": "x""#, "has no column 'x'; its channels are y"),
        ]
        for (recordings, message) in cases {
            let result = try await run(f, #"{"checks": [{"name": "c", \#(recordings), "expect": {"overshoot": {"max": 5}}}]}"#)
            #expect(result.exitStatus == 2)
            #expect(result.problems.count == 1)
            #expect(result.problems.first?.description.contains(message) == true, "\(result.problems)")
            #expect(result.problems.first?.check == "c")
        }
    }

    @Test("Baselines: written, then matched, then a changed recording fails")
    func baselines() async throws {
        let f = Fixture()
        f.write("captures/a.csv", Fixture.csv { Self.critical($0 - 0.1) })
        f.write("captures/b.csv", Fixture.csv { Self.critical($0 - 0.1, to: 50) })
        let manifest = #"{"checks": [{"name": "c", "recordings": "captures/*.csv", "expect": {"baseline": {"recording": "accepted/{stem}.csv", "maxError": 0.5}}}]}"#
        let missing = try await run(f, manifest)
        #expect(missing.exitStatus == 1)
        #expect(missing.failures.allSatisfy { $0.message.contains("--baseline-update") })
        let written = try await run(f, manifest, baselineUpdate: true)
        #expect(written.exitStatus == 0)
        #expect(FileManager.default.fileExists(atPath: f.path("accepted/a.csv")))
        #expect(FileManager.default.fileExists(atPath: f.path("accepted/b.csv")))
        let matched = try await run(f, manifest)
        #expect(matched.exitStatus == 0)
        #expect(matched.testcases.allSatisfy { $0.measured == 0 })
        // b now ends 0.6 short of its baseline's 50: a max error of 0.6 > 0.5, at the end.
        f.write("captures/b.csv", Fixture.csv { Self.critical($0 - 0.1, to: 49.4) })
        let changed = try await run(f, manifest)
        #expect(changed.exitStatus == 1)
        #expect(changed.failures.map(\.recording) == [f.path("captures/b.csv")])
        let measured = try #require(changed.failures.first?.measured)
        // The largest difference is at the last sample, t = 1: 0.6 of the step's progress there.
        let w: Double = 2 * Double.pi / 0.4
        let progress: Double = 1 - (1 + w * 0.9) * exp(-w * 0.9)
        #expect(abs(measured - 0.6 * progress) < 1e-9)
        // One baseline for two recordings is refused before anything is written.
        let shared = try await run(f, manifest.replacingOccurrences(of: "{stem}", with: "all"), baselineUpdate: true)
        #expect(shared.exitStatus == 2)
        #expect(!FileManager.default.fileExists(atPath: f.path("accepted/all.csv")))
    }
}

import PropertyBased

@Suite("Time shifts")
struct TimeShiftPropertyTests {
    @Test("The best shift of a delayed critically damped spring is its delay, for any delay within the range")
    func anyDelay() async throws {
        await propertyCheck(count: 12, input: Gen.double(in: -0.09...0.09), Gen.double(in: 0.2...0.6)) { delay, duration in
            let f = Fixture()
            f.write("late.csv", Fixture.csv(count: 121) { CheckRunnerTests.critical($0 - 0.2 - delay, duration: duration) })
            let manifest = #"{"checks": [{"recordings": "late.csv", "expect": {"matches": {"spring": {"duration": \#(duration), "bounce": 0, "from": 0, "to": 100, "startTime": 0.2}, "maxError": 1e-6, "allowShift": 0.1}}}]}"#
            let path = f.write("m.json", manifest)
            let run = await CheckRunner().run(try CheckManifest.load(path: path))
            #expect(run.exitStatus == 0, "delay \(delay), duration \(duration): \(run.table)")
        }
    }
}
