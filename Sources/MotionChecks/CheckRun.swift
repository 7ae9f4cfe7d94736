/// Everything a `check` run found: the testcases in manifest order (check, then recording, then
/// expectation) and what could not be read.
public struct CheckRun: Sendable {
    public var testcases: [CheckTestcase]
    /// Manifests, recordings, references or baselines that could not be used, globs that matched nothing.
    public var problems: [CheckProblem]
    /// How many distinct recordings were checked (a recording named by two checks counts once).
    public var recordingCount: Int

    public init(testcases: [CheckTestcase], problems: [CheckProblem], recordingCount: Int) {
        self.testcases = testcases
        self.problems = problems
        self.recordingCount = recordingCount
    }

    /// The testcases that fail the run (level `error`).
    public var failures: [CheckTestcase] { testcases.filter(\.failsRun) }
    /// The testcases that failed at level `warn`.
    public var warnings: [CheckTestcase] { testcases.filter { !$0.passed && $0.level == .warn } }

    /// The exit status: 2 when something could not be read or matched nothing, else 1
    /// when an expectation at level `error` failed, else 0.
    public var exitStatus: Int32 {
        if !problems.isEmpty { return 2 }
        return failures.isEmpty ? 0 : 1
    }
}
