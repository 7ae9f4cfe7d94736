/// How a failed expectation counts: an `error` fails the run (exit 1), a `warn` is reported and
/// never fails it.
public enum CheckLevel: String, Sendable, Hashable, CaseIterable {
    case error
    case warn
}
