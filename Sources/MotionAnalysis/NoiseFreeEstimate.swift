import RealModule

/// A noise-free estimate of a motion from noisy samples: a Whittaker–Henderson smoother of
/// order 3 whose smoothing parameter minimises generalised cross-validation (GCV).
///
/// **The smoother.** The estimate z at the points minimises
///
///     Σ wᵢ (yᵢ − zᵢ)² + λ Σᵣ (Dz)ᵣ²,
///
/// where (Dz)ᵣ is the third divided difference of z over points r … r+3, scaled so that on a
/// uniform grid it is the third difference Δ³z (and weighted by its span on an uneven grid, so
/// that the penalty approximates ∫z‴² whatever the spacing). The solution of the banded system
/// (W + λDᵀD) z = W y reproduces any quadratic exactly, ends included — unlike a cubic smoothing
/// spline, whose natural end conditions force z″ = 0 at the first sample and bias the start of a
/// step, where the motion's curvature is largest. Its effective bandwidth is about λ^(1/6) points.
///
/// **The smoothing parameter.** λ minimises GCV(λ) = N·Σ wᵢ rᵢ² / (N − tr H)², with H the hat
/// matrix (z = H y) and tr H its effective number of parameters (Craven and Wahba). GCV needs no
/// noise estimate and its choice is asymptotically optimal, so the estimate converges to the
/// motion as samples are added. tr H = Σ wᵢ (W + λDᵀD)⁻¹ᵢᵢ comes from the band of the inverse,
/// computed from the LDLᵀ factors in linear time (Hutchinson and de Hoog's recursion). The search
/// is a grid over λ = 10⁻⁸ … 10¹⁰ refined by golden section; λ beyond 10¹⁰ (bandwidths over ~46
/// points) is not tried, since the system's condition number grows as 64λ.
///
/// **Binning.** More than ``maximumPoints`` samples are first averaged in consecutive groups of
/// equal count (the first and last samples stay alone, so the estimate reaches both ends of the
/// recording), each group standing at its mean time with a weight equal to its count. A group's
/// mean differs from the motion at its mean time by ½f″·Var(t) (the variance of the group's times);
/// that term is removed with f″ from the smoothed estimate. This keeps the cost linear in the
/// samples and the banded system well conditioned for any number of samples.
struct NoiseFreeEstimate: Sendable {
    /// Points of the estimate: the samples, or the means of their groups.
    var x: [Double]
    /// The noise-free estimate at `x`.
    var values: [Double]
    /// The chosen smoothing parameter.
    var lambda: Double
    /// tr H: the effective number of parameters of the estimate.
    var degreesOfFreedom: Double

    /// The most points smoothed; more samples are binned to this many.
    static let maximumPoints = 1024
    /// The range searched for λ, in powers of ten.
    static let lambdaExponents = -8...10

    /// The estimate for samples at strictly increasing `x` (at least 4), or nil when no λ in
    /// range gives a positive definite system (data a double cannot smooth).
    init?(x: [Double], y: [Double]) {
        precondition(x.count == y.count && x.count >= 4)
        let bins = Self.bin(x: x, y: y, maximumPoints: Self.maximumPoints)
        let problem = WhittakerProblem(x: bins.x, y: bins.y, weights: bins.weights)

        // Coarse grid in log10 λ, then golden section around the best grid point.
        var best: (exponent: Double, score: Double)? = nil
        for e in Self.lambdaExponents {
            guard let fit = problem.fit(lambda: Self.pow10(Double(e))) else { continue }
            if best == nil || fit.gcv < best!.score { best = (Double(e), fit.gcv) }
        }
        guard let coarse = best, coarse.score.isFinite else { return nil }
        let lowest = Double(Self.lambdaExponents.lowerBound), highest = Double(Self.lambdaExponents.upperBound)
        var a = max(lowest, coarse.exponent - 1), b = min(highest, coarse.exponent + 1)
        func score(_ e: Double) -> Double { problem.fit(lambda: Self.pow10(e))?.gcv ?? .infinity }
        let ratio = (5.0.squareRoot() - 1) / 2
        var c = b - ratio * (b - a), d = a + ratio * (b - a)
        var fc = score(c), fd = score(d)
        for _ in 0..<40 where b - a > 1e-4 {
            if fc < fd {
                b = d; d = c; fd = fc
                c = b - ratio * (b - a); fc = score(c)
            } else {
                a = c; c = d; fc = fd
                d = a + ratio * (b - a); fd = score(d)
            }
        }
        var exponent = (a + b) / 2
        if coarse.score < min(fc, fd, score(exponent)) { exponent = coarse.exponent }
        guard let fit = problem.fit(lambda: Self.pow10(exponent)) else { return nil }

        var z = fit.z
        if bins.timeVariance.contains(where: { $0 > 0 }) {
            z = Self.removeGroupCurvature(x: bins.x, means: z, timeVariance: bins.timeVariance)
        }
        self.x = bins.x
        self.values = z
        self.lambda = Self.pow10(exponent)
        self.degreesOfFreedom = fit.trace
    }

