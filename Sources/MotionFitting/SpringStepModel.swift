import MotionLinearAlgebra
import MotionSprings

/// One reading of a normalised recording as a spring step: `from` until the start a, then
/// from + (to − from)·u(t − a) + v0·h(t − a), where u is the spring's step response from rest
/// and h its response to a unit initial velocity. The start is pinned to the first sample (a = 0)
/// or fitted; the initial velocity is 0 or fitted.
///
/// Levenberg–Marquardt varies (duration, bounce[, a]); from, to and v0 enter linearly and are
/// solved by least squares for each trial (variable projection).
struct SpringStepModel {
    /// The initial velocity is the first freedom, the start the second.
    enum Kind: Int, StepReading {
        case atRestFromFirstSample, movingFromFirstSample, atRestFitted, movingFitted
        var startFitted: Bool { fitsSecond }
        var velocityFitted: Bool { fitsFirst }
        var name: String {
            switch self {
            case .atRestFromFirstSample: "start at rest at the first sample"
            case .movingFromFirstSample: "start at the first sample with a fitted velocity"
            case .atRestFitted: "start at rest at a fitted time"
            case .movingFitted: "start at a fitted time with a fitted velocity"
            }
        }
    }

    /// The names of the full parameter vector (normalised units).
    static let names = ["startTime", "from", "to", "duration", "bounce", "initialVelocity"]

    struct Nonlinear {
        var duration: Double
        var bounce: Double
        var start: Double
    }

    struct Solution {
        var nonlinear: Nonlinear
        var from: Double
        var to: Double
        var velocity: Double
        var rss: Double
        /// Whether the minimisation met its convergence test (not stopped by an iteration cap).
        var converged: Bool
        /// startTime, from, to, duration, bounce, initialVelocity (normalised).
        var full: [Double] { [nonlinear.start, from, to, nonlinear.duration, nonlinear.bounce, velocity] }
    }

    let kind: Kind
    let times: [Double]
    let values: [Double]
    let minimumDuration: Double
    let latestStart: Double
    let dt: Double

    var parameterCount: Int { 4 + (kind.startFitted ? 1 : 0) + (kind.velocityFitted ? 1 : 0) }
    /// Indices into ``names`` of the parameters this model fits.
    var freeParameters: [Int] { (kind.startFitted ? [0] : []) + [1, 2, 3, 4] + (kind.velocityFitted ? [5] : []) }

    func nonlinear(_ q: [Double]) -> Nonlinear {
        Nonlinear(duration: q[0], bounce: q[1], start: kind.startFitted ? q[2] : 0)
    }

    /// The columns (1 − u, u[, h]) at the samples, which the least-squares solve orthogonalises
    /// in place: allocated once per minimisation and reused by every trial, so a trial on 10⁶
    /// samples allocates only the residuals it returns.
    final class Workspace {
        var columns: [[Double]]
        init(count n: Int, velocityFitted: Bool) {
            columns = Array(repeating: Array(repeating: 0, count: n), count: velocityFitted ? 3 : 2)
        }

        /// Fills the columns for `spring` started at `start`.
        func fill(_ spring: Spring, times: [Double], start: Double) {
            // The responses are written into the columns' own storage, lent out for the call.
            var step: [Double] = [], kick: [Double] = []
            swap(&step, &columns[1])
            if columns.count > 2 { swap(&kick, &columns[2]) }
            spring.fillStepResponses(times: times, start: start, step: &step, kick: &kick)
            columns[0].withUnsafeMutableBufferPointer { rest in
                step.withUnsafeBufferPointer { u in
                    for i in 0..<u.count { rest[i] = 1 - u[i] }
                }
            }
            swap(&step, &columns[1])
            if columns.count > 2 { swap(&kick, &columns[2]) }
        }
    }

    /// The best from, to[, v0] for `p` and the residuals, or nil when the basis is degenerate.
    func project(_ p: Nonlinear, workspace: Workspace? = nil) -> (coefficients: [Double], residuals: [Double])? {
        let n = times.count
        let w = workspace ?? Workspace(count: n, velocityFitted: kind.velocityFitted)
        w.fill(Spring(duration: p.duration, bounce: p.bounce), times: times, start: p.start)
        var residuals = [Double](repeating: 0, count: n)
        guard let c = try? GramSchmidt.leastSquares(columns: &w.columns, data: values, residuals: &residuals) else { return nil }
        return (c, residuals)
    }

