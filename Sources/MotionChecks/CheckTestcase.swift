import MotionIO

/// The outcome of one expectation on one recording: a JUnit testcase, a JSON Lines object.
public struct CheckTestcase: Sendable {
    /// What the expectation asked for.
    public enum Expected: Sendable, Hashable {
        /// The measured figure lies in the range.
        case range(ValueRange)
        /// The measured max |error| is at most this.
        case maxError(Double)
    }

    /// The recording's path, as the run names it (relative to the current directory when the
    /// manifest's path was).
    public var recording: String
    /// The check's name.
    public var check: String
    /// The expectation: `spring.duration`, `settlingTime`, `matches`, `baseline` …
    public var name: String
    public var level: CheckLevel
    public var passed: Bool
    /// The measured figure; `nil` when it could not be measured (the message says why).
    public var measured: Double?
    public var expected: Expected
    /// Why it failed, or what was measured when it passed, for people.
    public var message: String
    /// Further facts, in order (the best shift, where the error peaks …).
    public var details: [(String, JSONValue)]

    public init(recording: String, check: String, name: String, level: CheckLevel, passed: Bool,
                measured: Double?, expected: Expected, message: String, details: [(String, JSONValue)] = []) {
        self.recording = recording
        self.check = check
        self.name = name
        self.level = level
        self.passed = passed
        self.measured = measured
        self.expected = expected
        self.message = message
        self.details = details
    }

    /// Whether this testcase fails the run: failed at level `error`.
    public var failsRun: Bool { !passed && level == .error }
}
