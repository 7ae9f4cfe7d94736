import MotionNumerics

/// The C² cubic spline through samples (x_i, y_i) with not-a-knot end conditions — the same
/// interpolant as `scipy.interpolate.CubicSpline(x, y)` with its default `bc_type`.
///
/// Every segment is a cubic in the local coordinate u = x − x_i, so roots and extrema are found to
/// the last bits of u without cancellation against large absolute times. The coefficients involve
/// h² and h³ (h a knot spacing): callers build the spline in normalised coordinates (x in [0, 1],
/// y in units of the step) so that these neither overflow nor underflow, and check ``isFinite``. With not-a-knot ends the
/// interpolation error is O(h⁴) over the whole range, ends included (natural ends force y'' = 0
/// there and lose two orders at the start of a step, exactly where the 10 % crossing is).
struct CubicSpline: Sendable {
    /// Knots, strictly increasing.
    let x: [Double]
    /// Values at the knots.
    let y: [Double]
    /// First derivatives at the knots.
    let slope: [Double]

    /// Requires at least 4 knots with strictly increasing, finite x and finite y.
    init(x: [Double], y: [Double]) {
        precondition(x.count == y.count && x.count >= 4, "a not-a-knot spline needs at least 4 points")
        self.x = x
        self.y = y
        let n = x.count
        var dx = [Double](repeating: 0, count: n - 1)
        var m = [Double](repeating: 0, count: n - 1)
        for i in 0..<(n - 1) {
            dx[i] = x[i + 1] - x[i]
            m[i] = (y[i + 1] - y[i]) / dx[i]
        }
        // Tridiagonal system for the slopes s: sub[i] s[i−1] + diag[i] s[i] + sup[i] s[i+1] = rhs[i].
        var sub = [Double](repeating: 0, count: n)
        var diag = [Double](repeating: 0, count: n)
        var sup = [Double](repeating: 0, count: n)
        var rhs = [Double](repeating: 0, count: n)
        for i in 1..<(n - 1) {
            sub[i] = dx[i]
            diag[i] = 2 * (dx[i - 1] + dx[i])
            sup[i] = dx[i - 1]
            rhs[i] = 3 * (dx[i] * m[i - 1] + dx[i - 1] * m[i])
        }
        // Not-a-knot: the third derivative is continuous at x_1 and at x_{n−2}.
        let d0 = x[2] - x[0]
        diag[0] = dx[1]
        sup[0] = d0
        rhs[0] = ((dx[0] + 2 * d0) * dx[1] * m[0] + dx[0] * dx[0] * m[1]) / d0
        let d1 = x[n - 1] - x[n - 3]
        sub[n - 1] = d1
        diag[n - 1] = dx[n - 3]
        rhs[n - 1] = (dx[n - 2] * dx[n - 2] * m[n - 3] + (2 * d1 + dx[n - 2]) * dx[n - 3] * m[n - 2]) / d1
        slope = CubicSpline.solveTridiagonal(sub: sub, diag: diag, sup: sup, rhs: rhs)
    }

    /// Gaussian elimination with partial pivoting on a tridiagonal system (LAPACK's dgtsv
    /// algorithm: a row swap fills one extra superdiagonal). The not-a-knot rows are not
    /// diagonally dominant, so plain Thomas elimination would not be safe on uneven grids.
    static func solveTridiagonal(sub: [Double], diag: [Double], sup: [Double], rhs: [Double]) -> [Double] {
        let n = diag.count
        var d = diag, du = sup, b = rhs
        var dl = sub  // dl[i] multiplies x[i−1] in row i
        var du2 = [Double](repeating: 0, count: n)  // fill-in: row i, column i+2
        for i in 0..<(n - 1) {
            let below = dl[i + 1]
            if abs(d[i]) >= abs(below) {
                // No swap.
                guard d[i] != 0 else { continue }
                let factor = below / d[i]
                d[i + 1] -= factor * du[i]
                b[i + 1] -= factor * b[i]
                if i + 2 < n { du2[i] = 0 }
                dl[i + 1] = 0
            } else {
                // Swap rows i and i+1, then eliminate.
                let factor = d[i] / below
                d[i] = below
                let temp = d[i + 1]
                d[i + 1] = du[i] - factor * temp
                if i + 2 < n {
                    du2[i] = du[i + 1]
                    du[i + 1] = -factor * du2[i]
                }
                du[i] = temp
                let tb = b[i]
                b[i] = b[i + 1]
                b[i + 1] = tb - factor * b[i + 1]
                dl[i + 1] = 0
            }
        }
        var solution = [Double](repeating: 0, count: n)
        for i in stride(from: n - 1, through: 0, by: -1) {
            var value = b[i]
            if i + 1 < n { value -= du[i] * solution[i + 1] }
            if i + 2 < n { value -= du2[i] * solution[i + 2] }
            solution[i] = value / d[i]
        }
        return solution
    }

