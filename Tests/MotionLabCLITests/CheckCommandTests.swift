import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `motionlab check` run as a user runs it, on copies of the worked example in data/checks.
@Suite("motionlab check")
struct CheckCommandTests {
    /// A copy of data/checks in a scratch directory (baselines removed), so tests may change it.
    final class Example {
        let directory: String
        init() throws {
            directory = NSTemporaryDirectory() + "motionlab-check-\(UUID().uuidString)"
            try FileManager.default.copyItem(at: MotionLabExecutable.repositoryRoot.appendingPathComponent("data/checks"),
                                             to: URL(fileURLWithPath: directory))
            try? FileManager.default.removeItem(atPath: directory + "/baselines")
        }
        deinit { try? FileManager.default.removeItem(atPath: directory) }

        var manifest: String { directory + "/motion-checks.json" }

        /// The manifest with `old` replaced by `new`, written as `name`.
        func variant(_ name: String, _ old: String, _ new: String) throws -> String {
            let text = try String(contentsOfFile: manifest, encoding: .utf8)
            #expect(text.contains(old))
            let path = directory + "/" + name
            try text.replacingOccurrences(of: old, with: new).write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
    }

    /// The names (`recording › expectation`) of the JUnit testcases that have a `failure`, read
    /// back with Foundation's XML parser.
    static func failingTestcases(_ path: String) throws -> [String] {
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: path))
        return try document.nodes(forXPath: "//testcase[failure]").compactMap {
            ($0 as? XMLElement)?.attribute(forName: "name")?.stringValue.map { ($0 as NSString).lastPathComponent }
        }
    }

    @Test("The bundled example passes: exit 0, a table and every output file")
    func bundled() throws {
        let example = try Example()
        let update = try MotionLabExecutable.run(["check", example.manifest, "--baseline-update"])
        #expect(update.status == 0, "\(update.stderr)")
        let junit = example.directory + "/junit.xml", jsonl = example.directory + "/out.jsonl", summary = example.directory + "/summary.md"
        let result = try MotionLabExecutable.run(["check", example.manifest, "--junit", junit, "--jsonl", jsonl, "--summary", summary])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("14 testcases on 3 recordings: 14 passed, 0 failed, 0 warnings\n"))
        #expect(try Self.failingTestcases(junit).isEmpty)
        let lines = try String(contentsOfFile: jsonl, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 14)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["passed"] as? Bool == true)
        }
        #expect(try String(contentsOfFile: summary, encoding: .utf8).hasPrefix("## Motion checks: passed"))
        // The YAML twin reads the same.
        let yaml = try MotionLabExecutable.run(["check", example.directory + "/motion-checks.yaml"])
        #expect(yaml.status == 0)
        #expect(yaml.stdout == result.stdout)
    }

    @Test("A failing expectation: exit 1, exactly the failing testcases in the JUnit file")
    func failing() throws {
        let example = try Example()
        _ = try MotionLabExecutable.run(["check", example.manifest, "--baseline-update"])
        let manifest = try example.variant("tight.json", #""settlingTime": {"max": 0.5}"#, #""settlingTime": {"max": 0.5}, "onsetTime": {"max": 0.075}"#)
        let junit = example.directory + "/junit.xml"
        let result = try MotionLabExecutable.run(["check", manifest, "--junit", junit, "--github"])
        #expect(result.status == 1)
        // Both settle 0.30 s after their onsets; sheet-1's motion starts 0.05 s into the capture,
        // sheet-2's 0.1 s.
        #expect(try Self.failingTestcases(junit) == ["sheet-2.csv › onsetTime"])
        let annotations = result.stdout.split(separator: "\n").filter { $0.hasPrefix("::") }
        #expect(annotations.count == 1)
        #expect(annotations.first?.hasPrefix("::error file=") == true)
        #expect(annotations.first?.contains("title=sheet open%3A onsetTime::0.09") == true, "\(annotations)")
    }

    @Test("A failure at level warn: reported, exit 0")
    func warning() throws {
        let example = try Example()
        let manifest = try example.variant("warn.json", #""riseTime": {"max": 0.25}"#, #""riseTime": {"max": 0.1}"#)
        let result = try MotionLabExecutable.run(["check", manifest, "--json"])
        _ = try MotionLabExecutable.run(["check", example.manifest, "--baseline-update"])
        #expect(result.status == 1)  // the baselines did not exist yet
        let again = try MotionLabExecutable.run(["check", manifest, "--json"])
        #expect(again.status == 0)
        let json = try again.json()
        #expect(json["warnings"] as? Int == 1)
        #expect(json["failed"] as? Int == 0)
    }

    @Test("Exit 2 naming what cannot be read: the manifest, a recording, an empty glob, a bad manifest")
    func unreadable() throws {
        let example = try Example()
        let missing = try MotionLabExecutable.run(["check", example.directory + "/none.json"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("none.json: no such file"))
        let glob = try example.variant("glob.json", "captures/sheet-*.csv", "captures/slide-*.csv")
        let empty = try MotionLabExecutable.run(["check", glob])
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("captures/slide-*.csv: matches no file (check 'sheet open')"))
        let file = try example.variant("file.json", #"["captures/fade-1.csv"]"#, #"["captures/fade-2.csv"]"#)
        let absent = try MotionLabExecutable.run(["check", file])
        #expect(absent.status == 2)
        #expect(absent.stderr.contains("captures/fade-2.csv: no such file"))
        let bad = try example.variant("bad.json", #""overshoot": {"max": 5}"#, #""overshoot": {"max": 5, "min": 7}"#)
        let inverted = try MotionLabExecutable.run(["check", bad])
        #expect(inverted.status == 2)
        #expect(inverted.stderr.contains("bad.json: checks[0].expect.overshoot is inverted: min 7.0 > max 5.0"))
        #expect(inverted.stdout.isEmpty)
    }

    @Test("Baselines through the binary: written, matched, then a changed recording fails")
    func baselines() throws {
        let example = try Example()
        #expect(try MotionLabExecutable.run(["check", example.manifest]).status == 1)
        #expect(try MotionLabExecutable.run(["check", example.manifest, "--baseline-update"]).status == 0)
        #expect(try MotionLabExecutable.run(["check", example.manifest]).status == 0)
        // Move every sample of sheet-2 by 1.6 pt: beyond the baseline's 1.5, within the spec's 3.
        let capture = example.directory + "/captures/sheet-2.csv"
        let lines = try String(contentsOfFile: capture, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let moved = lines.map { line -> String in
            let fields = line.split(separator: ",")
            guard fields.count == 2, let t = Double(fields[0]), let y = Double(fields[1]) else { return String(line) }
            return "\(t),\(y + 1.6)"
        }
        try moved.joined(separator: "\n").write(toFile: capture, atomically: true, encoding: .utf8)
        let changed = try MotionLabExecutable.run(["check", example.manifest, "--jsonl", example.directory + "/out.jsonl"])
        #expect(changed.status == 1)
        let failing = try String(contentsOfFile: example.directory + "/out.jsonl", encoding: .utf8).split(separator: "\n")
            .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .filter { $0["passed"] as? Bool == false }
        #expect(failing.map { $0["name"] as? String } == ["baseline"])
        #expect(abs((failing.first?["measured"] as? Double ?? 0) - 1.6) < 1e-9)
    }

    @Test("Bad options are command-line errors (exit 64)")
    func options() throws {
        let example = try Example()
        let jobs = try MotionLabExecutable.run(["check", example.manifest, "--jobs", "0"])
        #expect(jobs.status == 64)
        #expect(jobs.stderr.contains("--jobs must be in 1…1024; got 0"))
        let same = try MotionLabExecutable.run(["check", example.manifest, "--junit", "a.xml", "--jsonl", "a.xml"])
        #expect(same.status == 64)
        let both = try MotionLabExecutable.run(["check", example.manifest, "--github", "--json"])
        #expect(both.status == 64)
    }
}
