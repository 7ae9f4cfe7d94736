import MotionIO
import MotionLinearAlgebra
import MotionSprings
import RealModule
import MotionNumerics

/// A spring fitted to a recorded step.
public struct SpringFit: Sendable {
    /// The spring (SwiftUI parameterization: duration and bounce).
    public var spring: Spring
    /// When the motion starts, on the recording's clock.
    public var startTime: Double
    /// The value before the start.
    public var from: Double
    /// The target.
    public var to: Double
    /// The initial velocity at the start, in value units per second (0 by assumption when
    /// ``initialVelocityFitted`` is false).
    public var initialVelocity: Double
    public var quality: FitQuality
    /// One standard error per fitted parameter, by name — a parameter the chosen reading fixes
    /// (the start time pinned to the first sample, the initial velocity 0 at rest) is not listed;
    /// `nil` when the data leaves one undetermined.
    public var standardErrors: [(name: String, value: Double)]?
    /// Parameters the data determines poorly (relative standard error above 10 %, or strongly
    /// correlated with another parameter), with the reason; and a note when the fit as a whole is
    /// poor (R² < 0.5: the recording does not look like a spring step).
    public var poorlyDetermined: [String]
    /// Where the motion starts: after rest the recording shows (``BoundaryAssumption/observedPlateau``),
    /// at the first sample (a capture trimmed to the motion, ``BoundaryAssumption/firstSample``),
    /// or at rest before the recording (``BoundaryAssumption/fittedBeforeRecording``).
    public var startAssumption: BoundaryAssumption
    /// ``BoundaryAssumption/observedPlateau`` when the fitted motion settles within 2 % of the
    /// step before the last sample, else ``BoundaryAssumption/fittedAfterRecording`` (the target
    /// is extrapolated).
    public var endAssumption: BoundaryAssumption
    /// Whether the initial velocity was fitted (false: the motion starts at rest and
    /// ``initialVelocity`` is 0 by assumption, the data not demanding otherwise).
    public var initialVelocityFitted: Bool
    /// The readings compared and how sure the choice is.
    public var selection: StepModelSelection
    /// What the data cannot tell: readings that fit about as well as the chosen one, key
    /// parameters (duration, bounce, target) the data do not determine, a recording that does
    /// not look like a spring step at all. Empty when unambiguous.
    public var warnings: [String]

    /// Whether the recording does not look like a spring step: the fitted step |to − from| is
    /// less than ``SpringFitting/minimumStepInStandardErrors`` of its standard error (as on pure
    /// noise), so the spring describes no motion in it. False when the standard errors are not
    /// known (the warnings then say the data do not determine the spring).
    public var fitsPoorly: Bool {
        guard let error = stepStandardError else { return false }
        return !(abs(to - from) >= SpringFitting.minimumStepInStandardErrors * error)
    }

    /// The standard error of to − from, √(σ_from² + σ_to²) (their correlation neglected); nil when
    /// the standard errors are not known.
    public var stepStandardError: Double? {
        guard let errors = standardErrors,
              let a = errors.first(where: { $0.name == "from" })?.value, let b = errors.first(where: { $0.name == "to" })?.value else { return nil }
        return (a * a + b * b).squareRoot()
    }

    /// The model's value at recording time `t`.
    public func value(at t: Double) -> Double {
        guard t > startTime else { return from }
        if spring.squaredFrequencyIsInRange {
            return from + spring.value(target: to - from, initialVelocity: initialVelocity, time: t - startTime)
        }
        // A spring too fast or too slow for ω0² to be a double (durations beyond ~1e±154 s): play
        // the same motion in units of its own duration.
        let duration = spring.duration
        return from + Spring(duration: 1, bounce: spring.bounce)
            .value(target: to - from, initialVelocity: initialVelocity * duration, time: (t - startTime) / duration)
    }

}

