import MotionNumerics

extension StepAnalysis {
    /// What a recording's times (settling, rise, peak) are measured from.
    public enum Onset: String, Sendable, Hashable, CaseIterable {
        /// From the detected onset: where the motion leaves its initial rest value
        /// (``StepMetrics/onsetTime``), so idle frames before the motion change no time.
        case detected
        /// From the first sample, as python-control's `step_info` measures a step applied at t = 0.
        case firstSample = "first-sample"
    }

    /// The largest multiple of the noise's standard deviation that the rest level may show: a
    /// sample departs from rest when it is farther than this from the rest level, and the next
    /// sample as well, on the same side (Gaussian noise passes 4σ once in 16 000 samples, and two
    /// in a row practically never).
    public static let onsetNoiseMultiple = 4.0

    /// How far into the step, as a fraction of it, noisy samples after the departure are fitted
    /// for the onset: far enough that the fit averages the noise of several samples, near enough
    /// that a parabola in √d still follows the start.
    static let onsetFitExtent = 0.4

    /// The onset of the motion in normalised coordinates (u in [0, 1], w in units of the step
    /// from the first sample), given the noise σ in units of the step.
    ///
    /// - Rest level: the first sample on clean samples; on noisy ones the median of the samples
    ///   before the departure (at most the first 64).
    /// - Departure: the first sample j farther than τ from the rest level. Clean samples:
    ///   τ = ``noiseFloor``. Noisy ones: τ = ``onsetNoiseMultiple``·σ·√(1 + π/(2m)), with m the
    ///   samples the rest level is the median of (its own uncertainty) and σ at least the spread
    ///   of those samples (1.4826·their median absolute deviation, from eight on), and samples
    ///   j + 1 and j + 2 must be beyond τ on the same side too.
    /// - Sub-frame time: the deviations d from rest after the departure are followed back to 0. A
    ///   motion leaving rest smoothly grows as d ≈ a·s² + b·s³ in the time s since its onset, so
    ///   √d ≈ √a·s·(1 + b·s/(2a)) is nearly a parabola through 0; one leaving with a velocity
    ///   grows as d ≈ v·s + a·s². On clean samples the parabola through √d (or d) at samples j,
    ///   j + 1, j + 2 gives the onset as its root; d is used when it grows from j to j + 1 too
    ///   slowly for a start from rest within the last frame, or when its parabola predicts sample
    ///   j + 3 four times better. On noisy samples it is the root of the least-squares parabola
    ///   through √d (weighted by d) or through d, whichever misses the deviations less (d's four
    ///   times less, a start from rest being the common case), over the samples up to
    ///   ``onsetFitExtent`` of the step (at least three, at most twelve); a line on three
    ///   samples, or where the parabola finds no root within the samples' own span before them.
    ///   The parabola follows the start's next term, which bends an overdamped spring's √d within
    ///   a few frames and would pull a line's root a frame early.
    ///   The onset is clamped between the last sample at rest (j − 1 on clean samples, the first
    ///   sample on noisy ones) and sample j.
    /// - No departure is an onset at the first sample.
    static func onset(u: [Double], w: [Double], noise: Double) -> Double {
        let n = u.count
        let noisy = noise > noiseFloor
        var tau = noisy ? onsetNoiseMultiple * noise : noiseFloor
        var rest = w[0]
        var window: [Double] = [w[0]]
        var departure: Int? = nil
        for j in 1..<n {
            let d = w[j] - rest
            // The rest level is itself uncertain: a median of m samples by about σ·√(π/(2m)).
            let bound = noisy ? tau * (1 + 1.5708 / Double(window.count)).squareRoot() : tau
            let persists = (j + 1)..<min(n, j + (noisy ? 3 : 1))
            if abs(d) > bound, persists.allSatisfy({ (w[$0] - rest) * d > 0 && abs(w[$0] - rest) > bound }) {
                departure = j
                break
            }
            if noisy && window.count < 64 {
                window.append(w[j])
                var copy = window
                rest = NoiseEstimate.median(&copy, count: copy.count)
                // The samples at rest show the noise themselves: their own spread, once there are
                // enough of them, guards against a low global estimate.
                if copy.count >= 8 {
                    for i in copy.indices { copy[i] = abs(copy[i] - rest) }
                    tau = max(tau, onsetNoiseMultiple * 1.482_602_218_505_602 * NoiseEstimate.median(&copy, count: copy.count))
                }
            }
        }
        guard let j = departure else { return u[0] }
        let direction: Double = w[j] > rest ? 1 : -1
        let lower = noisy ? u[0] : u[j - 1]
        // The deviations from rest after the departure. Clean: four samples. Noisy: the samples
        // up to `onsetFitExtent` of the step (at least three, at most twelve).
        var points: [(s: Double, d: Double)] = []
        for k in j..<min(n, j + (noisy ? 12 : 4)) {
            let d = direction * (w[k] - rest)
            guard d > 0, points.count < 3 || !noisy || d <= Self.onsetFitExtent else { break }
            points.append((u[k] - u[j], d))
        }
        guard points.count >= 2, points[1].d > points[0].d else { return u[j - 1] }
        var s: Double? = nil
        if !noisy && points.count >= 3 {
            // A start from rest (d ≈ a·s²: √d nearly linear) or with a velocity (d ≈ v·s: d
            // nearly linear): the parabola through the first three of d^(1/p), for the power p
            // whose parabola predicts the fourth sample better, followed back to its root.
            // From rest at the last rest sample or later, d grows at least as ((h₁ + h₂)/h₁)² from
            // sample j to j + 1 (h₁, h₂ the spacings before and after j); much slower growth is
            // a motion that already had a velocity.
            let h1 = u[j] - u[j - 1], h2 = points[1].s
            let fromRest = points[1].d / points[0].d >= 0.6 * ((h1 + h2) / h1) * ((h1 + h2) / h1)
            var best: (miss: Double, root: Double?) = (.infinity, nil)
            for power in fromRest ? [2.0, 1.0] : [1.0] {
                let r = points.map { power == 2 ? $0.d.squareRoot() : $0.d }
                let parabola = Self.parabola(through: (points[0].s, r[0]), (points[1].s, r[1]), (points[2].s, r[2]))
                let miss = points.count > 3 ? abs(parabola.value(points[3].s) - r[3]) / r[3] : 0
                // A start with a velocity must predict clearly better to be believed: a fast spring
                // from rest is a parabola in √d only roughly, and in d not at all.
                if best.miss == .infinity || miss < 0.25 * best.miss { best = (miss, parabola.rootBelow(0)) }
            }
            s = best.root
        }
        if s == nil {
            // Least-squares curves through √d (weighted by d: the noise of √d is σ/(2√d)) and
            // through d; the one that misses the deviations less (d's by a factor of four) gives
            // the onset. On noisy samples parabolas from four points on, which follow the start's
            // next term (an overdamped spring's a·s² − b·s³ bends within a few frames); lines on
            // three, and on clean samples (whose three-point parabola found no root).
            var best: (rss: Double, root: Double?) = (.infinity, nil)
            for power in noisy ? [2.0, 1.0] : [2.0] {
                // A parabola's root is believed within the points' own span before the first of
                // them; beyond, or without a root, the line's.
                let span = points[points.count - 1].s - points[0].s
                var fit = noisy && points.count >= 4 ? Self.leastSquaresRoot(points, power: power, degree: 2) : nil
                if let root = fit?.root, root < points[0].s - span { fit = nil }
                if fit?.root == nil { fit = Self.leastSquaresRoot(points, power: power, degree: 1) }
                guard let fit else { continue }
                // A start with a velocity must fit clearly better to be believed (a spring from
                // rest is the common case, and noise blurs the difference).
                if best.rss == .infinity || fit.rss < 0.25 * best.rss { best = fit }
            }
            // A curve that rises through the samples but meets 0 only after the first of them
            // puts the onset at that sample.
            s = best.rss.isFinite ? (best.root ?? 0) : nil
        }
        let offset = s ?? (lower - u[j])
        return min(max(u[j] + offset, lower), u[j])
    }

