import MotionLinearAlgebra
import MotionNumerics

/// How well a fitted timing curve is determined: standard errors from profile likelihood, and the
/// warning that names what the data cannot tell apart.
///
/// The linearisation σ²(JᵀJ)⁻¹ is not enough here. An ease-out's first control point sits on its
/// start (x1 = y1 = 0): moving it along the start tangent changes the curve only at second order,
/// so JᵀJ is singular there and nearly singular close by, and its inverse is either missing or a
/// few times too narrow where the curve's shape, start and duration trade off. So each control point, the start and the duration is profiled:
/// pinned at values either side of the optimum, the other parameters minimised again, until the
/// residual sum of squares has grown by z²σ² (z = 1.96, σ² = RSS/(n − k) but at least the noise
/// floor's). The standard error is the wider side of that 95 % interval divided by z, so that
/// |fit − truth| ≤ 1.96·SE as often as a 95 % interval claims. A side that reaches a parameter's
/// bound (x1, x2 ∈ [0, 1]) before the threshold ends there. `from` and `to`, on which the model is
/// linear, keep their linearised standard errors.
extension BezierStepModel {
    /// z of a two-sided 95 % interval.
    static let z95 = 1.959963984540054

    /// Recordings longer than this are profiled on this many evenly spaced samples, the widths
    /// scaled by √(m/n) (a width shrinks as 1/√n with the samples that determine it).
    static let profileSampleCount = 1_000

    /// Minimises with parameter `index` pinned at `value`, from `start`: the residual sum of
    /// squares and the parameters (nil when the minimisation fails).
    func pinned(_ index: Int, at value: Double, from start: [Double]) -> Solution? {
        var p = start
        p[index] = value
        return minimize(from: p, maxIterations: 60, pinning: index)
    }

    /// The distance from the optimum `s` to where the profile of parameter `i` (towards larger
    /// values for `sign` > 0) reaches a residual sum of squares z²σ² above the optimum, to about
    /// 5 %; the distance to the bound, and `atBound`, when the profile stays below it up to there.
    /// `guess` is the first trial distance. A pinned minimum below the optimum's residual — the
    /// optimum stopped short along a flat valley — is kept in `lower` (the lowest one).
    func profileHalfWidth(
        _ s: Solution, index i: Int, sign: Double, sigma2: Double, guess: Double, lower: inout Solution?
    ) -> (width: Double, atBound: Bool) {
        let (lowerBounds, upperBounds) = bounds
        let limit = sign > 0 ? upperBounds[i] - s.parameters[i] : s.parameters[i] - lowerBounds[i]
        guard limit > 0 else { return (0, true) }
        let target = Self.z95
        var warm = s.parameters
        // √(ΔRSS/σ²) at distance h: nearly linear in h where the linearisation holds.
        func q(_ h: Double) -> (Double, [Double]?) {
            guard let r = pinned(i, at: s.parameters[i] + sign * min(h, limit), from: warm) else { return (.infinity, nil) }
            if r.rss < s.rss * (1 - 1e-9), r.rss < lower?.rss ?? .infinity { lower = r }
            return ((max(r.rss - s.rss, 0) / sigma2).squareRoot(), r.parameters)
        }
        var inside = (h: 0.0, q: 0.0)
        var outside: (h: Double, q: Double)? = nil
        var h = min(max(guess, 1e-12 * max(limit, 1)), limit)
        for _ in 0..<16 {
            let (value, p) = q(h)
            guard value < target else { outside = (h, value); break }
            inside = (h, value)
            if let p { warm = p }
            if h >= limit { return (limit, true) }
            let extrapolated = value > 1e-3 ? 1.1 * h * target / value : 4 * h
            h = min(max(extrapolated, 1.2 * h), 4 * h, limit)
        }
        guard var out = outside else { return (inside.h, false) }
        // Regula falsi (Illinois: an end kept twice has its q pulled halfway to the target, so a
        // far first overshoot does not stall the search) on q(h) = z between the last point
        // inside and the first outside.
        var kept = 0
        for _ in 0..<12 {
            if !out.q.isFinite { out.q = 1e3 * target }
            let h = inside.h + (out.h - inside.h) * (target - inside.q) / (out.q - inside.q)
            let (value, p) = q(h)
            if abs(value - target) <= 0.05 * target { return (h, false) }
            if value < target {
                inside = (h, value)
                if let p { warm = p }
                kept += 1
                if kept >= 2 { out.q = target + 0.5 * (out.q - target) }
            } else {
                out = (h, value)
                kept = 0
            }
            if out.h - inside.h <= 0.02 * out.h { break }
        }
        return (inside.h + (out.h - inside.h) * (target - inside.q) / (out.q - inside.q), false)
    }
}

/// The standard errors and the warnings of a timing-curve fit.
struct BezierUncertainty {
    /// Standard errors in normalised units (control points, spans, steps), in the model's
    /// parameter order.
    var standardErrors: [Double]
    /// The warnings: parameters the data determine poorly, with the ones each trades off with.
    var warnings: [String]
    /// A point the profile found with a lower residual than the solution (on all samples, not
    /// on a subset): the minimisation should continue from there.
    var lower: BezierStepModel.Solution?