/// Fits a spring step — start time, start value, target, duration, bounce and initial
/// velocity — to a recording by Levenberg–Marquardt.
///
/// Where the motion starts, and whether it starts at rest, is decided from the data. Four models
/// are fitted: the start pinned to the first sample (a capture trimmed to the motion) or fitted
/// (rest recorded before it, or a start before the recording), each with the initial velocity
/// fixed at 0 or fitted. The Bayesian information criterion chooses (``StepModelSelection``),
/// with a preference for starting at rest: a fitted velocity must lower the criterion by more
/// than ``StepModelSelection/initialVelocityThreshold``. The models are not told apart by R²: a
/// spring started at rest before the recording and one that is moving at the first sample fit a
/// trimmed capture equally well, and then the fit says so in ``SpringFit/warnings``. Whether the
/// recording shows the motion settle (within 2 % of the step) is reported as the end assumption.
///
/// The fit works in normalised coordinates (`NormalisedStep`): time in units of the recording's
/// span from its first sample, value in units of the step from its start plateau. There the
/// spring's duration is a fraction of the span and its initial velocity is in steps per span, and
/// every floor and bound is relative; the parameters are mapped back at the end (duration × span,
/// startTime × span + t₀, initialVelocity × step/span, from and to through y = from + w·step). So
/// the fit is the same at any time or value scale a double can hold.
///
/// The motion is linear in from, to and the initial velocity, so those are solved by linear
/// least squares for every trial (variable projection) and Levenberg–Marquardt searches only
/// duration, bounce and start time. The starting guesses are read off the data: the departure
/// from the start, and the first peak — its overshoot gives ζ by the logarithmic decrement, its
/// time the damped period — or, without overshoot, the 10–90 % rise time of a critically damped
/// spring (≈ 3.36/ω0). Several starts are tried and the best kept; on long recordings the search
/// runs on an evenly spaced subset of samples and the best start of each model is refined on all.
///
/// A fit that explains the data poorly (R² < 0.5) is still returned, and says so in
/// ``SpringFit/poorlyDetermined``.
public enum SpringFitting {
    /// The most samples a spring fit of a file holds in memory: a recording costs about 200 bytes
    /// a sample while it is fitted (its times and values, their normalised copies, each model's
    /// copy and its residuals), so this many take about 4 GB. Time and memory are linear in the
    /// samples.
    public static let sampleLimit = 20_000_000

    /// Below this R² a fit is reported as poor in ``SpringFit/poorlyDetermined``. R² falls with the
    /// noise and with a long settled tail, so it does not decide whether there is a step.
    static let poorFitR2 = 0.5
    /// The fewest standard errors the fitted step |to − from| must span for the recording to look
    /// like a spring step (``SpringFit/fitsPoorly``). On pure noise the best spring's step is
    /// 1.5–2.3 of them; on spring steps under noise of 10 % and 40 % of the step, 26.
    public static let minimumStepInStandardErrors = 4.0
    /// The band within which the fitted motion counts as settled for ``SpringFit/endAssumption``.
    static let settledBand = 0.02