    /// The weighted least-squares polynomial of `degree` 1 or 2 through `points`' d^(1/power)
    /// (weights d for the square root, whose noise is σ/(2√d)), its squared misses in d, and its
    /// largest root at or below the first point, where it rises; nil when it does not rise.
    static func leastSquaresRoot(_ points: [(s: Double, d: Double)], power: Double, degree: Int) -> (rss: Double, root: Double?)? {
        let r = points.map { power == 2 ? $0.d.squareRoot() : $0.d }
        let weight = points.map { power == 2 ? $0.d : 1 }
        let total = weight.reduce(0, +)
        var origin = 0.0
        for k in points.indices { origin += weight[k] * points[k].s }
        origin /= total
        // Normal equations in t = s − origin: Σw·tⁱ⁺ʲ·c = Σw·tⁱ·r.
        let m = degree + 1
        var a = [[Double]](repeating: [Double](repeating: 0, count: m), count: m), b = [Double](repeating: 0, count: m)
        for k in points.indices {
            let t = points[k].s - origin
            var ti = 1.0
            for i in 0..<m {
                var tj = 1.0
                for j in 0..<m { a[i][j] += weight[k] * ti * tj; tj *= t }
                b[i] += weight[k] * ti * r[k]
                ti *= t
            }
        }
        // Gaussian elimination; the system is symmetric positive definite for distinct times.
        for i in 0..<m {
            guard a[i][i] > 0 else { return nil }
            for row in (i + 1)..<m {
                let f = a[row][i] / a[i][i]
                for col in i..<m { a[row][col] -= f * a[i][col] }
                b[row] -= f * b[i]
            }
        }
        var c = [Double](repeating: 0, count: m)
        for i in stride(from: m - 1, through: 0, by: -1) {
            var sum = b[i]
            for j in (i + 1)..<m { sum -= a[i][j] * c[j] }
            c[i] = sum / a[i][i]
        }
        guard c.allSatisfy(\.isFinite) else { return nil }
        let curve = Parabola(c0: c[0], c1: c[1], c2: degree == 2 ? c[2] : 0)
        // It must rise over the points (from rest or with a velocity, the deviation grows).
        guard curve.slope(points[0].s - origin) > 0 else { return nil }
        var rss = 0.0
        for k in points.indices {
            let fitted = curve.value(points[k].s - origin)
            let miss = points[k].d - (power == 2 ? fitted * fitted : fitted)
            rss += miss * miss
        }
        guard let root = curve.rootBelow(points[0].s - origin), curve.slope(root) > 0 else { return (rss, nil) }
        return (rss, root + origin)
    }

