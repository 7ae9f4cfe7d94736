extension SpringChoreography {
    /// When no channel could be fitted, the error that says why for each; `nil` when one was.
    public var noChannelFitted: String? {
        guard entries.isEmpty else { return nil }
        return "no channel could be fitted: " + failures.map { "'\($0.channel)': \($0.message)" }.joined(separator: "; ")
    }

    /// A warning for each channel that could not be fitted, in order ("channel 'x' was not fitted: …").
    public var failureWarnings: [String] {
        failures.map { "channel '\($0.channel)' was not fitted: \($0.message)" }
    }

    /// The fitted channels' own warnings, each prefixed with its channel ("channel 'x': …").
    public var fitWarnings: [String] {
        entries.flatMap { entry in entry.fit.warnings.map { "channel '\(entry.channel)': \($0)" } }
    }
}
