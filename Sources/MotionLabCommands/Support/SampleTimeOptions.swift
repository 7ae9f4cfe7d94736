import ArgumentParser

/// The times a command samples at, as `spring sample` and `keyframes eval` take them: a list, a
/// file of times, or a uniform grid. Each command says which combinations it accepts.
struct SampleTimeOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Comma-separated times in seconds.") var times: String?
    @Option(name: .customLong("times-file"),
            help: "A file of times in seconds: one per line, or a CSV's 'time' or 't' column (else its first); - for standard input.")
    var timesFile: String?
    @Option(parsing: .unconditional, help: "First time of a uniform grid.") var from: Double?
    @Option(parsing: .unconditional, help: "Last time of a uniform grid.") var to: Double?
    @Option(parsing: .unconditional, help: "Spacing of a uniform grid.") var step: Double?

    /// How many of `--from`, `--to` and `--step` were given.
    var gridOptions: Int { [from, to, step].compactMap { $0 }.count }

    /// The times of `--times`, else of `--times-file`; `nil` when neither was given.
    func listed() throws -> [Double]? {
        try times.map { try Input.numberList($0, "--times") } ?? timesFile.map { try Input.numberFile($0, "--times-file") }
    }

    /// The grid `--from`, `--to`, `--step`; `nil` unless all three were given.
    func grid() throws -> [Double]? {
        guard let from, let to, let step else { return nil }
        return try Input.grid(from: from, to: to, step: step)
    }
}
