import MotionAnalysis
import MotionJSON

extension MultiChannelStepMetrics {
    /// The `settle --columns`/`--all-columns` document: `{"channels": [...]}`, each entry the
    /// channel's `settle` keys with `channel` and `samples`, or `channel`, `samples`
    /// and `error` for a channel that cannot be measured.
    public var json: JSONValue {
        .object([("channels", .array(entries.map { entry in
            let head: [(String, JSONValue)] = [("channel", .string(entry.channel)), ("samples", .integer(entry.samples))]
            switch entry.metrics {
            case .success(let m): return .object(head + m.jsonPairs)
            case .failure(let error): return .object(head + [("error", .string("\(error)"))])
            }
        }))])
    }
}
