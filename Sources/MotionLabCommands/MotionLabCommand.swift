import ArgumentParser
import Foundation
import MotionLab

/// `motionlab`: the command-line front end. Thin by design: parse, call the library, print.
///
/// The commands live in this library so that tests and fuzz targets can parse and run them in
/// process; the `motionlab` executable only calls ``execute()``.
///
/// Exit codes: 0 success; 1 the input was read but is invalid or cannot be analysed as asked;
/// 2 an input could not be read or an output could not be written; 64 a command-line error
/// (unknown option, value out of range), reported with the usage line.
public struct MotionLabCommand: ParsableCommand {
    public init() {}

    /// The version `motionlab --version` prints.
    public static let version = "0.10.0"

    public static let configuration = CommandConfiguration(
        commandName: "motionlab",
        abstract: "Physics-accurate springs, timing curves, keyframes and SwiftUI animations for user-interface motion.",
        discussion: """
            Exit codes: 0 success; 1 invalid input data (the message names the value, the line or the \
            JSON path); 2 an input that cannot be read or an output that cannot be written; 64 a \
            command-line error.
            """,
        version: version,
        subcommands: [SpringCommand.self, CurveCommand.self, KeyframesCommand.self, FitCommand.self, SettleCommand.self,
                      AnimateCommand.self, ReportCommand.self, CheckCommand.self, ExportCommand.self, ImportCommand.self,
                      TrackCommand.self]
    )

    /// Runs the command. With `--json`, a failure is also reported as JSON on stderr —
    /// `{"error": "…", "exitCode": 64}` — so scripts can read it; stdout stays empty. A command
    /// that has already reported its outcome and throws an `ExitCode` exits with that status
    /// alone.
    public static func execute() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            try checkHelpTopic(arguments)
            var command = try parseAsRoot(arguments)
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch let status as ExitCode {
            // Thrown on purpose by a command that has already reported its outcome (check's exit 1
            // and 2: the results on stdout, the problems on stderr): the status alone — no
            // "Error:" line, and with --json no error object, which would be empty.
            Foundation.exit(status.rawValue)
        } catch {
            let failure = error as? CommandFailure
            let code = failure?.exitCode ?? exitCode(for: error)
            if code == .success { exit(withError: error) }
            let text = failure.map(\.description) ?? message(for: error)
            if arguments.contains("--json") {
                let report = JSONValue.object([("error", .string(text)), ("exitCode", .integer(Int(code.rawValue)))])
                FileHandle.standardError.write(Data((report.serialized(pretty: false) + "\n").utf8))
                Foundation.exit(code.rawValue)
            }
            if let failure {
                FileHandle.standardError.write(Data("Error: \(failure.description)\n".utf8))
                Foundation.exit(failure.exitCode.rawValue)
            }
            exit(withError: error)
        }
    }

    /// `motionlab help NAME …` names existing subcommands (swift-argument-parser would print the
    /// root help and exit 0 for a name it does not know).
    static func checkHelpTopic(_ arguments: [String]) throws {
        guard arguments.first == "help" else { return }
        var subcommands = configuration.subcommands
        var path = "motionlab"
        for name in arguments.dropFirst() {
            if name.hasPrefix("-") { continue }
            let names = subcommands.map { $0._commandName }
            guard let index = names.firstIndex(of: name) else {
                let valid = names.isEmpty ? "it has no subcommands" : "valid: " + names.joined(separator: ", ")
                throw ValidationError("'\(path) help' has no subcommand '\(name)'; \(valid)")
            }
            subcommands = subcommands[index].configuration.subcommands
            path += " " + name
        }
    }
}
