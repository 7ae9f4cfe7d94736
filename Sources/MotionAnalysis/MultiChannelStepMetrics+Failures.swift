extension MultiChannelStepMetrics {
    /// Each channel that could not be measured, as `'name': reason`, in the recording's order: the
    /// warnings of a measurement of several channels.
    public var failures: [String] {
        entries.compactMap { entry -> String? in
            guard case .failure(let error) = entry.metrics else { return nil }
            return "'\(entry.channel)': \(error)"
        }
    }

    /// When no channel could be measured, the error that says why for each; `nil` when one was.
    public var noChannelMeasured: String? {
        let failures = failures
        guard failures.count == entries.count else { return nil }
        return "no channel can be measured: \(failures.joined(separator: "; "))"
    }
}
