/// Nonlinear least squares by the Levenberg–Marquardt method, with box bounds.
///
/// Minimises ½‖r(p)‖² over parameters p with `lower ≤ p ≤ upper`. Each step solves the damped
/// linearised problem `[J; √μ·D] δ ≈ [−r; 0]` by QR rather than the normal equations, so the step
/// is as accurate as J's conditioning allows, not its square. As in MINPACK, J is factored once per
/// iterate (`[J | r] = Q·[R ρ]`, LAPACK `dgeqrf`) and every damping trial solves the small
/// `[R; √μ·D] δ ≈ [−ρ; 0]` (LAPACK `dgels`), which has the same solution: on a recording of 10⁶
/// samples a rejected trial then costs one residual evaluation, not a QR of 10⁶ rows. D is
/// Moré's scaling: the running maximum of J's column norms. μ shrinks after a successful step
/// and grows after a failed one. A parameter on a bound that the step would push out is held
/// there and the step solved again for the others; what still leaves the box is projected onto it.
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
    ///   - centralDifferences: with `jacobian` nil, central differences (r(p + h) − r(p − h))/2h,
    ///     one-sided at a bound: twice the residual evaluations, and an error O(h²) rather than
    ///     O(h), so that the minimum found is the true one to about h² rather than h.
    ///   - residuals: r(p); must return the same count every time.
    ///   - jacobian: ∂r/∂p, or nil for finite differences.
    /// - Throws: ``LAPACKError`` when the problem is malformed (no residuals, NaN residuals at the start).
    public static func minimize(
        initial: [Double], lower: [Double]? = nil, upper: [Double]? = nil, steps: [Double]? = nil,
        maxIterations: Int = 200, tolerance: Double = 1e-12, centralDifferences: Bool = false,
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
                if centralDifferences && p[c] + h <= hi[c] && p[c] - h >= lo[c] {
                    var (up, down) = (p, p)
                    up[c] += h
                    down[c] -= h
                    let (ru, rd) = (residuals(up), residuals(down))
                    for i in 0..<r.count { j[i, c] = (ru[i] - rd[i]) / (2 * h) }
                    continue
                }
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
            // One QR of [J | r] per iterate: R (n × n) and ρ = Qᵀr carry everything the damping
            // trials need, as ‖Jδ + r‖² = ‖Rδ + ρ‖² + const, so a trial costs O(n³), not O(m·n²).
            var augmented = j.storage
            augmented.append(contentsOf: r)
            let factor = try LAPACK.triangularFactor(overwriting: &augmented, rows: m, columns: n + 1)
            var rFactor = Matrix(rows: n, columns: n)
            var rho = [Double](repeating: 0, count: n)
            for c in 0..<n {
                for i in 0...c { rFactor[i, c] = factor[i, c] }
                rho[c] = factor[c, n]
            }
            for c in 0..<n {
                // ‖J e_c‖ = ‖R e_c‖: Q has orthonormal columns.
                var s = 0.0
                for i in 0...c { s += rFactor[i, c] * rFactor[i, c] }
                scale[c] = max(scale[c], s.squareRoot(), 1e-300)
            }
            // Gradient test: ‖Jᵀr‖∞ = ‖Rᵀρ‖∞ relative to the scales, projected: a component that
            // only pushes a parameter further into the bound it sits on does not count.
            var gradient = 0.0
            for c in 0..<n {
                var g = 0.0
                for i in 0...c { g += rFactor[i, c] * rho[i] }
                if (p[c] <= lo[c] && g > 0) || (p[c] >= hi[c] && g < 0) { continue }
                gradient = max(gradient, abs(g) / (scale[c] * max((2 * f).squareRoot(), 1e-300)))
            }
            if gradient < tolerance || f == 0 { converged = true; break }

            var improved = false
            while !improved {
                let delta = try dampedStep(rFactor, rho, scale: scale, mu: mu, at: p, lower: lo, upper: hi)
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
                    // a shorter step), −rᵀJδ − ½‖Jδ‖² = −ρᵀRδ − ½‖Rδ‖²: once that is
                    // below the tolerance, a more damped (shorter) step promises still less, and
                    // one that succeeded would stop the search by the relative test above with the
                    // cost unchanged to that tolerance. So stop now rather than after the dozens
                    // of rejected trials — each one a residual evaluation — that it takes μ to
                    // reach its limit.
                    var predicted = 0.0
                    for i in 0..<n {
                        var rd = 0.0
                        for c in i..<n { rd += rFactor[i, c] * delta[c] }
                        predicted -= rho[i] * rd + 0.5 * rd * rd
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

    /// The damped step min ‖Rδ + ρ‖² + μ‖Dδ‖² (the (n + k) × k problem [R_F; √μ·D_F] δ_F ≈ [−ρ; 0]
    /// over the free parameters F), with a parameter that sits on a bound and would leave the box
    /// held there (δ = 0) and the rest solved again. Projecting the unconstrained step instead
    /// stalls on an active bound: the other parameters keep moving as if the blocked one could
    /// follow, and the search stops short of the constrained minimum.
    private static func dampedStep(
        _ rFactor: Matrix, _ rho: [Double], scale: [Double], mu: Double, at p: [Double], lower lo: [Double], upper hi: [Double]
    ) throws(LAPACKError) -> [Double] {
        let n = rho.count
        var free = Array(0..<n)
        var delta = [Double](repeating: 0, count: n)
        while !free.isEmpty {
            let k = free.count
            var a = Matrix(rows: n + k, columns: k)
            var b = Matrix(rows: n + k, columns: 1)
            for (column, c) in free.enumerated() {
                for i in 0...c { a[i, column] = rFactor[i, c] }
                a[n + column, column] = mu.squareRoot() * scale[c]
            }
            for i in 0..<n { b[i, 0] = -rho[i] }
            let solution = try LAPACK.leastSquares(a, b).column(0)
            delta = [Double](repeating: 0, count: n)
            for (column, c) in free.enumerated() { delta[c] = solution[column] }
            let blocked = free.filter { (p[$0] <= lo[$0] && delta[$0] < 0) || (p[$0] >= hi[$0] && delta[$0] > 0) }
            if blocked.isEmpty { return delta }
            free.removeAll { blocked.contains($0) }
        }
        return [Double](repeating: 0, count: n)
    }
}
