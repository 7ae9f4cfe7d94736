/// Nonlinear least squares by the Levenberg–Marquardt method, with box bounds.
///
/// Minimises ½‖r(p)‖² over parameters p with `lower ≤ p ≤ upper`. Each step solves the damped
/// linearised problem `[J; √μ·D] δ ≈ [−r; 0]` by QR (LAPACK `dgels`) rather than the normal
/// equations, so the step is as accurate as J's conditioning allows, not its square. D is
/// Moré's scaling: the running maximum of J's column norms. μ shrinks after a successful step
/// and grows after a failed one; steps are projected onto the bounds.
public enum LevenbergMarquardt {
    /// What the minimisation found.
    public struct Result: Sendable {
        /// The parameters at the minimum.
        public var parameters: [Double]
        /// The residuals there.
        public var residuals: [Double]
        /// ½‖r‖².
        public var cost: Double
        /// The Jacobian at the minimum (rows: residuals, columns: parameters).
        public var jacobian: Matrix
        /// Iterations taken.
        public var iterations: Int
        /// Whether a convergence test was met (otherwise the iteration limit stopped it).
        public var converged: Bool

        /// Standard errors of the parameters: √diag(σ²·(JᵀJ)⁻¹) with σ² = ‖r‖²/(m − n), and the
        /// correlation matrix; `nil` when JᵀJ is singular (a parameter the data does not determine).
        public func uncertainty() -> (standardErrors: [Double], correlation: Matrix)? {
            let m = jacobian.rows, n = jacobian.columns
            guard m > n else { return nil }
            var jtj = Matrix(rows: n, columns: n)
            for a in 0..<n {
                for b in a..<n {
                    var s = 0.0
                    for i in 0..<m { s += jacobian[i, a] * jacobian[i, b] }
                    jtj[a, b] = s
                    jtj[b, a] = s
                }
            }
            var identity = Matrix(rows: n, columns: n)
            for i in 0..<n { identity[i, i] = 1 }
            guard let inverse = try? LAPACK.solveSymmetricPositiveDefinite(jtj, identity) else { return nil }
            let sigma2 = 2 * cost / Double(m - n)
            let errors = (0..<n).map { (sigma2 * max(inverse[$0, $0], 0)).squareRoot() }
            var correlation = Matrix(rows: n, columns: n)
            for a in 0..<n {
                for b in 0..<n {
                    let d = (inverse[a, a] * inverse[b, b]).squareRoot()
                    correlation[a, b] = d > 0 ? inverse[a, b] / d : 0
                }
            }
            return (errors, correlation)
        }
    }

