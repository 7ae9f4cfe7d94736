import Foundation
import Testing

/// The commands that read recordings, on the forms recordings arrive in: semicolons or tabs
/// between fields (`--delimiter`, else detected), dropped frames (`--skip-invalid-rows`).
@Suite("Recording CSVs as they arrive: delimiters, dropped frames")
struct RecordingDialectCommandTests {
    static func temporary(_ name: String, _ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("motionlab-dialect-\(UUID().uuidString)-\(name)")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// The bundled bouncy-spring recording, rewritten with `delimiter` (and decimal commas when
    /// semicolon-separated, as a European spreadsheet writes it).
    static func bouncy(_ delimiter: String) throws -> String {
        let source = MotionLabExecutable.repositoryRoot.appendingPathComponent("data/recordings/spring-bouncy-60hz.csv")
        let text = try String(contentsOf: source, encoding: .utf8)
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = String(line)
            if !line.hasPrefix("#") {
                if delimiter == ";" { line = line.replacingOccurrences(of: ",", with: "#").replacingOccurrences(of: ".", with: ",") }
                line = line.replacingOccurrences(of: delimiter == ";" ? "#" : ",", with: delimiter)
            }
            lines.append(line)
        }
        return try temporary("bouncy.csv", lines.joined(separator: "\n"))
    }

    /// The JSON document without the key that names the file.
    static func document(_ result: CommandResult) throws -> NSDictionary {
        var json = try result.json()
        json["file"] = nil
        return json as NSDictionary
    }

    @Test("semicolon and tab files read to the comma file's results", arguments: [";", "\t"],
          [["settle", "FILE", "--json"], ["fit", "spring", "FILE", "--json"], ["fit", "keyframes", "FILE", "--keyframes", "4", "--json"]])
    func sameResults(_ delimiter: String, _ arguments: [String]) throws {
        let comma = try Self.bouncy(","), other = try Self.bouncy(delimiter)
        let expected = try MotionLabExecutable.run(arguments.map { $0 == "FILE" ? comma : $0 })
        #expect(expected.status == 0, "\(expected.stderr)")
        for given in [[], ["--delimiter", delimiter == ";" ? "semicolon" : "tab"]] {
            let result = try MotionLabExecutable.run(arguments.map { $0 == "FILE" ? other : $0 } + given)
            #expect(result.status == 0, "\(given): \(result.stderr)")
            #expect(try Self.document(result) == Self.document(expected), "\(given)")
        }
    }

    @Test func aDelimiterThatDoesNotFitSaysWhichDoes() throws {
        let file = try Self.bouncy(";")
        let result = try MotionLabExecutable.run(["settle", file, "--delimiter", "comma"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(file) && result.stderr.contains("--delimiter semicolon"), "\(result.stderr)")
    }

    @Test("command-line mistakes", arguments: [
        (["settle", "FILE", "--delimiter", "pipe"], "comma"),
        (["settle", "FILE", "--delimiter", "tab", "--delimiter", "comma"], "--delimiter was given 2 times"),
        (["settle", "--duration", "0.5", "--bounce", "0.2", "--delimiter", "tab"], "give the file"),
    ])
    func mistakes(_ mistake: (arguments: [String], message: String)) throws {
        let file = try Self.bouncy(",")
        let result = try MotionLabExecutable.run(mistake.arguments.map { $0 == "FILE" ? file : $0 })
        #expect(result.status == 64)
        #expect(result.stderr.contains(mistake.message), "\(result.stderr)")
    }

    /// report recognises a semicolon recording by its header even without a .csv name.
    @Test func reportRecognisesASemicolonHeader() throws {
        let file = try Self.temporary("capture.txt", "time;y\n0;0\n0,1;0,5\n0,2;0,75\n0,3;0,875\n0,4;0,9375\n0,5;1\n0,6;1\n")
        let result = try MotionLabExecutable.run(["report", file, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("capture.txt"))
    }

    /// A step written with two dropped frames (lines 4 and 7), and the same step without them.
    static let gaps = "time,y\n0,0\n0.1,0.5\n0.2,\n0.3,0.875\n0.4,0.9375\n0.5,NaN\n0.6,1\n0.7,1\n0.8,1\n"
    static let withoutGaps = "time,y\n0,0\n0.1,0.5\n0.3,0.875\n0.4,0.9375\n0.6,1\n0.7,1\n0.8,1\n"

    @Test("dropped frames: an error naming --skip-invalid-rows, or gaps counted on stderr",
          arguments: [["settle", "FILE", "--json"], ["fit", "keyframes", "FILE", "--keyframes", "2", "--json"], ["report", "FILE", "--format", "json"]])
    func droppedFrames(_ arguments: [String]) throws {
        let file = try Self.temporary("gaps.csv", Self.gaps), clean = try Self.temporary("clean.csv", Self.withoutGaps)
        let refused = try MotionLabExecutable.run(arguments.map { $0 == "FILE" ? file : $0 })
        #expect(refused.status == 1 && refused.stdout.isEmpty)
        #expect(refused.stderr.contains("\(file):4:") && refused.stderr.contains("--skip-invalid-rows"), "\(refused.stderr)")
        let skipped = try MotionLabExecutable.run(arguments.map { $0 == "FILE" ? file : $0 } + ["--skip-invalid-rows"])
        #expect(skipped.status == 0, "\(skipped.stderr)")
        #expect(skipped.stderr.contains("\(file): skipped 2 rows with empty or NaN cells, read as gaps: lines 4, 7"), "\(skipped.stderr)")
        let expected = try MotionLabExecutable.run(arguments.map { $0 == "FILE" ? clean : $0 })
        #expect(skipped.stdout.replacingOccurrences(of: file, with: "F") == expected.stdout.replacingOccurrences(of: clean, with: "F"))
    }

    @Test func droppedFramesFromStandardInput() throws {
        let result = try MotionLabExecutable.run(["settle", "-", "--skip-invalid-rows"], stdin: Self.gaps)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("standard input: skipped 2 rows with empty or NaN cells, read as gaps: lines 4, 7"))
    }
}