    /// Group means m sit ½f″·Var(t) off the motion f at their mean time: f solves
    /// f = m − ½·Var·(second divided differences of f), found by fixed-point iteration from f = m.
    /// For groups of equal count Var(t) is about a twelfth of the squared group spacing, so each
    /// pass shrinks the error about sixfold; groups one sample apart in size differ in Var(t),
    /// which the first pass alone would pass on to f″.
    static func removeGroupCurvature(x: [Double], means: [Double], timeVariance: [Double]) -> [Double] {
        var z = means
        for _ in 0..<30 {
            var corrected = means
            for i in 1..<(z.count - 1) where timeVariance[i] > 0 {
                let left: Double = (z[i] - z[i - 1]) / (x[i] - x[i - 1])
                let right: Double = (z[i + 1] - z[i]) / (x[i + 1] - x[i])
                let curvature: Double = 2 * (right - left) / (x[i + 1] - x[i - 1])
                corrected[i] = means[i] - 0.5 * curvature * timeVariance[i]
            }
            let change = zip(z, corrected).reduce(0.0) { max($0, abs($1.0 - $1.1)) }
            z = corrected
            if change <= 1e-15 * (z.reduce(0.0) { max($0, abs($1)) }) { break }
        }
        return z
    }

    /// Groups of consecutive samples: their mean times, mean values, counts (the weights) and
    /// the variance of their times. Fewer than `maximumPoints` samples are returned as they are.
    static func bin(x: [Double], y: [Double], maximumPoints: Int)
        -> (x: [Double], y: [Double], weights: [Double], timeVariance: [Double]) {
        let n = x.count
        guard n > maximumPoints else {
            return (x, y, [Double](repeating: 1, count: n), [Double](repeating: 0, count: n))
        }
        let groups = maximumPoints - 2
        var bx = [x[0]], by = [y[0]], weights = [1.0], variance = [0.0]
        bx.reserveCapacity(maximumPoints)
        let interior = n - 2
        var start = 1
        for g in 1...groups {
            let end = 1 + Int((Double(interior) * Double(g) / Double(groups)).rounded())
            let count = end - start
            guard count > 0 else { continue }
            // Times relative to the group's first keep the variance free of cancellation.
            let origin = x[start]
            var st = 0.0, sy = 0.0
            for i in start..<end { st += x[i] - origin; sy += y[i] }
            let meanOffset = st / Double(count)
            var sv = 0.0
            for i in start..<end { let d = x[i] - origin - meanOffset; sv += d * d }
            bx.append(origin + meanOffset)
            by.append(sy / Double(count))
            weights.append(Double(count))
            variance.append(sv / Double(count))
            start = end
        }
        bx.append(x[n - 1]); by.append(y[n - 1]); weights.append(1); variance.append(0)
        return (bx, by, weights, variance)
    }

    private static func pow10(_ e: Double) -> Double { Double.exp10(e) }
}

/// The weighted Whittaker–Henderson problem of order 3 on fixed points: W, DᵀD (band storage)
/// and y; ``fit(lambda:)`` solves it for one λ.
struct WhittakerProblem {
    let n: Int
    let y: [Double]
    /// Weights normalised to mean 1.
    let w: [Double]
    /// DᵀD: the diagonal and the first three superdiagonals.
    var p0: [Double], p1: [Double], p2: [Double], p3: [Double]

    init(x: [Double], y: [Double], weights: [Double]) {
        n = x.count
        self.y = y
        let mean = weights.reduce(0, +) / Double(n)
        w = weights.map { $0 / mean }
        p0 = [Double](repeating: 0, count: n)
        p1 = p0; p2 = p0; p3 = p0
        let spacing = (x[n - 1] - x[0]) / Double(n - 1)
        for r in 0..<(n - 3) {
            // Third divided difference on x_r … x_{r+3}, in units of the mean spacing, times 3!
            // and the square root of its span over three spacings: (−1, 3, −3, 1) on a uniform grid.
            var s = [Double](repeating: 0, count: 4)
            for j in 0..<4 { s[j] = (x[r + j] - x[r]) / spacing }
            let weight = 6 * (s[3] / 3).squareRoot()
            var c = [Double](repeating: 0, count: 4)
            for j in 0..<4 {
                var product = 1.0
                for l in 0..<4 where l != j { product *= s[j] - s[l] }
                c[j] = weight / product
            }
            for a in 0..<4 {
                p0[r + a] += c[a] * c[a]
                if a + 1 < 4 { p1[r + a] += c[a] * c[a + 1] }
                if a + 2 < 4 { p2[r + a] += c[a] * c[a + 2] }
                if a + 3 < 4 { p3[r + a] += c[a] * c[a + 3] }
            }
        }
    }

