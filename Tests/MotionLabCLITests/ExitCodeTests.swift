import Foundation
import Testing

/// The command line's contract with scripts: exit codes, where messages go, the usage line only
/// for command-line mistakes, `--version`, and the root help text (pinned: a change is deliberate).
@Suite("Exit codes, help and version")
struct ExitCodeTests {
    static func temporaryFile(_ name: String, _ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("motionlab-exit-\(UUID().uuidString)-\(name)")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func unknownOptionIsAUsageError() throws {
        let result = try MotionLabExecutable.run(["spring", "--durration", "0.5"])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("Unknown option '--durration'"), "\(result.stderr)")
        #expect(result.stderr.contains("Usage:"), "\(result.stderr)")
    }

    @Test func aBadRowIsADataErrorWithoutUsage() throws {
        let path = try Self.temporaryFile("bad.csv", "time,x\n0,1\n0.1,abc\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        for command in [["settle", path], ["fit", "spring", path], ["fit", "keyframes", path, "--keyframes", "1"], ["report", path]] {
            let result = try MotionLabExecutable.run(command)
            #expect(result.status == 1, "\(command): \(result.status) \(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr == "Error: \(path):3: column 'x': 'abc' is not a number\n", "\(command)")
        }
    }

    /// A command that reports its outcome and then exits with a status (check: 1 when an
    /// expectation failed, 2 when a glob matched nothing) prints no error object after it, with
    /// --json or without: it would be `{"error":"","exitCode":1}`.
    @Test func aReportedStatusAddsNoErrorObject() throws {
        let example = try CheckCommandTests.Example()  // no baselines yet: those expectations fail
        let glob = try example.variant("glob.json", "captures/sheet-*.csv", "captures/slide-*.csv")
        for (manifest, status) in [(example.manifest, Int32(1)), (glob, 2)] {
            for json in [true, false] {
                let result = try MotionLabExecutable.run(["check", manifest] + (json ? ["--json"] : []))
                #expect(result.status == status, "\(manifest) \(json): \(result.stderr)")
                #expect(!result.stderr.contains("\"error\""), "\(result.stderr)")
                #expect(!result.stderr.contains("Error:"), "\(result.stderr)")
                if json { #expect(try result.json()["exitStatus"] as? Int == Int(status)) }
            }
        }
        let glob2 = try MotionLabExecutable.run(["check", glob, "--json"])
        #expect(glob2.stderr == "error: \(example.directory)/captures/slide-*.csv: matches no file (check 'sheet open')\n")
        // A failure the command did not report itself still gets its object.
        let missing = try MotionLabExecutable.run(["check", example.directory + "/none.json", "--json"])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("{\"error\":\""), "\(missing.stderr)")
        #expect(missing.stderr.contains("none.json: no such file"))
    }

    /// Standard input has one name in messages, "standard input", whichever command reads it
    /// (it was `<stdin>` in some, `-` in others); a JSON path field keeps `-`, the path given.
    @Test func standardInputIsNamedAlikeEverywhere() throws {
        for command in [["settle", "-"], ["settle", "-", "--all-columns"], ["fit", "spring", "-"], ["fit", "bezier", "-"],
                        ["fit", "keyframes", "-", "--keyframes", "1"], ["fit", "spring", "-", "--all-columns"], ["report", "-"]] {
            let result = try MotionLabExecutable.run(command, stdin: "time,x\n0,1\n0.1,abc\n")
            #expect(result.status == 1, "\(command): \(result.stderr)")
            #expect(result.stderr == "Error: standard input:3: column 'x': 'abc' is not a number\n", "\(command)")
        }
        for command in [["keyframes", "eval", "-", "--times", "0"], ["import", "-"], ["export", "-", "--format", "css"], ["animate", "-"],
                        ["report", "-"], ["fit", "spring", "-"]] {
            let input = command[0] == "fit" ? "time,x\n0,1\n1,1\n2,1\n" : command[0] == "report" ? "{" : "x"
            let result = try MotionLabExecutable.run(command, stdin: input)
            #expect(result.status == 1, "\(command): \(result.stderr)")
            #expect(result.stderr.hasPrefix("Error: standard input"), "\(command): \(result.stderr)")
        }
        let slow = try MotionLabExecutable.run(["settle", "-", "--json"], stdin: "time,x\n0,1\n100,2\n200,3\n300,4\n400,4\n500,4\n")
        #expect(slow.stderr.hasPrefix("warning: standard input: the recording spans 500 s"), "\(slow.stderr)")
        #expect(try slow.json()["file"] as? String == "-")
        let table = try MotionLabExecutable.run(["settle", "-"], stdin: "time,x\n0,1\n100,2\n200,3\n300,4\n400,4\n500,4\n")
        #expect(table.stdout.hasPrefix("Step of 'x' in standard input: 6 samples"), "\(table.stdout)")
        // check cannot take its manifest from standard input (its paths are relative to it): a usage error that says so.
        let check = try MotionLabExecutable.run(["check", "-"], stdin: "{}")
        #expect(check.status == 64)
        #expect(check.stderr.contains("'-' (standard input) cannot be a manifest"), "\(check.stderr)")
    }

