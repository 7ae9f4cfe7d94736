import Foundation
import Testing

/// `--times-file FILE` (`-` for standard input): long lists of times for spring sample,
/// keyframes eval and curve (`--at-file`), one number per line or a CSV column.
@Suite("Times from a file")
struct TimesFileCommandTests {
    static func temporary(_ name: String, _ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("motionlab-times-\(UUID().uuidString)-\(name)")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// The file gives what the same list on the command line gives, whatever its form.
    @Test("spring sample: the file equals --times", arguments: [
        "0\n0.05\n0.1\n0.35\n1\n", "time,value\n0,1\n0.05,1\n0.1,1\n0.35,1\n1,1\n", "t;x\n0;0\n0,05;0\n0,1;0\n0,35;0\n1;0\n",
    ])
    func springSample(_ text: String) throws {
        let spring = ["spring", "sample", "--duration", "0.5", "--bounce", "0.2", "--target", "10", "--json"]
        let listed = try MotionLabExecutable.run(spring + ["--times", "0,0.05,0.1,0.35,1"])
        let file = try MotionLabExecutable.run(spring + ["--times-file", try Self.temporary("t.csv", text)])
        #expect(listed.status == 0 && file.status == 0, "\(file.stderr)")
        #expect(file.stdout == listed.stdout)
        let piped = try MotionLabExecutable.run(spring + ["--times-file", "-"], stdin: text)
        #expect(piped.stdout == listed.stdout)
    }

    /// A lone cubic 0 → 10 over 0.4 s is smoothstep, 10(3u² − 2u³): 1.5625 at u = 1/4, 5 at 1/2,
    /// 10 from the end on.
    @Test func keyframesEvalFromStandardInput() throws {
        let timeline = try Self.temporary("lone.json", #"{"initialValue": 0, "keyframes": [{"type": "cubic", "to": 10, "duration": 0.4}]}"#)
        let result = try MotionLabExecutable.run(["keyframes", "eval", timeline, "--times-file", "-"], stdin: "0.1\n0.2\n# end\n0.4\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "time,value\n0.1,1.5625\n0.2,5.0\n0.4,10.0\n")
    }

    /// The linear curve's value is its progress; the file's 'progress' column is read.
    @Test(arguments: ["--at-file", "--times-file"])
    func curveProgressColumn(_ option: String) throws {
        let file = try Self.temporary("p.csv", "frame,progress\n1,0.125\n2,0.5\n3,0.75\n")
        let result = try MotionLabExecutable.run(["curve", "linear", option, file, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let samples = try #require(try result.json()["samples"] as? [[String: Double]])
        #expect(samples.map { $0["progress"] } == [0.125, 0.5, 0.75])
        #expect(samples.map { $0["value"] } == [0.125, 0.5, 0.75])
    }

    @Test("mistakes", arguments: [
        (["spring", "sample", "--preset", "snappy", "--target", "1", "--times-file", "FILE"], "0\n0.1\nx\n", 1, "--times-file: FILE:3: 'x' is not a finite decimal number"),
        (["keyframes", "eval", "TIMELINE", "--times-file", "FILE"], "", 1, "has no numbers"),
        (["curve", "linear", "--at-file", "FILE"], "inf\n", 1, ":1: 'inf' is not a finite decimal number"),
        (["spring", "sample", "--preset", "snappy", "--target", "1", "--times-file", "FILE", "--times", "0"], "0\n", 64, "not both"),
        (["curve", "linear", "--at", "0", "--at-file", "FILE"], "0\n", 64, "exactly one of --at LIST"),
        (["keyframes", "eval", "-", "--times-file", "-"], "0\n", 64, "cannot both be standard input"),
        (["spring", "sample", "--preset", "snappy", "--target", "1", "--times-file", "/nonexistent/times.txt"], "", 2, "/nonexistent/times.txt: no such file"),
    ])
    func mistakes(_ case_: (arguments: [String], file: String, status: Int32, message: String)) throws {
        let file = try Self.temporary("times.txt", case_.file)
        let timeline = try Self.temporary("lone.json", #"{"initialValue": 0, "keyframes": [{"type": "move", "to": 1}]}"#)
        let result = try MotionLabExecutable.run(case_.arguments.map { $0 == "FILE" ? file : $0 == "TIMELINE" ? timeline : $0 })
        #expect(result.status == case_.status, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(case_.message.replacingOccurrences(of: "FILE", with: file)), "\(result.stderr)")
    }
}
