/// What a step fit assumed about where the motion starts or ends, and why.
///
/// Capture tools often export only the motion: the first sample is the start and the last the
/// end, with no rest before or after. Others record a little rest on each side. The fits do not
/// assume either: each reading is a model fitted to the data, and an information criterion
/// chooses (see ``StepModelSelection``).
public enum BoundaryAssumption: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The recording shows the rest before the start (or after the end): the boundary is fitted
    /// between samples, with samples at rest on the far side.
    case observedPlateau = "observed plateau"
    /// The motion starts exactly at the first sample (a trimmed capture).
    case firstSample = "first sample"
    /// The motion started before the recording: the start time is extrapolated.
    case fittedBeforeRecording = "fitted before the recording"
    /// The motion ends exactly at the last sample (a trimmed capture).
    case lastSample = "last sample"
    /// The motion goes on after the recording: the end (or, for a spring, the target) is extrapolated.
    case fittedAfterRecording = "fitted after the recording"

    public var description: String { rawValue }
}

/// One of the models a step fit compared: a reading of the recording (where it starts and ends,
/// whether a spring starts at rest) with its least-squares fit.
public struct StepModelCandidate: Sendable, Hashable {
    /// What the model assumes, in words, e.g. "start at the first sample, end fitted".
    public var name: String
    public var startAssumption: BoundaryAssumption
    public var endAssumption: BoundaryAssumption
    /// Whether a spring's initial velocity is a free parameter (false: it starts at rest); false
    /// for timing curves.
    public var initialVelocityFitted: Bool
    /// The number of fitted parameters (the information criterion's penalty counts these).
    public var parameterCount: Int
    /// The residual sum of squares of its best fit, in the recording's units squared.
    public var residualSumOfSquares: Double
    /// Its Bayesian information criterion, relative to the chosen model's (0 for the chosen one;
    /// lower is better; a difference above 2 is positive evidence, above 6 strong).
    public var relativeBIC: Double
    /// Its fitted start time and duration (nil for a spring, which has no end), on the recording's clock.
    public var startTime: Double
    public var duration: Double?
}

/// How a step fit chose between readings of the recording, and how sure it is.
///
/// Each candidate model is fitted by least squares; the Bayesian information criterion
/// BIC = n·ln(RSS/n + f²) + k·ln n (n samples, k fitted parameters, RSS the residual sum of
/// squares in units of the step, f = 10⁻⁶ of the recorded range a floor so that noise-free
/// recordings compare at rounding level) ranks them. The model with the lowest BIC is chosen,
/// with two preferences that the data must overcome:
/// - a spring's initial velocity is freed only when that lowers the BIC by more than
///   ``initialVelocityThreshold`` (a spring is preferred to start at rest);
/// - a timing curve's start (or end) is fitted rather than pinned to the first (last) sample only
///   when that lowers the BIC by more than ``boundaryThreshold`` each ("strong" evidence on Kass
///   and Raftery's scale). A bezier's boundaries trade off against its shape — a piece of a
///   bezier is a bezier, a curve that arrives with zero slope can be stretched past its end to
///   first order, and a start between the first two samples lets the corner and the first slope
///   absorb the noise of the first samples — so the likelihood gain of freeing one is far from
///   the χ²₁ the criterion's ln n penalty is calibrated for: on a trimmed `ease` with 0.1 px
///   noise it exceeds ln n in about 1 recording in 6, and exceeds ln n + 6 in about 1 in 40.
///   (A spring that starts at rest has a smooth, sharply defined start and needs no such
///   preference.)
///
/// ``evidence`` is the BIC of the best candidate that reads the data differently (another start
/// or end assumption, or a spring that does / does not start at rest) minus the chosen one's.
/// Below ``ambiguityThreshold`` (2: "not worth more than a bare mention") the fit carries a warning
/// that the data cannot tell the readings apart.
public struct StepModelSelection: Sendable, Hashable {
    /// A spring's initial velocity is kept free only if that lowers the BIC by more than this.
    public static let initialVelocityThreshold = 2.0
    /// A timing curve's start or end is fitted only if that lowers the BIC by more than this (each).
    public static let boundaryThreshold = 6.0
    /// Alternatives closer than this in BIC are reported as indistinguishable.
    public static let ambiguityThreshold = 2.0
    /// The noise floor f, relative to the recorded range.
    public static let relativeNoiseFloor = 1e-6

    /// Every model tried, in order of increasing BIC (the chosen one first).
    public var candidates: [StepModelCandidate]
    /// BIC of the best alternative reading minus the chosen one's (∞ when there is none).
    public var evidence: Double
}