    @Test func aBadTimelineIsADataError() throws {
        let path = try Self.temporaryFile("bad.json", #"{"initialValue": 0, "keyframes": [{"type": "linear", "to": 1, "duration": -1}]}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try MotionLabExecutable.run(["keyframes", "eval", path, "--times", "0"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("Error: \(path): "), "\(result.stderr)")
        #expect(result.stderr.contains("duration"), "\(result.stderr)")
        #expect(!result.stderr.contains("Usage:"))
    }

    @Test(arguments: [
        (["settle", "/nonexistent/r.csv"], "/nonexistent/r.csv: no such file"),
        (["fit", "bezier", "/tmp"], "/tmp: is a directory, not a file"),
        (["keyframes", "verify", "/nonexistent.json"], "/nonexistent.json: no such file"),
        (["report", "--data", "/nonexistent-dir"], "--data /nonexistent-dir: no such directory"),
    ])
    func unreadableInputExitsTwo(arguments: [String], message: String) throws {
        let result = try MotionLabExecutable.run(arguments)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "Error: \(message)\n")
    }

    @Test func choicesAreListedWhenWrong() throws {
        let result = try MotionLabExecutable.run(["spring", "--platform", "nosuch"])
        #expect(result.status == 64)
        for platform in ["android", "compose", "flutter", "motion", "react-spring", "rebound", "core-animation", "figma"] {
            #expect(result.stderr.contains("- \(platform)\n"), "\(platform) missing from \(result.stderr)")
        }
        let format = try MotionLabExecutable.run(["report", "--preset", "smooth", "--format", "pdf"])
        #expect(format.status == 64)
        #expect(format.stderr.contains("'md'"), "\(format.stderr)")
        let pdf = try MotionLabExecutable.run(["report", "--preset", "smooth", "--out", "/tmp/motionlab-never-written.pdf"])
        #expect(pdf.status == 64)
        #expect(pdf.stderr.contains(".pdf"), "\(pdf.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/motionlab-never-written.pdf"))
    }

    @Test func helpForAnUnknownTopicFails() throws {
        let result = try MotionLabExecutable.run(["help", "nonexistent"])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("no subcommand 'nonexistent'"), "\(result.stderr)")
        #expect(try MotionLabExecutable.run(["help", "fit", "spring"]).status == 0)
    }

    @Test func version() throws {
        let result = try MotionLabExecutable.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, "\(result.stdout)")
    }

    @Test func rootHelp() throws {
        let result = try MotionLabExecutable.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout == """
            OVERVIEW: Physics-accurate springs, timing curves, keyframes and SwiftUI
            animations for user-interface motion.

            Exit codes: 0 success; 1 invalid input data (the message names the value, the
            line or the JSON path); 2 an input that cannot be read or an output that cannot
            be written; 64 a command-line error.

            USAGE: motionlab <subcommand>

            OPTIONS:
              --version               Show the version.
              -h, --help              Show help information.

            SUBCOMMANDS:
              spring                  Describe a spring in every parameterization and
                                      platform, or sample its motion.
              curve                   Values and velocities of a timing curve (SwiftUI
                                      UnitCurve, or CSS with --css).
              keyframes               Evaluate a keyframe timeline (SwiftUI
                                      KeyframeTimeline semantics) or verify its continuity.
              fit                     Fit keyframes, a spring or a timing curve to a
                                      recorded motion (CSV).
              settle                  Settling time, rise time, peak, overshoot and
                                      undershoot of a recorded step or a spring.
              animate                 Run SwiftUI's animation engine on a scenario:
                                      transactions on a value, or a phase animator.
              report                  A report (HTML, Markdown or JSON) on springs, timing
                                      curves, keyframe timelines, animation scenarios and
                                      recordings.
              check                   Run the motion regression checks of a manifest (JSON
                                      or YAML) on recordings, for CI.
              export                  Export a timeline, a spring or a timing curve to
                                      SwiftUI, CSS, Web Animations and other platforms.
              import                  Import a Lottie layer, CSS @keyframes or Web
                                      Animations keyframes as a keyframe timeline (JSON).
              track                   Track the moving objects of a screen recording (a
                                      video) into a recording CSV.

              See 'motionlab help <subcommand>' for detailed help.

            """)
    }
}

