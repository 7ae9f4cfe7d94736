import ArgumentParser

/// `motionlab`: the command-line front end. Thin by design: parse, call the library, print.
@main
struct MotionLabCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "motionlab",
        abstract: "Physics-accurate springs, timing curves and keyframes for user-interface motion.",
        subcommands: [SpringCommand.self, CurveCommand.self, KeyframesCommand.self, FitCommand.self]
    )
}
