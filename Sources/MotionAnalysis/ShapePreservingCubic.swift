import MotionNumerics

/// The shape-preserving piecewise cubic Hermite interpolant through samples (x_i, y_i): PCHIP
/// (Fritsch–Carlson), with the slopes of `scipy.interpolate.PchipInterpolator`.
///
/// - An interior slope is 0 where the neighbouring secants differ in sign or one of them is 0 (a
///   sampled extremum or the edge of a flat stretch), else the weighted harmonic mean of the two
///   secants, which is at most three times either of them.
/// - An end slope is the three-point estimate, set to 0 where it points against the first
///   (last) secant and limited to three times that secant where the data turns there.
///
/// With these slopes every segment is monotone between its two samples (Fritsch and Carlson's
/// region α, β ≤ 3). So the interpolant has no extremum that is not a sample, its range over a
/// segment is exactly that of the segment's two samples, and it crosses a level at most once
/// per segment, in the segment whose samples straddle it. The metrics rely on this: peaks and
/// extremes are read off the samples, crossings are solved on the one segment that brackets them.
///
/// Every segment is a cubic in the local coordinate u = x − x_i, so roots are found to the last
/// bits of u without cancellation against large absolute times. Callers build it in normalised
/// coordinates (x in [0, 1], y in units of the step) and check ``isFinite``.
struct ShapePreservingCubic: Sendable {
    /// Knots, strictly increasing.
    let x: [Double]
    /// Values at the knots.
    let y: [Double]
    /// First derivatives at the knots.
    let slope: [Double]

    /// Requires at least 2 knots with strictly increasing, finite x and finite y.
    init(x: [Double], y: [Double]) {
        precondition(x.count == y.count && x.count >= 2, "an interpolant needs at least 2 points")
        self.x = x
        self.y = y
        let n = x.count
        var h = [Double](repeating: 0, count: n - 1)
        var m = [Double](repeating: 0, count: n - 1)
        for i in 0..<(n - 1) {
            h[i] = x[i + 1] - x[i]
            m[i] = (y[i + 1] - y[i]) / h[i]
        }
        var d = [Double](repeating: 0, count: n)
        if n == 2 {
            d[0] = m[0]
            d[1] = m[0]
        } else {
            for k in 1..<(n - 1) {
                let a = m[k - 1], b = m[k]
                if a == 0 || b == 0 || (a > 0) != (b > 0) { continue }
                let w1 = 2 * h[k] + h[k - 1], w2 = h[k] + 2 * h[k - 1]
                // A secant too small to invert gives +∞ here and a slope of 0: still monotone.
                d[k] = (w1 + w2) / (w1 / a + w2 / b)
            }
            d[0] = Self.endSlope(h[0], h[1], m[0], m[1])
            d[n - 1] = Self.endSlope(h[n - 2], h[n - 3], m[n - 2], m[n - 3])
        }
        slope = d
    }

    /// The three-point end slope from the end interval (width h0, secant m0) and the next
    /// (h1, m1), kept inside the monotone region.
    static func endSlope(_ h0: Double, _ h1: Double, _ m0: Double, _ m1: Double) -> Double {
        let d = ((2 * h0 + h1) * m0 - h0 * m1) / (h0 + h1)
        if sign(d) != sign(m0) { return 0 }
        if sign(m0) != sign(m1) && abs(d) > 3 * abs(m0) { return 3 * m0 }
        return d
    }

    private static func sign(_ v: Double) -> Int { v > 0 ? 1 : (v < 0 ? -1 : 0) }

    var count: Int { x.count }

    /// Whether every slope and every segment's coefficients are finite (normalised data that
    /// still varies too fast for a double is not).
    var isFinite: Bool {
        guard slope.allSatisfy(\.isFinite) else { return false }
        for i in 0..<(count - 1) {
            let piece = segment(i)
            guard piece.c2.isFinite, piece.c3.isFinite else { return false }
        }
        return true
    }

    /// The cubic of segment i (on [x_i, x_{i+1}]) in u = x − x_i: y_i + s_i·u + c2·u² + c3·u³.
    struct Segment {
        let start: Double
        let width: Double
        let c0, c1, c2, c3: Double

        @inline(__always) func value(_ u: Double) -> Double { c0 + u * (c1 + u * (c2 + u * c3)) }
        @inline(__always) func derivative(_ u: Double) -> Double { c1 + u * (2 * c2 + u * 3 * c3) }

        /// The root of value(u) = level in [0, width], given that the segment is monotone and its
        /// samples bracket the level. Should rounding of the cubic at u = width disagree with the
        /// sample there, the root is the sample's own time.
        func solve(_ level: Double) -> Double {
            guard let u = Roots.newtonBisection(between: 0, and: width, { u in (value(u) - level, derivative(u)) }) else {
                return width
            }
            return min(max(u, 0), width)
        }
    }

    func segment(_ i: Int) -> Segment {
        let h = x[i + 1] - x[i]
        let m = (y[i + 1] - y[i]) / h
        let s0 = slope[i], s1 = slope[i + 1]
        return Segment(start: x[i], width: h, c0: y[i], c1: s0,
                       c2: (3 * m - 2 * s0 - s1) / h, c3: (s0 + s1 - 2 * m) / h / h)
    }

    /// The interpolant's value at t (the end cubics extend outside the knots).
    func value(at t: Double) -> Double {
        var lo = 0, hi = count - 2
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if x[mid] <= t { lo = mid } else { hi = mid - 1 }
        }
        let piece = segment(lo)
        return piece.value(t - piece.start)
    }

    /// The first x where `direction`·(interpolant − level) ≥ 0, or nil if it never gets there.
    /// The crossing lies in the first segment whose end sample reaches the level.
    func firstReach(_ level: Double, direction: Double) -> Double? {
        if direction * (y[0] - level) >= 0 { return x[0] }
        for i in 0..<(count - 1) where direction * (y[i + 1] - level) >= 0 {
            // y_i is short of the level (else an earlier segment would have returned) and the
            // segment is monotone, so it first reaches the level at its one crossing.
            if y[i + 1] == level { return x[i + 1] }
            let piece = segment(i)
            return piece.start + piece.solve(level)
        }
        return nil
    }

    /// The last x where |interpolant − center| ≥ halfWidth; nil when the last sample is outside
    /// the band (never settles within the data). A monotone segment between two samples inside
    /// the band stays inside, so the exit is on the segment after the last sample outside it.
    func lastExit(center: Double, halfWidth: Double) -> Double? {
        if abs(y[count - 1] - center) >= halfWidth { return nil }
        for i in stride(from: count - 2, through: 0, by: -1) where abs(y[i] - center) >= halfWidth {
            let edge = y[i] > center ? center + halfWidth : center - halfWidth
            let piece = segment(i)
            return piece.start + piece.solve(edge)
        }
        return x[0]
    }
}
