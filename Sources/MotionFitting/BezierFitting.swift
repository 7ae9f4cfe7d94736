import MotionCurves
import MotionIO
import MotionLinearAlgebra
import MotionNumerics

/// A cubic-bezier timing curve fitted to a recorded transition.
public struct BezierFit: Sendable {
    /// (x1, y1, x2, y2), with x1 and x2 in [0, 1].
    public var curve: CubicBezier
    /// When the transition starts, on the recording's clock.
    public var startTime: Double
    /// How long it lasts.
    public var duration: Double
    /// The values before and after the transition (fitted; on a trimmed capture they are the
    /// curve's ends, not sample medians).
    public var from: Double
    public var to: Double
    public var quality: FitQuality
    /// Standard errors of the fitted parameters in the recording's units — x1, y1, x2, y2, then
    /// `startTime` and `duration` where they were fitted (not where the start is pinned to the
    /// first sample or the end to the last), then `from` and `to`. Those of the control points,
    /// the start and the duration come from profile likelihood (the wider side of the 95 %
    /// interval ÷ 1.96), so a parameter the data determine poorly gets a wide one; see
    /// <doc:FittingAndItsConditioning>. Never `nil` for a fit that is returned.
    public var standardErrors: [(name: String, value: Double)]?
    /// Where the transition starts: at a fitted time after rest the recording shows
    /// (``BoundaryAssumption/observedPlateau``), at the first sample (a trimmed capture,
    /// ``BoundaryAssumption/firstSample``), or before the recording.
    public var startAssumption: BoundaryAssumption
    /// Where it ends: ``BoundaryAssumption/observedPlateau``, ``BoundaryAssumption/lastSample``
    /// or ``BoundaryAssumption/fittedAfterRecording``.
    public var endAssumption: BoundaryAssumption
    /// The readings compared and how sure the choice is.
    public var selection: StepModelSelection
    /// What the data cannot tell: readings that fit about as well as the chosen one, parameters
    /// the data do not determine. Empty when the fit is unambiguous.
    public var warnings: [String]

    /// The model's value at recording time `t`.
    public func value(at t: Double) -> Double {
        if t <= startTime { return from }
        if t >= startTime + duration { return to }
        return from + (to - from) * curve.y(forX: (t - startTime) / duration)
    }

    public var controlPoints: [Double] { [curve.x1, curve.y1, curve.x2, curve.y2] }

}

/// Fits a cubic-bezier timing curve — control points, start time, duration and the values
/// before and after — to a recorded transition, by Levenberg–Marquardt with x1, x2 kept in [0, 1].
///
/// Where the transition starts and ends is decided from the data, not assumed. A capture that
/// records only the motion starts at its first sample and ends at its last; one that records rest
/// around it starts and ends between samples. Four models are fitted — start pinned to the first
/// sample or fitted, end pinned to the last sample or fitted — each with from/to free, and the
/// Bayesian information criterion chooses (``StepModelSelection``; a fitted boundary must lower it
/// by more than ``StepModelSelection/boundaryThreshold``). Pinning is a hypothesis
/// tested like the others: on a recording with rest before the motion a curve forced to start at
/// the first sample fits badly and loses; on a trimmed capture a fitted start buys nothing (a
/// piece of a bezier is again a bezier, so an earlier start with another curve fits exactly as
/// well) and the simpler pinned model wins. Readings that fit about as well as the chosen one,
/// and curves the data do not determine, are reported in ``BezierFit/warnings``.
///
/// Like ``SpringFitting`` the fit works in normalised coordinates (`NormalisedStep`: time in
/// spans of the recording from its first sample, value in steps from the start plateau) and maps
/// the results back, so it is the same at any time or value scale. The Jacobian is analytic (one
/// bezier inverse per sample per step), and on long recordings the multi-start search runs on an
/// evenly spaced subset of at most `StepFitSupport.searchSampleCount` samples before the best
/// start of each model is refined on all of them.
public enum BezierFitting {
    /// Above this standard error a control point is reported as poorly determined; the start and
    /// the duration above this fraction of the duration.
    static let controlPointTolerance = 0.05