    /// Minimises ½‖r(p)‖².
    ///
    /// - Parameters:
    ///   - initial: the starting parameters (projected onto the bounds).
    ///   - lower: lower bounds per parameter (−∞ for none).
    ///   - upper: upper bounds per parameter (+∞ for none).
    ///   - steps: finite-difference steps per parameter for the Jacobian when `jacobian` is nil.
    ///   - maxIterations: the most steps taken, accepted or not.
    ///   - tolerance: stop when a step changes the cost, or every parameter, by less than this relatively.
    ///   - residuals: r(p); must return the same count every time.
    ///   - jacobian: ∂r/∂p, or nil for forward differences.
    /// - Throws: ``LAPACKError`` when the problem is malformed (no residuals, NaN residuals at the start).
    public static func minimize(
        initial: [Double], lower: [Double]? = nil, upper: [Double]? = nil, steps: [Double]? = nil,
        maxIterations: Int = 200, tolerance: Double = 1e-12,
        residuals: ([Double]) -> [Double], jacobian: (([Double]) -> Matrix)? = nil
    ) throws(LAPACKError) -> Result {
        let n = initial.count
        let lo = lower ?? Array(repeating: -.infinity, count: n)
        let hi = upper ?? Array(repeating: .infinity, count: n)
        func project(_ p: [Double]) -> [Double] { (0..<n).map { min(max(p[$0], lo[$0]), hi[$0]) } }
        func cost(_ r: [Double]) -> Double { 0.5 * r.reduce(0) { $0 + $1 * $1 } }
        func numericJacobian(_ p: [Double], _ r: [Double]) -> Matrix {
            var j = Matrix(rows: r.count, columns: n)
            for c in 0..<n {
                var h = steps?[c] ?? (1e-7 * max(abs(p[c]), 1e-3))
                if p[c] + h > hi[c] { h = -h }  // stay inside the box
                var q = p
                q[c] += h
                let rq = residuals(q)
                for i in 0..<r.count { j[i, c] = (rq[i] - r[i]) / h }
            }
            return j
        }

        var p = project(initial)
        var r = residuals(p)
        let m = r.count
        guard m >= n, n > 0 else { throw .dimensionMismatch("\(m) residuals cannot determine \(n) parameters") }
        guard r.allSatisfy(\.isFinite) else { throw .nonFiniteInput("residuals at the initial parameters") }
        var f = cost(r)
        var j = jacobian?(p) ?? numericJacobian(p, r)
        var scale = [Double](repeating: 0, count: n)
        var mu = 1e-3
        var iterations = 0
        var converged = false

        while iterations < maxIterations {
            iterations += 1
            for c in 0..<n {
                var s = 0.0
                for i in 0..<m { s += j[i, c] * j[i, c] }
                scale[c] = max(scale[c], s.squareRoot(), 1e-300)
            }
            // Gradient test: ‖Jᵀr‖∞ relative to the scales.
            var gradient = 0.0
            for c in 0..<n {
                var g = 0.0
                for i in 0..<m { g += j[i, c] * r[i] }
                gradient = max(gradient, abs(g) / (scale[c] * max((2 * f).squareRoot(), 1e-300)))
            }
            if gradient < tolerance || f == 0 { converged = true; break }

            var improved = false
            while !improved {
                var a = Matrix(rows: m + n, columns: n)
                var b = Matrix(rows: m + n, columns: 1)
                for c in 0..<n {
                    for i in 0..<m { a[i, c] = j[i, c] }
                    a[m + c, c] = mu.squareRoot() * scale[c]
                }
                for i in 0..<m { b[i, 0] = -r[i] }
                let delta = try LAPACK.leastSquares(a, b).column(0)
                let candidate = project((0..<n).map { p[$0] + delta[$0] })
                let rc = residuals(candidate)
                let fc = rc.allSatisfy(\.isFinite) ? cost(rc) : .infinity
                let stepSize = (0..<n).map { abs(candidate[$0] - p[$0]) * scale[$0] }.max() ?? 0
                let size = (0..<n).map { abs(p[$0]) * scale[$0] }.max() ?? 0
                if fc < f {
                    let relative = (f - fc) / max(f, 1e-300)
                    p = candidate
                    r = rc
                    f = fc
                    j = jacobian?(p) ?? numericJacobian(p, r)
                    mu = max(mu / 3, 1e-15)
                    improved = true
                    if relative < tolerance || stepSize <= tolerance * (size + tolerance) { converged = true }
                } else {
                    // What the linearisation promised for the damped step before it was projected
                    // onto the bounds (a projected one can promise nothing and still be beaten by
                    // a shorter step), −rᵀJδ − ½‖Jδ‖²: once that is
                    // below the tolerance, a more damped (shorter) step promises still less, and
                    // one that succeeded would stop the search by the relative test above with the
                    // cost unchanged to that tolerance. So stop now rather than after the dozens
                    // of rejected trials — each one a residual evaluation — that it takes μ to
                    // reach its limit.
                    var predicted = 0.0
                    for i in 0..<m {
                        var jd = 0.0
                        for c in 0..<n { jd += j[i, c] * delta[c] }
                        predicted -= r[i] * jd + 0.5 * jd * jd
                    }
                    mu *= 4
                    if mu > 1e16 || stepSize <= tolerance * (size + tolerance) || predicted <= tolerance * f {
                        converged = true
                        break
                    }
                }
            }
            if converged { break }
        }
        return Result(parameters: p, residuals: r, cost: f, jacobian: j, iterations: iterations, converged: converged)
    }
}