    /// The parabola c0 + c1·s + c2·s² through three points.
    struct Parabola {
        var c0, c1, c2: Double

        func value(_ s: Double) -> Double { c0 + s * (c1 + s * c2) }

        func slope(_ s: Double) -> Double { c1 + 2 * c2 * s }

        /// Its largest finite root at or below `limit`, if any.
        func rootBelow(_ limit: Double) -> Double? {
            var roots: [Double] = []
            if c2 == 0 {
                if c1 != 0 { roots.append(-c0 / c1) }
            } else {
                let disc = c1 * c1 - 4 * c2 * c0
                guard disc >= 0 else { return nil }
                let root = disc.squareRoot()
                // Cancellation-free roots.
                let q = -0.5 * (c1 + (c1 >= 0 ? root : -root))
                if q != 0 { roots.append(c0 / q) }
                roots.append(q / c2)
            }
            return roots.filter { $0.isFinite && $0 <= limit }.max()
        }
    }

    static func parabola(through a: (Double, Double), _ b: (Double, Double), _ c: (Double, Double)) -> Parabola {
        let m1 = (b.1 - a.1) / (b.0 - a.0), m2 = (c.1 - b.1) / (c.0 - b.0)
        let c2 = (m2 - m1) / (c.0 - a.0)
        let c1 = m1 - c2 * (a.0 + b.0)
        return Parabola(c0: a.1 - a.0 * (c1 + a.0 * c2), c1: c1, c2: c2)
    }
}