    /// The spring (the best of the start and velocity readings) fitted to a recorded step.
    ///
    /// - Parameters:
    ///   - recording: the recorded step.
    ///   - progress: called with the fraction of the fit done, non-decreasing and ending at 1,
    ///     from the calling thread; for a progress display.
    public static func fit(_ recording: Recording, progress: ((Double) -> Void)? = nil) throws(FitError) -> SpringFit {
        let data = try NormalisedStep(recording)
        let times = data.times, values = data.values, features = data.features
        let n = times.count
        // The shortest sample interval, in spans: a floor for times that a fit can resolve.
        var shortest = 1.0
        for i in 1..<n { shortest = min(shortest, times[i] - times[i - 1]) }

        // Guesses for (duration, bounce), in spans.
        var guesses: [(Double, Double)] = []
        if features.overshoot > 0.005 {
            let logOS = Double.log(features.overshoot)
            let zeta = -logOS / (Double.pi * Double.pi + logOS * logOS).squareRoot()
            let tp = max(features.peakTime - features.departure, shortest)
            let omega0 = (Double.pi / tp) / max((1 - zeta * zeta).squareRoot(), 1e-3)
            guesses.append((2 * .pi / omega0, 1 - zeta))
        }
        let criticalOmega0 = 3.358 / max(features.riseTime, shortest)
        guesses.append((2 * .pi / criticalOmega0, 0))
        guesses.append((2 * .pi / criticalOmega0, 0.3))
        guesses.append((2 * .pi / criticalOmega0 * 0.6, -0.4))

        let dt = 1 / Double(n - 1)
        // Durations from a small fraction of the shortest sample interval to 100 spans.
        let minimumDuration = min(1e-3, 0.5 * shortest)
        // A fitted start leaves at least three samples of motion.
        let latestStart = times[n - 3]
        let kinds: [SpringStepModel.Kind] = [.atRestFromFirstSample, .movingFromFirstSample, .atRestFitted, .movingFitted]

        // Starts: each (duration, bounce) guess; with a fitted start, from the departure at rest
        // and the first guess also from a quarter rise time earlier — a motion that first moves
        // away from its target (a negative initial velocity) leaves the start plateau before the
        // 2 % test sees it. Richer models also start from the optima of the models nested in them.
        let departure = min(features.departure, latestStart)
        let pipeline = try StepFitPipeline<SpringStepModel>(
            data, failure: "the spring fit did not converge from any starting guess", progress: progress,
            models: { indices in
                kinds.map { SpringStepModel(kind: $0, times: indices.map { times[$0] }, values: indices.map { values[$0] },
                                            minimumDuration: minimumDuration, latestStart: latestStart, dt: dt) }
            },
            starts: { model in
                var starts: [SpringStepModel.Nonlinear] = []
                for (duration, bounce) in guesses {
                    let d = min(max(duration, 2 * minimumDuration), 50)
                    starts.append(.init(duration: d, bounce: bounce, start: model.kind.startFitted ? departure : 0))
                }
                if model.kind.startFitted {
                    let d = min(max(guesses[0].0, 2 * minimumDuration), 50)
                    starts.append(.init(duration: d, bounce: guesses[0].1, start: departure - 0.25 * features.riseTime))
                }
                return starts
            })

        // The choice.
        let (chosen, selection, selectionWarnings) = pipeline.choose(
            candidate: { model, solution in
                let (start, end) = model.assumptions(solution)
                return StepModelCandidate(
                    name: model.kind.name, startAssumption: start, endAssumption: end,
                    initialVelocityFitted: model.kind.velocityFitted, parameterCount: model.parameterCount,
                    residualSumOfSquares: solution.rss * data.step * data.step, relativeBIC: 0,
                    startTime: data.time(solution.nonlinear.start), duration: nil)
            },
            describe: { c, s in
                var text = "\(c.name) (Spring(duration: \(DecimalText.significant(s.nonlinear.duration * data.span, digits: 4)), bounce: \(DecimalText.significant(s.nonlinear.bounce, digits: 3))) from \(DecimalText.significant(c.startTime, digits: 4)) s, \(c.startAssumption)"
                if c.initialVelocityFitted {
                    text += ", initial velocity \(DecimalText.significant(s.velocity * data.step / data.span, digits: 4))"
                }
                return text + ")"
            })
        let model = pipeline.models[chosen]
        var solution = pipeline.solutions[chosen]!
        // The last digits: forward differences leave the gradient off by O(h), and the optimum
        // with it; central ones find the least-squares optimum itself.
        // From the forward-difference optimum a few iterations suffice.
        if let polished = model.minimize(from: solution.nonlinear, maxIterations: 10, centralDifferences: true),
           polished.rss <= solution.rss {
            solution = polished
        }
        let p = solution.full
        let fittedValues = model.values(full: p)
        let quality = data.quality(recordedTimes: recording.times, model: fittedValues)

        // Back to the recording's units. The velocity scale step/span may overflow or underflow
        // where the velocity itself does not: try both orders.
        var initialVelocity = p[5] * (data.step / data.span)
        if p[5] != 0 && (!initialVelocity.isFinite || initialVelocity == 0) { initialVelocity = p[5] * data.step / data.span }
        let parameters = [data.time(p[0]), data.value(p[1]), data.value(p[2]), p[3] * data.span, p[4], initialVelocity]
        let names = SpringStepModel.names
        for i in 0..<6 where !parameters[i].isFinite || (i == 3 && !(parameters[3] > 0)) {
            throw FitError("the fitted \(names[i]) (\(DecimalText.significant(p[i])) \(i == 5 ? "steps per span" : i == 3 ? "spans" : "in normalised units") with a span of \(data.span) and a step of \(data.step)) is beyond the range of a double in the recording's units; rescale the times or values")
        }
        let spring = Spring(duration: parameters[3], bounce: parameters[4])

        var errors: [(name: String, value: Double)]? = nil
        var poor: [String] = []
        var warnings = selectionWarnings
        let free = model.freeParameters
        if let u = StepFitSupport.covariance(model.jacobian(full: p), rss: solution.rss, floor: pipeline.floor) {
            // Normalised residuals: the errors are in normalised units; the sizes they are judged
            // against too (the span is 1, the step 1, the velocity one step per duration).
            let sizes: [Double] = [1, 1, 1, p[3], 1, 1 / p[3]]
            var key: [String] = []
            for (c, i) in free.enumerated() where u.standardErrors[c] > 0.1 * sizes[i] {
                let text = "\(names[i]) (±\(DecimalText.significant(u.standardErrors[c] * Self.unit(i, data), digits: 3)))"
                poor.append(text)
                if [2, 3, 4].contains(i) { key.append(text) }
            }
            for a in free.indices {
                for b in (a + 1)..<free.count where abs(u.correlation[a, b]) > 0.995 {
                    poor.append("\(names[free[a]]) and \(names[free[b]]) are correlated (r = \(DecimalText.significant(u.correlation[a, b], digits: 4)))")
                }
            }
            errors = free.indices.map { (names[free[$0]], u.standardErrors[$0] * Self.unit(free[$0], data)) }
            if !key.isEmpty {
                warnings.append("the data determine the spring poorly: \(key.joined(separator: ", "))")
            }
        } else {
            poor.append("the data does not determine every parameter (singular Jacobian)")
            warnings.append("the data do not determine the spring: other springs fit these samples equally well")
        }
        if !(quality.r2 >= poorFitR2) {
            poor.append("the fit is poor (R² = \(DecimalText.significant(quality.r2, digits: 3)) < \(poorFitR2)): the recording does not look like a spring step")
        }
        let (start, end) = model.assumptions(solution)
        var fit = SpringFit(spring: spring, startTime: parameters[0], from: parameters[1], to: parameters[2],
                         initialVelocity: parameters[5], quality: quality, standardErrors: errors, poorlyDetermined: poor,
                         startAssumption: start, endAssumption: end, initialVelocityFitted: model.kind.velocityFitted,
                         selection: selection, warnings: warnings)
        if fit.fitsPoorly, let error = fit.stepStandardError {
            fit.warnings.append("the recording does not look like a spring step: the fitted step \(DecimalText.significant(fit.to - fit.from, digits: 3)) "
                                + "is less than \(DecimalText.significant(minimumStepInStandardErrors)) standard errors (±\(DecimalText.significant(error, digits: 3))); "
                                + "the spring describes no motion in it")
        }
        return fit
    }

    /// The size of one normalised unit of parameter i in the recording's units.
    private static func unit(_ i: Int, _ data: NormalisedStep) -> Double {
        switch i {
        case 0, 3: data.span
        case 1, 2: abs(data.step)
        case 4: 1
        default: abs(data.step) / data.span
        }
    }
}

extension Spring {
    /// Whether ω0² is a normal double, so that the closed-form motion can be evaluated in the
    /// recording's units (``Spring/duration`` and ``Spring/bounce`` are accurate at any scale).
    var squaredFrequencyIsInRange: Bool {
        let squared = naturalFrequency * naturalFrequency
        return squared.isNormal && squared.isFinite
    }
}