    /// Profiles `solution` of `model` (fitted to `n` samples; `subset` is the same model on at
    /// most ``BezierStepModel/profileSampleCount`` of them, or nil when `model` is that small).
    /// `floor` is the noise floor in normalised units, `span` the recording's span in seconds.
    init(model: BezierStepModel, solution: BezierStepModel.Solution, subset: BezierStepModel?, floor: Double, span: Double) {
        let n = model.times.count, k = model.parameterCount
        let jacobian = model.evaluate(solution.parameters, jacobian: true).jacobian!
        let sigma2 = max(n > k ? solution.rss / Double(n - k) : 0, floor * floor)
        let linear = Self.linearised(jacobian, sigma2: sigma2)
        var errors = linear.standardErrors
        var unbounded: Set<Int> = []
        var lower: BezierStepModel.Solution? = nil
        // The profile, on the subset of a long recording.
        var profiled = model, optimum = solution, scale = 1.0, profileSigma2 = sigma2
        if let subset, let s = subset.minimize(from: solution.parameters, maxIterations: 60) {
            let m = subset.times.count
            profiled = subset
            optimum = s
            scale = (Double(m) / Double(n)).squareRoot()
            profileSigma2 = max(m > k ? s.rss / Double(m - k) : 0, floor * floor)
        }
        let d = max(solution.boundaries.duration, model.dt)
        for i in 0..<(k - 2) {
            let natural = i < 4 ? BezierFitting.controlPointTolerance : BezierFitting.controlPointTolerance * d
            let guess = linear.standardErrors[i].isFinite && linear.standardErrors[i] > 0
                ? BezierStepModel.z95 * min(linear.standardErrors[i], natural) : natural
            let low = profiled.profileHalfWidth(optimum, index: i, sign: -1, sigma2: profileSigma2, guess: guess, lower: &lower)
            let high = profiled.profileHalfWidth(optimum, index: i, sign: 1, sigma2: profileSigma2, guess: guess, lower: &lower)
            errors[i] = max(low.width, high.width) * scale / BezierStepModel.z95
            if low.atBound && high.atBound { unbounded.insert(i) }
        }
        standardErrors = errors
        self.lower = subset == nil ? lower : nil
        // The rule: a control point whose standard error exceeds 0.05, or a start or duration
        // whose standard error exceeds 5 % of the duration, is named, with the parameters it is
        // correlated with by |ρ| ≥ 0.9 (the ones it trades off against).
        let names = model.parameterNames
        var poor: [String] = []
        for i in 0..<(k - 2) {
            let natural = i < 4 ? BezierFitting.controlPointTolerance : BezierFitting.controlPointTolerance * d
            guard errors[i] > natural else { continue }
            let value = i < 4 ? DecimalText.significant(errors[i], digits: 2) : "\(DecimalText.significant(errors[i] * span, digits: 2)) s"
            let partners = (0..<(k - 2)).filter { $0 != i && abs(linear.correlation[i, $0]) >= 0.9 }.map { names[$0] }
            var text = "\(names[i]) ±\(value)"
            if unbounded.contains(i) { text += " (any value in its range fits within the noise)" }
            if !partners.isEmpty { text += " (trades off with \(partners.joined(separator: ", ")))" }
            poor.append(text)
        }
        warnings = poor.isEmpty ? [] : [
            "the data determine the curve poorly (standard errors \(poor.joined(separator: "; "))): other curves fit these samples about as well",
        ]
    }

    /// √diag(σ²(JᵀJ + εI)⁻¹) with the columns scaled to unit norm and ε = 1e-10 of the scaled
    /// diagonal (so that a singular JᵀJ still gives finite, large errors and correlations near
    /// ±1 along its null direction), and the correlations.
    static func linearised(_ jacobian: Matrix, sigma2: Double) -> (standardErrors: [Double], correlation: Matrix) {
        let m = jacobian.rows, k = jacobian.columns
        var norms = [Double](repeating: 0, count: k)
        for c in 0..<k {
            var s = 0.0
            for i in 0..<m { s += jacobian[i, c] * jacobian[i, c] }
            norms[c] = max(s.squareRoot(), 1e-300)
        }
        var a = Matrix(rows: k, columns: k), identity = Matrix(rows: k, columns: k)
        for p in 0..<k {
            identity[p, p] = 1
            for q in p..<k {
                var s = 0.0
                for i in 0..<m { s += jacobian[i, p] * jacobian[i, q] }
                a[p, q] = s / (norms[p] * norms[q])
                a[q, p] = a[p, q]
            }
            a[p, p] += 1e-10
        }
        var correlation = Matrix(rows: k, columns: k)
        guard let inverse = try? LAPACK.solveSymmetricPositiveDefinite(a, identity) else {
            return (Array(repeating: .infinity, count: k), correlation)
        }
        for p in 0..<k {
            for q in 0..<k { correlation[p, q] = inverse[p, q] / (inverse[p, p] * inverse[q, q]).squareRoot() }
        }
        return ((0..<k).map { (sigma2 * inverse[$0, $0]).squareRoot() / norms[$0] }, correlation)
    }
}
