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
        var report = SearchProgress(progress)
        let data = try NormalisedStep(recording.times, recording.values)
        let times = data.times, values = data.values, features = data.features
        let n = times.count
        let dt = 1 / Double(n - 1)
        let range = (values.max() ?? 1) - (values.min() ?? 0)
        let floor = StepModelSelection.relativeNoiseFloor * range

        let kinds: [BezierStepModel.Kind] = [.pinned, .endFitted, .startFitted, .bothFitted]
        let search = StepFitSupport.searchIndices(n)
        let searchModels = kinds.map { BezierStepModel(kind: $0, times: search.map { times[$0] }, values: search.map { values[$0] }, dt: dt) }
        let fullModels = search.count == n ? searchModels : kinds.map { BezierStepModel(kind: $0, times: times, values: values, dt: dt) }

        // The multi-start search, simplest model first; each richer model also starts from the
        // optimum of the models nested in it, so that it never fits worse than they do.
        let shapes: [[Double]] = [[0.25, 0.1, 0.25, 1], [0.42, 0, 1, 1], [0, 0, 0.58, 1], [0.42, 0, 0.58, 1], [0.3, 0.3, 0.7, 0.7]]
        let departure = min(max(features.departure, -0.5), 1 - 2 * dt)
        let arrival = max(features.arrival, departure + 2 * dt)
        var searched: [BezierStepModel.Solution?] = Array(repeating: nil, count: kinds.count)
        for (k, model) in searchModels.enumerated() {
            var starts: [BezierStepModel.Boundaries] = []
            for shape in shapes {
                switch model.kind {
                case .pinned: starts.append(.init(shape: shape, start: 0, duration: 1))
                case .endFitted: starts.append(.init(shape: shape, start: 0, duration: arrival))
                case .startFitted: starts.append(.init(shape: shape, start: departure, duration: 1 - departure))
                case .bothFitted: starts.append(.init(shape: shape, start: departure, duration: arrival - departure))
                }
            }
            for parent in model.kind.parents { if let p = searched[parent] { starts.append(p.boundaries) } }
            searched[k] = starts.compactMap { model.minimize(from: model.initial($0), maxIterations: 200) }.min { $0.rss < $1.rss }
            report.update(0.3 * Double(k + 1) / Double(searchModels.count))
        }
        // On long recordings each search optimum is refined on an intermediate evenly spaced
        // subset first: most iterations then cost its samples, not all of them.
        let intermediate = StepFitSupport.evenlySpacedIndices(n, count: StepFitSupport.intermediateSampleCount)
        let intermediateUsed = intermediate.count < n && intermediate.count > search.count
        if intermediateUsed {
            let models = kinds.map { BezierStepModel(kind: $0, times: intermediate.map { times[$0] }, values: intermediate.map { values[$0] }, dt: dt) }
            var refined: [BezierStepModel.Solution?] = Array(repeating: nil, count: kinds.count)
            for (k, model) in models.enumerated() {
                defer { report.update(0.3 + 0.35 * Double(k + 1) / Double(models.count)) }
                guard let start = searched[k] else { continue }
                var best = model.minimize(from: model.pack(start.boundaries, start.from, start.to), maxIterations: 200)
                for parent in model.kind.parents {
                    guard let p = refined[parent], best == nil || p.rss < best!.rss * (1 - 1e-9) else { continue }
                    if let again = model.minimize(from: model.pack(p.boundaries, p.from, p.to), maxIterations: 200),
                       best == nil || again.rss < best!.rss { best = again }
                }
                refined[k] = best
            }
            searched = refined
        }
        // Refinement on every sample: a few iterations for each model from its search optimum
        // (one, from its intermediate optimum), then to convergence for the chosen reading and
        // those close to it (only the chosen one after an intermediate refinement).
        let subsampled = search.count < n
        let polish = intermediateUsed ? 1 : subsampled ? StepFitSupport.polishIterations : 200
        var solutions: [BezierStepModel.Solution?] = Array(repeating: nil, count: kinds.count)
        for (k, model) in fullModels.enumerated() {
            guard let coarse = searched[k] else { continue }
            var best = subsampled ? model.minimize(from: model.pack(coarse.boundaries, coarse.from, coarse.to), maxIterations: polish) : coarse
            for parent in model.kind.parents {
                guard let p = solutions[parent], best == nil || p.rss < best!.rss * (1 - 1e-9) else { continue }
                if let again = model.minimize(from: model.pack(p.boundaries, p.from, p.to), maxIterations: polish),
                   best == nil || again.rss < best!.rss { best = again }
            }
            solutions[k] = best
        }
        guard solutions.contains(where: { $0 != nil }) else {
            throw FitError("the timing-curve fit did not converge from any starting guess")
        }
        if subsampled {
            StepFitSupport.refine(&solutions, margin: intermediateUsed ? 0 : StepFitSupport.refinementMargin, score: { k, s in
                let model = fullModels[k]
                return StepFitSupport.bic(rss: s.rss, count: n, parameters: model.parameterCount, floor: floor)
                    + StepModelSelection.boundaryThreshold * Double(model.parameterCount - 6)
            }, rss: \.rss, isConverged: \.converged, converge: { fullModels[$0].minimize(from: $1.parameters, maxIterations: 200) })
        }
        report.update(1)

        // The choice.
        var scored: [StepFitSupport.Scored] = []
        var indexOf: [Int] = []
        for (k, solution) in solutions.enumerated() {
            guard let solution else { continue }
            let model = fullModels[k]
            let bic = StepFitSupport.bic(rss: solution.rss, count: n, parameters: model.parameterCount, floor: floor)
            let (start, end) = model.kind.assumptions(solution.boundaries)
            scored.append(.init(candidate: StepModelCandidate(
                name: model.kind.name, startAssumption: start, endAssumption: end, initialVelocityFitted: false,
                parameterCount: model.parameterCount, residualSumOfSquares: solution.rss * data.step * data.step,
                relativeBIC: 0, startTime: data.time(solution.boundaries.start),
                duration: solution.boundaries.duration * data.span),
                score: bic + StepModelSelection.boundaryThreshold * Double(model.parameterCount - 6), bic: bic))
            indexOf.append(k)
        }
        func describe(_ i: Int) -> String {
            let c = scored[i].candidate, s = solutions[indexOf[i]]!
            let points = s.boundaries.shape.map { DecimalText.significant($0, digits: 4) }.joined(separator: ", ")
            return "\(c.name) (cubic-bezier(\(points)) from \(DecimalText.significant(c.startTime, digits: 4)) s, \(c.startAssumption), over \(DecimalText.significant(c.duration ?? 0, digits: 4)) s, end \(c.endAssumption))"
        }
        let (chosenIndex, selection, selectionWarnings) = StepFitSupport.select(scored, describe: describe)
        let k = indexOf[chosenIndex]
        let model = fullModels[k]
        var solution = solutions[k]!
        // The standard errors, by profile likelihood. A profile that finds a lower residual than
        // the optimum (the minimisation stopped along a flat valley) continues the minimisation
        // from there, and is profiled again (at most twice).
        let profileIndices = StepFitSupport.evenlySpacedIndices(n, count: BezierStepModel.profileSampleCount)
        let subset = profileIndices.count < n
            ? BezierStepModel(kind: model.kind, times: profileIndices.map { times[$0] }, values: profileIndices.map { values[$0] }, dt: dt) : nil
        var uncertainty = BezierUncertainty(model: model, solution: solution, subset: subset, floor: floor, span: data.span)
        for _ in 0..<2 {
            guard let lower = uncertainty.lower, let again = model.minimize(from: lower.parameters, maxIterations: 200),
                  again.rss < solution.rss else { break }
            solution = again
            uncertainty = BezierUncertainty(model: model, solution: solution, subset: subset, floor: floor, span: data.span)
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

/// One reading of a normalised recording as a timing-curve transition: value `from` until the
/// start a, then from + (to − from)·y(x) with x = (u − a)/d, then `to` after a + d. The start is
/// pinned to the first sample (a = 0) or fitted, the end pinned to the last (a + d = 1) or fitted.
///
/// Parameters: x1, y1, x2, y2, then a if the start is fitted, d if the end is, then from, to.
struct BezierStepModel {
    enum Kind: Int {
        case pinned, endFitted, startFitted, bothFitted
        var startFitted: Bool { self == .startFitted || self == .bothFitted }
        var endFitted: Bool { self == .endFitted || self == .bothFitted }
        /// The models nested in this one (indices in the order pinned, endFitted, startFitted, bothFitted).
        var parents: [Int] {
            switch self {
            case .pinned: []
            case .endFitted, .startFitted: [Kind.pinned.rawValue]
            case .bothFitted: [Kind.endFitted.rawValue, Kind.startFitted.rawValue]
            }
        }
        var name: String {
            switch self {
            case .pinned: "start at the first sample, end at the last"
            case .endFitted: "start at the first sample, end fitted"
            case .startFitted: "start fitted, end at the last sample"
            case .bothFitted: "start and end fitted"
            }
        }
        /// How a solution of this model reads the recording's boundaries.
        func assumptions(_ b: Boundaries) -> (start: BoundaryAssumption, end: BoundaryAssumption) {
            let tiny = 1e-9
            let start: BoundaryAssumption = !startFitted || abs(b.start) <= tiny ? .firstSample
                : b.start > 0 ? .observedPlateau : .fittedBeforeRecording
            let e = b.start + b.duration
            let end: BoundaryAssumption = !endFitted || abs(e - 1) <= tiny ? .lastSample
                : e < 1 ? .observedPlateau : .fittedAfterRecording
            return (start, end)
        }
    }

    struct Boundaries {
        var shape: [Double]
        var start: Double
        var duration: Double
    }

    struct Solution {
        var parameters: [Double]
        var boundaries: Boundaries
        var from: Double
        var to: Double
        /// Residual sum of squares (normalised units).
        var rss: Double
        /// Whether the minimisation met its convergence test (not stopped by an iteration cap).
        var converged: Bool
    }

    let kind: Kind
    let times: [Double]
    let values: [Double]
    /// The mean sample interval of the whole recording (in spans): the shortest duration.
    let dt: Double

    var parameterCount: Int { 6 + (kind.startFitted ? 1 : 0) + (kind.endFitted ? 1 : 0) }
    var parameterNames: [String] {
        ["x1", "y1", "x2", "y2"] + (kind.startFitted ? ["startTime"] : []) + (kind.endFitted ? ["duration"] : []) + ["from", "to"]
    }

    func boundaries(_ p: [Double]) -> Boundaries {
        let a = kind.startFitted ? p[4] : 0
        let d = kind.endFitted ? p[kind.startFitted ? 5 : 4] : 1 - a
        return Boundaries(shape: Array(p[0..<4]), start: a, duration: d)
    }

    func pack(_ b: Boundaries, _ from: Double, _ to: Double) -> [Double] {
        var p = b.shape
        if kind.startFitted { p.append(b.start) }
        // A fitted end keeps the other model's end time a + d.
        if kind.endFitted { p.append(kind.startFitted ? b.duration : b.start + b.duration) }
        return p + [from, to]
    }

    var bounds: (lower: [Double], upper: [Double]) {
        var lower: [Double] = [0, -5, 0, -5], upper: [Double] = [1, 5, 1, 5]
        if kind.startFitted { lower.append(-1); upper.append(kind.endFitted ? 1 : 1 - dt) }
        if kind.endFitted { lower.append(dt); upper.append(10) }
        return (lower + [-.infinity, -.infinity], upper + [.infinity, .infinity])
    }

    /// Starting parameters for `b`: from and to by linear least squares given the curve.
    func initial(_ b: Boundaries) -> [Double] {
        var p = pack(b, 0, 1)
        let (lower, upper) = bounds
        for i in p.indices { p[i] = min(max(p[i], lower[i]), upper[i]) }
        let y = evaluate(p, jacobian: false).progress
        var s00 = 0.0, s01 = 0.0, s11 = 0.0, r0 = 0.0, r1 = 0.0
        for i in y.indices {
            let (f0, f1) = (1 - y[i], y[i])
            s00 += f0 * f0; s01 += f0 * f1; s11 += f1 * f1
            r0 += f0 * values[i]; r1 += f1 * values[i]
        }
        let det = s00 * s11 - s01 * s01
        if det > 1e-12 * (s00 + s11) * (s00 + s11) {
            p[p.count - 2] = (s11 * r0 - s01 * r1) / det
            p[p.count - 1] = (s00 * r1 - s01 * r0) / det
        }
        return p
    }

    /// The model's values, its progress y(x) per sample (0 before the start, 1 after the end),
    /// and optionally the analytic Jacobian.
    /// The samples inside the transition, their curve inputs x and the solved t, kept across the
    /// evaluations of one minimisation so that a trial allocates only what it returns.
    final class Workspace {
        var xs: [Double] = []
        var inside: [Int] = []
        var ts: [Double] = []
    }

    func evaluate(_ p: [Double], jacobian wantJacobian: Bool, workspace: Workspace? = nil) -> (values: [Double], progress: [Double], jacobian: Matrix?) {
        let n = times.count
        let b = boundaries(p)
        let (a, d) = (b.start, b.duration)
        let from = p[p.count - 2], to = p[p.count - 1]
        let curve = CubicBezier(clampingX1: p[0], y1: p[1], x2: p[2], y2: p[3])
        let (x1, y1, x2, y2) = (curve.x1, curve.y1, curve.x2, curve.y2)
        let w = workspace ?? Workspace()
        w.xs.removeAll(keepingCapacity: true)
        w.inside.removeAll(keepingCapacity: true)
        w.xs.reserveCapacity(n)
        w.inside.reserveCapacity(n)
        var progress = [Double](repeating: 0, count: n)
        for i in 0..<n {
            let x = (times[i] - a) / d
            if x >= 1 { progress[i] = 1 } else if x > 0 { w.xs.append(x); w.inside.append(i) }
        }
        // The certified batch inverse, into the kept buffer.
        if w.ts.count < w.xs.count { w.ts = Array(repeating: 0, count: n) }
        curve.solveT(forX: w.xs, into: &w.ts)
        let (xs, inside, ts) = (w.xs, w.inside, w.ts)
        var slopes: [Double] = wantJacobian ? Array(repeating: 0, count: xs.count) : []
        for (k, i) in inside.enumerated() {
            let s = ts[k], r = 1 - s
            let (b1, b2) = (3 * r * r * s, 3 * r * s * s)
            progress[i] = b1 * y1 + b2 * y2 + s * s * s
            if wantJacobian {
                let dx = 3 * r * r * x1 + 6 * r * s * (x2 - x1) + 3 * s * s * (1 - x2)
                let dy = 3 * r * r * y1 + 6 * r * s * (y2 - y1) + 3 * s * s * (1 - y2)
                slopes[k] = dx > 1e-300 ? dy / dx : 0
            }
        }
        let step = to - from
        let model = progress.map { from + step * $0 }
        guard wantJacobian else { return (model, progress, nil) }
        var j = Matrix(rows: n, columns: parameterCount)
        let (fromColumn, toColumn) = (parameterCount - 2, parameterCount - 1)
        for i in 0..<n {
            j[i, fromColumn] = 1 - progress[i]
            j[i, toColumn] = progress[i]
        }
        let startColumn = kind.startFitted ? 4 : -1
        let durationColumn = kind.endFitted ? (kind.startFitted ? 5 : 4) : -1
        for (k, i) in inside.enumerated() {
            let s = ts[k], r = 1 - s
            let (b1, b2) = (3 * r * r * s, 3 * r * s * s)
            let slope = slopes[k]
            let x = xs[k]
            j[i, 0] = -step * slope * b1
            j[i, 1] = step * b1
            j[i, 2] = -step * slope * b2
            j[i, 3] = step * b2
            if startColumn >= 0 {
                // x = (u − a)/d with d fitted: ∂x/∂a = −1/d; with a + d = 1: ∂x/∂a = (x − 1)/d.
                j[i, startColumn] = step * slope * (kind.endFitted ? -1 / d : (x - 1) / d)
            }
            if durationColumn >= 0 { j[i, durationColumn] = -step * slope * x / d }
        }
        return (model, progress, j)
    }

    /// The residual sum of squares at `p` (normalised units).
    func rss(_ p: [Double]) -> Double {
        zip(evaluate(p, jacobian: false).values, values).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }
    }

    /// Levenberg–Marquardt from `initial`, with parameter `pinning` (if any) held at its initial
    /// value; nil when it fails.
    func minimize(from initial: [Double], maxIterations: Int, pinning: Int? = nil) -> Solution? {
        var (lower, upper) = bounds
        if let i = pinning { (lower[i], upper[i]) = (initial[i], initial[i]) }
        final class Cache { var p: [Double] = []; var j: Matrix? = nil }
        let cache = Cache()
        let workspace = Workspace()
        let values = self.values
        guard let result = try? LevenbergMarquardt.minimize(
            initial: initial, lower: lower, upper: upper, maxIterations: maxIterations,
            residuals: { p in
                let e = evaluate(p, jacobian: true, workspace: workspace)
                cache.p = p
                cache.j = e.jacobian
                return zip(e.values, values).map { $0 - $1 }
            },
            jacobian: { p in
                if p == cache.p, let j = cache.j { return j }
                return evaluate(p, jacobian: true, workspace: workspace).jacobian!
            }) else { return nil }
        guard result.cost.isFinite, result.parameters.allSatisfy(\.isFinite) else { return nil }
        let p = result.parameters
        return Solution(parameters: p, boundaries: boundaries(p), from: p[p.count - 2], to: p[p.count - 1], rss: 2 * result.cost,
                        converged: result.converged)
    }
}