    /// The timing curve (the best of the start and end readings) fitted to a recorded step.
    ///
    /// - Parameters:
    ///   - recording: the recorded step.
    ///   - progress: called with the fraction of the fit done, non-decreasing and ending at 1,
    ///     from the calling thread; for a progress display.
    public static func fit(_ recording: Recording, progress: ((Double) -> Void)? = nil) throws(FitError) -> BezierFit {
        let data = try NormalisedStep(recording)
        let times = data.times, values = data.values, features = data.features
        let n = times.count
        let dt = 1 / Double(n - 1)

        let kinds: [BezierStepModel.Kind] = [.pinned, .endFitted, .startFitted, .bothFitted]
        // Starts: a few shapes over the boundaries the data suggest; each richer model also
        // starts from the optima of the models nested in it, so that it never fits worse.
        let shapes: [[Double]] = [[0.25, 0.1, 0.25, 1], [0.42, 0, 1, 1], [0, 0, 0.58, 1], [0.42, 0, 0.58, 1], [0.3, 0.3, 0.7, 0.7]]
        let departure = min(max(features.departure, -0.5), 1 - 2 * dt)
        let arrival = max(features.arrival, departure + 2 * dt)
        let pipeline = try StepFitPipeline<BezierStepModel>(
            data, failure: "the timing-curve fit did not converge from any starting guess", progress: progress,
            models: { indices in
                kinds.map { BezierStepModel(kind: $0, times: indices.map { times[$0] }, values: indices.map { values[$0] }, dt: dt) }
            },
            starts: { model in
                shapes.map { shape in
                    switch model.kind {
                    case .pinned: .init(shape: shape, start: 0, duration: 1)
                    case .endFitted: .init(shape: shape, start: 0, duration: arrival)
                    case .startFitted: .init(shape: shape, start: departure, duration: 1 - departure)
                    case .bothFitted: .init(shape: shape, start: departure, duration: arrival - departure)
                    }
                }
            })

        // The choice.
        let (k, selection, selectionWarnings) = pipeline.choose(
            candidate: { model, solution in
                let (start, end) = model.kind.assumptions(solution.boundaries)
                return StepModelCandidate(
                    name: model.kind.name, startAssumption: start, endAssumption: end, initialVelocityFitted: false,
                    parameterCount: model.parameterCount, residualSumOfSquares: solution.rss * data.step * data.step,
                    relativeBIC: 0, startTime: data.time(solution.boundaries.start),
                    duration: solution.boundaries.duration * data.span)
            },
            describe: { c, s in
                let points = s.boundaries.shape.map { DecimalText.significant($0, digits: 4) }.joined(separator: ", ")
                return "\(c.name) (cubic-bezier(\(points)) from \(DecimalText.significant(c.startTime, digits: 4)) s, \(c.startAssumption), over \(DecimalText.significant(c.duration ?? 0, digits: 4)) s, end \(c.endAssumption))"
            })
        let model = pipeline.models[k]
        var solution = pipeline.solutions[k]!
        // The standard errors, by profile likelihood. A profile that finds a lower residual than
        // the optimum (the minimisation stopped along a flat valley) continues the minimisation
        // from there, and is profiled again (at most twice).
        let profileIndices = StepFitSupport.evenlySpacedIndices(n, count: BezierStepModel.profileSampleCount)
        let subset = profileIndices.count < n
            ? BezierStepModel(kind: model.kind, times: profileIndices.map { times[$0] }, values: profileIndices.map { values[$0] }, dt: dt) : nil
        var uncertainty = BezierUncertainty(model: model, solution: solution, subset: subset, floor: pipeline.floor, span: data.span)
        for _ in 0..<2 {
            guard let lower = uncertainty.lower, let again = model.minimize(from: lower.parameters, maxIterations: 200),
                  again.rss < solution.rss else { break }
            solution = again
            uncertainty = BezierUncertainty(model: model, solution: solution, subset: subset, floor: pipeline.floor, span: data.span)
        }
        let b = solution.boundaries

        let curve = CubicBezier(clampingX1: b.shape[0], y1: b.shape[1], x2: b.shape[2], y2: b.shape[3])
        let (startTime, duration) = (data.time(b.start), b.duration * data.span)
        guard startTime.isFinite, duration.isFinite, duration > 0 else {
            throw FitError("the fitted start time and duration (\(DecimalText.significant(b.start)) and \(DecimalText.significant(b.duration)) spans of \(data.span)) are beyond the range of a double in the recording's units; rescale the times")
        }
        let (from, to) = (data.value(solution.from), data.value(solution.to))
        guard from.isFinite, to.isFinite else {
            throw FitError("the fitted values before and after (\(DecimalText.significant(solution.from)) and \(DecimalText.significant(solution.to)) steps of \(data.step)) are beyond the range of a double; rescale the values")
        }
        let (start, end) = model.kind.assumptions(b)
        var warnings = selectionWarnings
        let fitted = model.evaluate(solution.parameters, jacobian: false)
        warnings += uncertainty.warnings
        let names = model.parameterNames
        let errors = names.indices.map { i -> (name: String, value: Double) in
            let unit = ["startTime", "duration"].contains(names[i]) ? data.span : ["from", "to"].contains(names[i]) ? abs(data.step) : 1
            return (names[i], uncertainty.standardErrors[i] * unit)
        }
        return BezierFit(curve: curve, startTime: startTime, duration: duration, from: from, to: to,
                         quality: data.quality(recordedTimes: recording.times, model: fitted.values),
                         standardErrors: errors, startAssumption: start, endAssumption: end,
                         selection: selection, warnings: warnings)
    }
}