/// Command-line values reported in the words the user wrote.
@Suite("Option names in errors")
struct OptionNameTests {
    @Test(arguments: [
        (["spring", "--platform", "react-spring", "--tension", "-5"], "--tension must be"),
        (["spring", "--platform", "rebound", "--friction", "-1"], "--friction must be"),
        (["spring", "--platform", "flutter", "--damping", "10"], "--platform flutter needs --stiffness"),
        (["fit", "keyframes", "data/recordings/bezier-ease-60hz.csv", "--keyframes", "-3"], "--keyframes must be in 1…100000; got -3"),
    ])
    func named(arguments: [String], message: String) throws {
        let result = try MotionLabExecutable.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}

/// Timelines as users write them: a syntax error names its line and column; CSV columns follow
/// the initial value's key order.
@Suite("Timeline files")
struct TimelineFileTests {
    @Test func syntaxErrorsNameTheLineAndColumn() throws {
        let path = try ExitCodeTests.temporaryFile("comma.json", "{\"initialValue\": 0,\n \"keyframes\": [\n  {\"type\": \"linear\", \"to\": 1, \"duration\": 0.5,}\n ]}\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try MotionLabExecutable.run(["keyframes", "eval", path, "--times", "0"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("line 3, column 47"), "\(result.stderr)")
        #expect(result.stderr.contains("trailing commas"), "\(result.stderr)")
    }

    /// What `fit keyframes --json` writes (one channel or several) is a timeline to the keyframe
    /// commands and report, as it is to export: its `timeline`, taken out here with Foundation,
    /// gives the same values; a broken one is named.
    @Test(arguments: [["data/recordings/spring-bouncy-60hz.csv", "--keyframes", "3"], ["data/recordings/card-present-60hz.csv", "--all-columns", "--keyframes", "3"]])
    func fitDocumentsAreTimelines(_ fit: [String]) throws {
        let document = try MotionLabExecutable.run(["fit", "keyframes", MotionLabExecutable.repositoryRoot.appendingPathComponent(fit[0]).path] + fit.dropFirst() + ["--json"])
        #expect(document.status == 0, "\(document.stderr)")
        let fitPath = try ExitCodeTests.temporaryFile("fit.json", document.stdout)
        defer { try? FileManager.default.removeItem(atPath: fitPath) }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(document.stdout.utf8)) as? [String: Any])
        let timeline = try JSONSerialization.data(withJSONObject: try #require(object["timeline"]))
        let timelinePath = try ExitCodeTests.temporaryFile("timeline.json", String(decoding: timeline, as: UTF8.self))
        defer { try? FileManager.default.removeItem(atPath: timelinePath) }
        // JSON, compared as objects: Foundation's re-serialisation does not keep the key order
        // that the CSV's columns follow.
        let times = ["--times", "0,0.05,0.1,0.2,0.35,0.5,0.8,1.2", "--json"]
        let fromFit = try MotionLabExecutable.run(["keyframes", "eval", fitPath] + times)
        let fromTimeline = try MotionLabExecutable.run(["keyframes", "eval", timelinePath] + times)
        #expect(fromFit.status == 0 && fromTimeline.status == 0, "\(fromFit.stderr)")
        let a = try #require(try JSONSerialization.jsonObject(with: Data(fromFit.stdout.utf8)) as? NSDictionary)
        let b = try #require(try JSONSerialization.jsonObject(with: Data(fromTimeline.stdout.utf8)) as? NSDictionary)
        #expect(a == b && fromFit.stdout.contains("0.35"), "\(fromFit.stdout)")
        #expect(try MotionLabExecutable.run(["keyframes", "verify", fitPath]).status == 0)
        let report = try MotionLabExecutable.run(["report", fitPath, "--format", "json"])
        #expect(report.status == 0 && report.stdout.contains(#""kind": "timeline""#), "\(report.stderr)")

        let broken = document.stdout.replacingOccurrences(of: "\"timeline\"", with: "\"timeline\": {\"initialValue\": \"x\"}, \"ignored\"")
        let brokenPath = try ExitCodeTests.temporaryFile("broken-fit.json", broken)
        defer { try? FileManager.default.removeItem(atPath: brokenPath) }
        let error = try MotionLabExecutable.run(["keyframes", "eval", brokenPath, "--times", "0"])
        #expect(error.status == 1 && error.stderr.contains("broken-fit.json: timeline"), "\(error.stderr)")
    }

    @Test func csvColumnsFollowTheInitialValue() throws {
        let path = try ExitCodeTests.temporaryFile("order.json", #"{"initialValue": {"z": 0, "a": 1}, "tracks": [{"property": "z", "keyframes": [{"type": "linear", "to": 1, "duration": 0.5}]}]}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try MotionLabExecutable.run(["keyframes", "eval", path, "--times", "0.25"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "time,z,a\n0.25,0.5,1.0\n", "\(result.stdout)")
        let json = try MotionLabExecutable.run(["keyframes", "eval", path, "--times", "0.25", "--json"])
        #expect(json.stdout.range(of: #""z"[^}]*"a""#, options: .regularExpression) != nil, "\(json.stdout)")
    }
}
