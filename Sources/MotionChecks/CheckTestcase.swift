import MotionJSON

/// The outcome of one expectation on one recording: a JUnit testcase, a JSON Lines object.
public struct CheckTestcase: Sendable {
    /// What the expectation asked for.
    public enum Expected: Sendable, Hashable {
        /// The measured figure lies in the range.
        case range(ValueRange)
        /// The measured max |error| is at most this.
        case maxError(Double)
        /// Each named figure lies in its range (a `spring` expectation bounds several).
        case ranges([NamedRange])
    }

    /// A figure's name and the range it must lie in: `duration` in `0.45 … 0.55`.
    public struct NamedRange: Sendable, Hashable {
        public var name: String
        public var range: ValueRange

        public init(name: String, range: ValueRange) {
            self.name = name
            self.range = range
        }
    }

    /// A figure measured for an expectation that bounds several (`spring`): its name and value,
    /// `nil` when it could not be measured.
    public struct Figure: Sendable, Hashable {
        public var name: String
        public var value: Double?

        public init(name: String, value: Double?) {
            self.name = name
            self.value = value
        }
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
    /// The measured figure; `nil` when it could not be measured (the message says why) and for an
    /// expectation that bounds several figures, whose values are in ``figures``.
    public var measured: Double?
    /// The figures of an expectation that bounds several (`spring`), in the manifest's order;
    /// empty for the others.
    public var figures: [Figure]
    public var expected: Expected
    /// Why it failed, or what was measured when it passed, for people.
    public var message: String
    /// Further facts, in order (the best shift, where the error peaks …).
    public var details: [(String, JSONValue)]

    public init(recording: String, check: String, name: String, level: CheckLevel, passed: Bool,
                measured: Double?, figures: [Figure] = [], expected: Expected, message: String,
                details: [(String, JSONValue)] = []) {
        self.recording = recording
        self.check = check
        self.name = name
        self.level = level
        self.passed = passed
        self.measured = measured
        self.figures = figures
        self.expected = expected
        self.message = message
        self.details = details
    }

    /// What was measured, for people: the figure with `format`, the figures as `duration 0.5,
    /// bounce 0.2`, or `—` for nothing.
    public func measuredText(_ format: (Double) -> String) -> String {
        if !figures.isEmpty {
            return figures.map { "\($0.name) \($0.value.map(format) ?? "—")" }.joined(separator: ", ")
        }
        return measured.map(format) ?? "—"
    }

    /// Whether this testcase fails the run: failed at level `error`.
    public var failsRun: Bool { !passed && level == .error }
}
