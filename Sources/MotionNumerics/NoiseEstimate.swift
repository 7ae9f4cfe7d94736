/// A robust estimate of the standard deviation of white noise on samples of a motion.
///
/// The k-th divided difference of samples y_i = f(x_i) + ε_i, scaled so that on a uniform grid it
/// is the k-th difference Δᵏy divided by √C(2k, k), has the standard deviation σ of the noise
/// whatever k, while its signal part is h^k·f⁽ᵏ⁾/√C(2k, k) — for a smooth motion sampled finely
/// enough (h·ω below about 1) it vanishes geometrically as k grows, and for a piecewise linear
/// one it is 0 from k = 2 on except next to the kinks. Each order k = 2 … 20 gives an estimate,
/// 1.4826·median|scaled k-th difference| — the median absolute deviation, consistent for Gaussian
/// noise and blind to the few differences that straddle a kink, a glitch or the start of the
/// motion (Rice's and Donoho's difference-based estimators are the case k = 2).
///
/// The estimates fall with k while the signal dominates and then scatter about σ. The estimate
/// is the median of the four orders (fewer where the samples allow fewer) from the first at which
/// they stop falling (the next order is not lower); where they fall up to the highest order, that
/// order's. The smallest over all orders would be biased low: neighbouring differences are
/// strongly correlated, so each order's median scatters by far more than its count suggests,
/// and the least of nineteen such scatters low (on 60 samples of pure noise its median is
/// 0.84σ and one in a hundred is below 0.39σ, against 1.00σ and 0.58σ here). Where the signal
/// still shows in those four orders (a fast motion sampled coarsely, under noise far below the
/// motion) the estimate errs high, by a factor of up to about two.
/// On a non-uniform grid each difference is scaled by its own mean spacing.
///
/// Rounding of exact samples gives about 1e-16 of their magnitude; a median is 0 when more than
/// half the samples are identical (a recording that holds still for most of its duration): noise
/// confined to less than half of the samples is not what this estimates.
///
/// Used by the step analysis (whether to smooth) and by the keyframe fit's tolerance search (the
/// noise floor below which no tolerance can be met), hence here, below both.
package enum NoiseEstimate {
    /// The highest order of differences tried.
    package static let maximumOrder = 20

    /// The orders whose median is the estimate, from the first at which the estimates stop falling.
    package static let pooledOrders = 4

    /// σ in the units of `y`, from samples at strictly increasing `x`. The first order whose
    /// estimate is at or below `floor` gives the estimate (nothing smaller is needed to call the
    /// samples clean), so samples are clean for a floor exactly when some order says so.
    package static func sigma(x: [Double], y: [Double], floor: Double = 0) -> Double {
        let n = x.count
        guard n >= 3 else { return 0 }
        // A global step H keeps the scaled differences at the size of the data: for a uniform grid
        // g⁽ᵏ⁾ is exactly Δᵏy, and g⁽ᵏ⁾ = k·H·(g⁽ᵏ⁻¹⁾ᵢ₊₁ − g⁽ᵏ⁻¹⁾ᵢ)/(x_{i+k} − x_i) in general.
        let spacing = (x[n - 1] - x[0]) / Double(n - 1)
        var g = y
        var scratch = [Double](repeating: 0, count: n)
        var estimates: [Double] = []
        var plateau: Int? = nil  // the first order (index into estimates) whose successor is not lower
        var binomial = 1.0  // C(2k, k)
        for k in 1...min(maximumOrder, n - 1) {
            binomial = binomial * Double(2 * k) * Double(2 * k - 1) / Double(k * k)
            let count = n - k
            for i in 0..<count {
                g[i] = Double(k) * spacing * (g[i + 1] - g[i]) / (x[i + k] - x[i])
            }
            guard k >= 2 else { continue }
            let normaliser = 1 / binomial.squareRoot()
            for i in 0..<count {
                // Rescale by the window's own mean spacing: g⁽ᵏ⁾·(h̄ᵢ/H)^k = k!·h̄ᵢ^k·f[xᵢ … x_{i+k}].
                let ratio = (x[i + k] - x[i]) / (Double(k) * spacing)
                scratch[i] = abs(g[i] * pow(ratio, k)) * normaliser
            }
            let estimate = 1.482_602_218_505_602 * median(&scratch, count: count)
            guard estimate.isFinite else { continue }
            // Every order is tried for the floor: a motion's estimates can stop falling for an
            // order or two long before they reach the rounding of clean samples.
            if estimate <= floor { return estimate }
            if plateau == nil, let last = estimates.last, estimate >= last { plateau = estimates.count - 1 }
            estimates.append(estimate)
        }
        guard !estimates.isEmpty else { return 0 }
        // Still falling at the highest order: the signal is not yet below the noise, and the
        // highest order is the closest to σ.
        guard let p = plateau else { return estimates[estimates.count - 1] }
        var pooled = Array(estimates[p..<min(estimates.count, p + pooledOrders)])
        return median(&pooled, count: pooled.count)
    }

    @inline(__always) private static func pow(_ base: Double, _ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<exponent { result *= base }
        return result
    }

    /// The median of the first `count` entries of `values`, which are reordered (Hoare's
    /// selection with a median-of-three pivot: linear time on average).
    package static func median(_ values: inout [Double], count: Int) -> Double {
        precondition(count > 0)
        let upper = select(&values, count: count, rank: count / 2)
        if count % 2 == 1 { return upper }
        // The largest of the entries below the upper middle, which selection left in front of it.
        var lower = -Double.infinity
        for i in 0..<(count / 2) { lower = max(lower, values[i]) }
        return 0.5 * lower + 0.5 * upper
    }

    /// The entry of rank `rank` (0-based) among the first `count` of `values`; afterwards every
    /// entry before index `rank` is ≤ it and every entry after it ≥ it.
    package static func select(_ values: inout [Double], count: Int, rank: Int) -> Double {
        var lo = 0, hi = count - 1
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            // Median of three as the pivot, moved out of the way.
            if values[mid] < values[lo] { values.swapAt(mid, lo) }
            if values[hi] < values[lo] { values.swapAt(hi, lo) }
            if values[hi] < values[mid] { values.swapAt(hi, mid) }
            let pivot = values[mid]
            var i = lo, j = hi
            while i <= j {
                while values[i] < pivot { i += 1 }
                while values[j] > pivot { j -= 1 }
                if i <= j {
                    values.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if rank <= j { hi = j } else if rank >= i { lo = i } else { return values[rank] }
        }
        return values[rank]
    }
}