    /// Levenberg–Marquardt on (duration, bounce[, start]) from `initial`; nil when it fails.
    /// `centralDifferences` for the final polish (see ``LevenbergMarquardt``): the search and the
    /// refinement take forward differences, half the evaluations.
    func minimize(from initial: Nonlinear, maxIterations: Int = 200, centralDifferences: Bool = false) -> Solution? {
        let d0 = min(max(initial.duration, 2 * minimumDuration), 100)
        var q = [d0, min(max(initial.bounce, -0.95), 0.995)]
        var lower = [minimumDuration, -0.95], upper = [100.0, 0.995]
        var steps = [d0 * 1e-6, 1e-6]
        if kind.startFitted {
            q.append(min(max(initial.start, -1), latestStart))
            lower.append(-1); upper.append(latestStart); steps.append(dt * 1e-3)
        }
        let n = times.count
        let workspace = Workspace(count: n, velocityFitted: kind.velocityFitted)
        guard let result = try? LevenbergMarquardt.minimize(
            initial: q, lower: lower, upper: upper, steps: steps, maxIterations: maxIterations,
            centralDifferences: centralDifferences, residuals: { q in project(nonlinear(q), workspace: workspace)?.residuals ?? Array(repeating: .nan, count: n) }) else { return nil }
        guard result.cost.isFinite, result.parameters.allSatisfy(\.isFinite) else { return nil }
        let p = nonlinear(result.parameters)
        guard let (c, r) = project(p, workspace: workspace) else { return nil }
        return Solution(nonlinear: p, from: c[0], to: c[1], velocity: kind.velocityFitted ? c[2] : 0,
                        rss: r.reduce(0) { $0 + $1 * $1 }, converged: result.converged)
    }

    /// The model at the samples for a full parameter vector (see ``Solution/full``).
    func values(full p: [Double]) -> [Double] {
        let spring = Spring(duration: p[3], bounce: p[4])
        return times.map { t in
            guard t > p[0] else { return p[1] }
            return p[1] + spring.value(target: p[2] - p[1], initialVelocity: p[5], time: t - p[0])
        }
    }

    /// ∂model/∂(free parameters) by forward differences (rows: samples).
    func jacobian(full p: [Double]) -> Matrix {
        let free = freeParameters
        let base = values(full: p)
        var j = Matrix(rows: times.count, columns: free.count)
        let steps = [dt * 1e-3, 1e-7, 1e-7, p[3] * 1e-6, 1e-6, 1e-5 / p[3]]
        for (c, i) in free.enumerated() {
            var q = p
            var h = steps[i]
            if i == 4 && q[4] + h > 0.995 { h = -h }
            q[i] += h
            let moved = values(full: q)
            for r in times.indices { j[r, c] = (moved[r] - base[r]) / h }
        }
        return j
    }

    /// The start assumption of a solution, and whether the fitted motion settles (within 2 % of
    /// its step) before the last sample.
    func assumptions(_ s: Solution) -> (start: BoundaryAssumption, end: BoundaryAssumption) {
        let a = s.nonlinear.start
        let start: BoundaryAssumption = !kind.startFitted || abs(a) <= 1e-9 ? .firstSample
            : a > 0 ? .observedPlateau : .fittedBeforeRecording
        let step = s.to - s.from
        guard step != 0, step.isFinite else { return (start, .observedPlateau) }
        let settle = Spring(duration: s.nonlinear.duration, bounce: s.nonlinear.bounce)
            .exactSettlingTime(target: step, initialVelocity: s.velocity, epsilon: SpringFitting.settledBand * abs(step))
        let end: BoundaryAssumption = a + settle < (times.last ?? 1) ? .observedPlateau : .fittedAfterRecording
        return (start, end)
    }
}

extension SpringStepModel: StepModel {
    var parents: [Int] { kind.parents }
    var handicap: Double { kind.velocityFitted ? StepModelSelection.initialVelocityThreshold : 0 }
    func start(from nested: Solution) -> Nonlinear { nested.nonlinear }
    func minimize(fromStart start: Nonlinear) -> Solution? { minimize(from: start) }
    func minimize(continuing solution: Solution, maxIterations: Int) -> Solution? {
        minimize(from: solution.nonlinear, maxIterations: maxIterations)
    }
}

extension SpringStepModel.Solution: StepModelSolution {}
