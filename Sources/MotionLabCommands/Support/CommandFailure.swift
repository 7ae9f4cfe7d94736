import ArgumentParser

/// A failure of the input rather than of the command line: printed as `Error: …` on stderr,
/// without the usage text, with an exit code that says which kind.
///
/// Command-line mistakes (an unknown option, a value out of range) stay `ValidationError`s,
/// which swift-argument-parser reports with the usage line and exit code 64.
struct CommandFailure: Error, CustomStringConvertible {
    enum Kind {
        /// The input was read but is not valid, or cannot be analysed as asked (exit 1).
        case invalidData
        /// An input could not be read, or an output could not be written (exit 2).
        case inputOutput
    }

    var kind: Kind
    var description: String

    /// Data that was read but is not valid (exit code 1).
    static func data(_ message: String) -> CommandFailure { CommandFailure(kind: .invalidData, description: message) }

    /// A file that cannot be read or written (exit code 2).
    static func io(_ message: String) -> CommandFailure { CommandFailure(kind: .inputOutput, description: message) }

    var exitCode: ExitCode {
        switch kind {
        case .invalidData: ExitCode(1)
        case .inputOutput: ExitCode(2)
        }
    }
}
