import Foundation
import MotionIO
import MotionTestSupport

/// Runs the built `motionlab` executable, as swift-argument-parser's own tests do, so the tests
/// see exactly what a user sees: stdout, stderr and the exit status.
struct CommandResult {
    var status: Int32
    var stdout: String
    var stderr: String

    /// stdout parsed as JSON (Foundation's parser, independent of MotionLab's writer).
    func json() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8), options: [.fragmentsAllowed])
        guard let dictionary = object as? [String: Any] else {
            throw CocoaError(.coderReadCorrupt)
        }
        return dictionary
    }
}

enum MotionLabExecutable {
    /// The `motionlab` binary beside the test bundle in the build products directory.
    static var url: URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // On Linux the runner may live inside `<products>/<Package>PackageTests.xctest`.
        for _ in 0..<3 {
            let candidate = directory.appendingPathComponent("motionlab")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: ".build/debug/motionlab")
    }

    static func run(_ arguments: [String], stdin: String? = nil) throws -> CommandResult {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        if let stdin {
            let input = Pipe()
            process.standardInput = input
            try process.run()
            input.fileHandleForWriting.write(Data(stdin.utf8))
            try input.fileHandleForWriting.close()
        } else {
            process.standardInput = FileHandle.nullDevice
            try process.run()
        }
        // Read both pipes before waiting so a large output cannot dead-lock the child.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(status: process.terminationStatus,
                             stdout: String(decoding: outData, as: UTF8.self),
                             stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Runs on a pseudo-terminal (util-linux `script`), as a user at a terminal sees it: stdout
    /// line-buffered, stderr unbuffered, both on one screen in the order they were written (lines
    /// end in CR LF).
    static func runOnTerminal(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let quoted = ([url.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", quoted.joined(separator: " "), "/dev/null"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The repository root, for reading committed data files in tests.
    static let repositoryRoot = Repository.root
}
