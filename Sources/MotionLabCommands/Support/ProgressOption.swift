import ArgumentParser

/// `--progress`: a progress line on stderr while a long command works — what `check`, `track`
/// and the fits take.
struct ProgressOption: ParsableArguments {
    @Flag(help: "Show a progress line on stderr (shown by default when stderr is a terminal).")
    var progress = false

    /// Whether the line is shown: with `--progress`, or when stderr is a terminal.
    var wanted: Bool { ProgressLine.wanted(progress) }
}
