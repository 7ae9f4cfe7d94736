import ArgumentParser
import Foundation
import MotionLab

/// `motionlab`: the command-line front end. Thin by design: parse, call the library, print.
///
/// The commands live in this library so that tests and fuzz targets can parse and run them in
/// process; the `motionlab` executable only calls ``main()``.
public struct MotionLabCommand: ParsableCommand {
    public init() {}

    public static let configuration = CommandConfiguration(
        commandName: "motionlab",
        abstract: "Physics-accurate springs, timing curves and keyframes for user-interface motion.",
        subcommands: [SpringCommand.self, CurveCommand.self, KeyframesCommand.self, FitCommand.self, SettleCommand.self, ReportCommand.self]
    )

    /// Runs the command. With `--json`, a failure is also reported as JSON on stderr —
    /// `{"error": "…", "exitCode": 64}` — so scripts can read it; stdout stays empty.
    public static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if arguments.contains("--json") && code != .success {
                let report = JSONValue.object([
                    ("error", .string(message(for: error))),
                    ("exitCode", .integer(Int(code.rawValue))),
                ])
                FileHandle.standardError.write(Data((report.serialized(pretty: false) + "\n").utf8))
                Foundation.exit(code.rawValue)
            }
            exit(withError: error)
        }
    }
}
