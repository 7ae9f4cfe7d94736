/// One expectation of a check, as the manifest's `expect` object gives it. Each becomes one or
/// more testcases per recording (a spring expectation one per bounded figure).
public enum Expectation: Sendable {
    /// Bounds on the figures of a spring fitted to the recording.
    case spring([(SpringQuantity, ValueRange)])
    /// Bounds on a step-response metric.
    case step(StepQuantity, ValueRange)
    /// The recording follows `reference` within `maxError` (max |error| over the samples), after
    /// the best time shift within ±`maxShift` seconds when that is given (at most
    /// ``maximumShift``; infinity stands for half the recording's span).
    case matches(MotionReference, maxError: Double, maxShift: Double?)
    /// The recording stays within `maxError` of an accepted recording; `template` is its path,
    /// `{stem}` standing for the recording's file name without extension.
    case baseline(template: String, maxError: Double)

    /// The largest time shift a `matches` expectation may allow, in seconds (an hour): the
    /// reference is run over the recording's span plus the shift.
    public static let maximumShift = 3600.0

    /// The testcase names this expectation produces: `spring.duration`, `settlingTime`, `matches`, `baseline`.
    public var testcaseNames: [String] {
        switch self {
        case .spring: ["spring"]
        case .step(let quantity, _): [quantity.rawValue]
        case .matches: ["matches"]
        case .baseline: ["baseline"]
        }
    }
}
