/// One expectation of a check, as the manifest's `expect` object gives it. Each becomes one or
/// more testcases per recording (a spring expectation one per bounded figure).
public enum Expectation: Sendable {
    /// Bounds on the figures of a spring fitted to the recording.
    case spring([(SpringQuantity, ValueRange)])
    /// Bounds on a step-response metric.
    case step(StepQuantity, ValueRange)
    /// The recording follows `reference` within `maxError` (max |error| over the samples), after
    /// the best time shift within ±`maxShift` seconds when that is given (at most the recording's
    /// span; infinity stands for half of it).
    case matches(MotionReference, maxError: Double, maxShift: Double?)
    /// The recording stays within `maxError` of an accepted recording; `template` is its path,
    /// `{stem}` standing for the recording's file name without extension.
    case baseline(template: String, maxError: Double)

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
