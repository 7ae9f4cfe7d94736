import Foundation
import Testing

/// Inputs as a shell hands them over: `/dev/stdin`, a process substitution (`<(cmd)`, a
/// `/dev/fd/N` pipe) and a FIFO read as a regular file does; a file that may not be read is
/// an error that says so and names it.
@Suite("Inputs from pipes, FIFOs and process substitution")
struct StreamedInputTests {
    /// How the input reaches the command.
    enum Route: String, CaseIterable, CustomTestStringConvertible {
        case processSubstitution, devStdin, fifo
        var testDescription: String { rawValue }
    }

    static func temporary(_ name: String, _ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("motionlab-stream-\(UUID().uuidString)-\(name)")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// A FIFO's path, made for one run.
    static func fifoPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("motionlab-fifo-\(UUID().uuidString)").path
    }

    /// Runs `motionlab` with `arguments`, `FILE` standing for the input `source` sent by `route`
    /// (a FIFO's at `fifo`).
    static func run(_ arguments: [String], source: String, route: Route, fifo: String = fifoPath()) throws -> CommandResult {
        let binary = MotionLabExecutable.url.path
        switch route {
        case .processSubstitution, .devStdin:
            // bash runs `motionlab ARGS` with FILE replaced by <(cat SOURCE) or /dev/stdin.
            let file = route == .devStdin ? "/dev/stdin" : "<(cat \"$1\")"
            let words = arguments.map { $0 == "FILE" ? file : "'\($0)'" }.joined(separator: " ")
            let script = route == .devStdin ? "cat \"$1\" | \"$0\" \(words)" : "\"$0\" \(words)"
            return try Self.shell(script, [binary, source])
        case .fifo:
            guard mkfifo(fifo, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
            defer { unlink(fifo) }
            let writer = Process()
            writer.executableURL = URL(fileURLWithPath: "/bin/sh")
            writer.arguments = ["-c", "cat \"$1\" > \"$2\"", "sh", source, fifo]
            try writer.run()
            let result = try MotionLabExecutable.run(arguments.map { $0 == "FILE" ? fifo : $0 })
            writer.waitUntilExit()
            return result
        }
    }

    static func shell(_ script: String, _ arguments: [String]) throws -> CommandResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                             stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A lone cubic 0 → 10 over 0.4 s is smoothstep, 10(3u² − 2u³): 1.5625 at u = 1/4, 5 at 1/2.
    @Test("keyframes eval reads a timeline however it arrives", arguments: Route.allCases)
    func timeline(_ route: Route) throws {
        let source = try Self.temporary("lone.json", #"{"initialValue": 0, "keyframes": [{"type": "cubic", "to": 10, "duration": 0.4}]}"#)
        let result = try Self.run(["keyframes", "eval", "FILE", "--times", "0.1,0.2"], source: source, route: route)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "time,value\n0.1,1.5625\n0.2,5.0\n")
    }

    /// Every command that reads an input file gives through a pipe what it gives for the file.
    @Test("every reading command, through every route", arguments: [
        ["settle", "FILE", "--json"],
        ["fit", "keyframes", "FILE", "--keyframes", "3", "--json"],
        ["fit", "spring", "FILE", "--json"],
        ["report", "FILE", "--format", "json"],
    ].map { ($0, "data/recordings/spring-bouncy-60hz.csv") } + [
        (["export", "FILE", "--format", "css"], "data/timelines/spec-example.json"),
        (["keyframes", "verify", "FILE"], "data/timelines/spec-example.json"),
        (["animate", "FILE", "--times", "0,0.25,0.5"], "data/scenarios/spec-example.json"),
        (["report", "FILE", "--format", "json"], "data/timelines/spec-example.json"),
    ], Route.allCases)
    func sameAsFile(_ command: (arguments: [String], source: String), route: Route) throws {
        let source = MotionLabExecutable.repositoryRoot.appendingPathComponent(command.source).path
        let direct = try MotionLabExecutable.run(command.arguments.map { $0 == "FILE" ? source : $0 })
        #expect(direct.status == 0, "\(direct.stderr)")
        let fifo = Self.fifoPath()
        let streamed = try Self.run(command.arguments, source: source, route: route, fifo: fifo)
        #expect(streamed.status == 0, "\(streamed.stderr)")
        // The report names its input; the file's name differs by route.
        let names = ["/dev/stdin", source, fifo] + (0..<256).map { "/dev/fd/\($0)" }
        func anonymous(_ text: String) -> String {
            var text = text
            for name in names.sorted(by: { $0.count > $1.count }) { text = text.replacingOccurrences(of: name, with: "INPUT") }
            return text
        }
        #expect(!streamed.stdout.isEmpty)
        #expect(anonymous(streamed.stdout) == anonymous(direct.stdout))
    }

    /// Tests run as root, which may read a file whatever its mode; the permission error is made
    /// real by running the command as `nobody` (setpriv), or as the test's own non-root user.
    static let canDropPrivileges = getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

    @Test("a file that may not be read: the message says so and names it",
          .enabled(if: canDropPrivileges, "running as root without setpriv: no user here is refused a read"),
          arguments: [["keyframes", "eval", "FILE", "--times", "0"], ["settle", "FILE"], ["export", "FILE", "--format", "css"],
                      ["fit", "spring", "FILE"], ["check", "FILE"]])
    func permissionDenied(_ arguments: [String]) throws {
        let file = try Self.temporary("locked.json", "{}")
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(chmod(file, 0) == 0)
        let command = arguments.map { $0 == "FILE" ? file : $0 }
        let result = getuid() == 0
            ? try Self.shell("exec /usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups \"$@\"",
                             ["setpriv", MotionLabExecutable.url.path] + command)
            : try MotionLabExecutable.run(command)
        #expect(result.status == 2)
        #expect(result.stderr.contains(file))
        #expect(result.stderr.contains("permission denied"))
    }
}
