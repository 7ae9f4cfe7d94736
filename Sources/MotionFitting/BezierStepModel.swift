import MotionCurves
import MotionLinearAlgebra

/// One reading of a normalised recording as a timing-curve transition: value `from` until the
/// start a, then from + (to − from)·y(x) with x = (u − a)/d, then `to` after a + d. The start is
/// pinned to the first sample (a = 0) or fitted, the end pinned to the last (a + d = 1) or fitted.
///
/// Parameters: x1, y1, x2, y2, then a if the start is fitted, d if the end is, then from, to.
struct BezierStepModel {
    /// The end is the first freedom, the start the second.
    enum Kind: Int, StepReading {
        case pinned, endFitted, startFitted, bothFitted
        var startFitted: Bool { fitsSecond }
        var endFitted: Bool { fitsFirst }
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

extension BezierStepModel: StepModel {
    var parents: [Int] { kind.parents }
    var handicap: Double { StepModelSelection.boundaryThreshold * Double(parameterCount - 6) }
    func start(from nested: Solution) -> Boundaries { nested.boundaries }
    func minimize(fromStart start: Boundaries) -> Solution? { minimize(from: initial(start), maxIterations: 200) }
    func minimize(continuing solution: Solution, maxIterations: Int) -> Solution? {
        minimize(from: pack(solution.boundaries, solution.from, solution.to), maxIterations: maxIterations)
    }
}

extension BezierStepModel.Solution: StepModelSolution {}