    var count: Int { x.count }

    /// Whether every slope and every segment's coefficients are finite. Callers normalise the
    /// knots to [0, 1] and the values to the step, so h² and h³ stay in range; this catches data
    /// whose normalised values still vary too fast for a double.
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

        /// The zeros of the derivative strictly inside (0, width), ascending.
        var criticalPoints: [Double] {
            // 3c3·u² + 2c2·u + c1 = 0, solved without cancellation.
            let a = 3 * c3, b = 2 * c2, c = c1
            var roots: [Double] = []
            if a == 0 {
                if b != 0 { roots = [-c / b] }
            } else {
                let disc = b * b - 4 * a * c
                if disc >= 0 {
                    let q = -0.5 * (b + (b < 0 ? -1 : 1) * disc.squareRoot())
                    if q != 0 { roots = [q / a, c / q] } else { roots = [0] }
                }
            }
            return roots.filter { $0 > 0 && $0 < width && $0.isFinite }.sorted().map(polish)
        }

        /// A critical point refined by Newton steps on the derivative (the quadratic formula can
        /// lose digits when the two roots nearly coincide).
        private func polish(_ u: Double) -> Double {
            var u = u
            for _ in 0..<3 {
                let second = 2 * c2 + 6 * c3 * u
                guard second != 0 else { break }
                let next = u - derivative(u) / second
                guard next > 0, next < width, next.isFinite else { break }
                u = next
            }
            return u
        }

        /// Monotone pieces [a, b] of the segment in local coordinates, in order.
        var monotonePieces: [(Double, Double)] {
            let cuts = [0] + criticalPoints + [width]
            return zip(cuts, cuts.dropFirst()).map { ($0, $1) }
        }

        /// The root of value(u) = level on a monotone piece [a, b] whose ends bracket it.
        func solve(_ level: Double, in a: Double, _ b: Double) -> Double {
            Roots.newtonBisection(between: a, and: b) { u in (value(u) - level, derivative(u)) } ?? (a + b) / 2
        }
    }

    func segment(_ i: Int) -> Segment {
        let h = x[i + 1] - x[i]
        let m = (y[i + 1] - y[i]) / h
        let s0 = slope[i], s1 = slope[i + 1]
        return Segment(start: x[i], width: h, c0: y[i], c1: s0,
                       c2: (3 * m - 2 * s0 - s1) / h, c3: (s0 + s1 - 2 * m) / h / h)
    }

    /// The spline's value at x (the end cubics extend outside the knots).
    func value(at t: Double) -> Double {
        var lo = 0, hi = count - 2
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if x[mid] <= t { lo = mid } else { hi = mid - 1 }
        }
        let piece = segment(lo)
        return piece.value(t - piece.start)
    }

    /// The first x where `direction`·(spline − level) ≥ 0, or nil if the spline never gets there.
    func firstReach(_ level: Double, direction: Double) -> Double? {
        if direction * (y[0] - level) >= 0 { return x[0] }
        for i in 0..<(count - 1) {
            let piece = segment(i)
            for (a, b) in piece.monotonePieces where direction * (piece.value(b) - level) >= 0 {
                // The piece starts below the level (else an earlier piece would have returned).
                return piece.start + piece.solve(level, in: a, b)
            }
        }
        return nil
    }

    /// The last x where |spline − center| ≥ halfWidth, scanning backwards; nil when the spline
    /// is outside the band at its last knot (never settles within the data).
    func lastExit(center: Double, halfWidth: Double) -> Double? {
        if abs(y[count - 1] - center) >= halfWidth { return nil }
        for i in stride(from: count - 2, through: 0, by: -1) {
            let piece = segment(i)
            for (a, b) in piece.monotonePieces.reversed() {
                let va = piece.value(a)
                guard abs(va - center) >= halfWidth else { continue }
                // Monotone on [a, b], outside the band at a and inside it at b.
                let edge = va > center ? center + halfWidth : center - halfWidth
                return piece.start + piece.solve(edge, in: a, b)
            }
        }
        return x[0]
    }

    /// The knots and the interior extrema of every segment, in order: the candidates for every
    /// extremum of the spline over [x_0, x_{n−1}].
    func extremalPoints() -> [(x: Double, y: Double)] {
        var points: [(x: Double, y: Double)] = [(x[0], y[0])]
        for i in 0..<(count - 1) {
            let piece = segment(i)
            for u in piece.criticalPoints { points.append((piece.start + u, piece.value(u))) }
            points.append((x[i + 1], y[i + 1]))
        }
        return points
    }
}