    struct Fit {
        var z: [Double]
        var trace: Double
        var gcv: Double
    }

    /// The smoothed values, tr H and the GCV score for one λ; nil when the factorisation breaks
    /// down (the system is not numerically positive definite).
    func fit(lambda: Double) -> Fit? {
        // LDLᵀ of M = W + λDᵀD, written Uᵀ·D·U with U unit upper triangular of bandwidth 3:
        // u1[i] = U[i, i+1], u2[i] = U[i, i+2], u3[i] = U[i, i+3].
        var d = [Double](repeating: 0, count: n)
        var u1 = d, u2 = d, u3 = d
        for i in 0..<n {
            var di = w[i] + lambda * p0[i]
            var m1 = i + 1 < n ? lambda * p1[i] : 0
            var m2 = i + 2 < n ? lambda * p2[i] : 0
            let m3 = i + 3 < n ? lambda * p3[i] : 0
            if i >= 1 {
                let k = i - 1
                di -= u1[k] * u1[k] * d[k]
                m1 -= u1[k] * u2[k] * d[k]
                m2 -= u1[k] * u3[k] * d[k]
            }
            if i >= 2 {
                let k = i - 2
                di -= u2[k] * u2[k] * d[k]
                m1 -= u2[k] * u3[k] * d[k]
            }
            if i >= 3 {
                let k = i - 3
                di -= u3[k] * u3[k] * d[k]
            }
            guard di > 0, di.isFinite else { return nil }
            d[i] = di
            u1[i] = m1 / di
            u2[i] = m2 / di
            u3[i] = m3 / di
        }
        // Solve Uᵀ D U z = W y.
        var z = [Double](repeating: 0, count: n)
        for i in 0..<n {
            var v = w[i] * y[i]
            if i >= 1 { v -= u1[i - 1] * z[i - 1] }
            if i >= 2 { v -= u2[i - 2] * z[i - 2] }
            if i >= 3 { v -= u3[i - 3] * z[i - 3] }
            z[i] = v
        }
        for i in 0..<n { z[i] /= d[i] }
        for i in stride(from: n - 1, through: 0, by: -1) {
            var v = z[i]
            if i + 1 < n { v -= u1[i] * z[i + 1] }
            if i + 2 < n { v -= u2[i] * z[i + 2] }
            if i + 3 < n { v -= u3[i] * z[i + 3] }
            z[i] = v
        }
        // The band of Σ = M⁻¹ (Σ = D⁻¹U⁻ᵀ + (I − U)Σ), from the last row up:
        // s0[i] = Σ[i, i], s1[i] = Σ[i, i+1], s2[i] = Σ[i, i+2], s3[i] = Σ[i, i+3].
        var s0 = [Double](repeating: 0, count: n)
        var s1 = s0, s2 = s0, s3 = s0
        @inline(__always) func sigma(_ a: Int, _ b: Int) -> Double {
            let (lo, offset) = a <= b ? (a, b - a) : (b, a - b)
            switch offset {
            case 0: return s0[lo]
            case 1: return s1[lo]
            case 2: return s2[lo]
            default: return s3[lo]
            }
        }
        for i in stride(from: n - 1, through: 0, by: -1) {
            @inline(__always) func u(_ k: Int) -> Double { k == 1 ? u1[i] : (k == 2 ? u2[i] : u3[i]) }
            for t in stride(from: 3, through: 1, by: -1) where i + t < n {
                var v = 0.0
                for k in 1...3 where i + k < n { v -= u(k) * sigma(i + k, i + t) }
                switch t {
                case 1: s1[i] = v
                case 2: s2[i] = v
                default: s3[i] = v
                }
            }
            var v = 1 / d[i]
            for k in 1...3 where i + k < n { v -= u(k) * sigma(i + k, i) }
            s0[i] = v
        }
        var residualDegrees = 0.0, rss = 0.0
        for i in 0..<n {
            residualDegrees += 1 - w[i] * s0[i]
            let r = y[i] - z[i]
            rss += w[i] * r * r
        }
        // Fewer than half a degree of freedom left for the residuals is interpolation, where
        // GCV is 0/0.
        let gcv = residualDegrees > 0.5 ? Double(n) * rss / (residualDegrees * residualDegrees) : .infinity
        guard gcv.isFinite || residualDegrees <= 0.5 else { return nil }
        return Fit(z: z, trace: Double(n) - residualDegrees, gcv: gcv)
    }
}
