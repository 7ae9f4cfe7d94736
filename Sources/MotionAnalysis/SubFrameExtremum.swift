/// The sub-frame position of a sampled extremum: the stationary point of the cubic through the
/// extreme sample and its neighbours.
///
/// A sample that is strictly higher (lower) than both neighbours brackets a true maximum
/// (minimum) of the motion between them. The cubic through it, its two neighbours and the next
/// sample beyond the higher (lower) neighbour — the side the extremum leans to — has a
/// stationary point in that interval; its time and value estimate the extremum's to O(h³) and
/// O(h⁴) (h the frame), where the sample itself is off by up to half a frame and the vertex of a
/// parabola by O(h²) on a skewed peak. With only three samples available (the extremum next to
/// an end) the parabola's vertex is used. Where the samples do not bracket an extremum — a tie,
/// a plateau, the first or last sample — the sample is returned as it is, so no extremum is
/// invented where the samples show none, and the refined time never leaves the bracket.
enum SubFrameExtremum {
    /// The refined extremum at knot `i` of (x, y); x strictly increasing.
    static func refine(x: [Double], y: [Double], at i: Int) -> (time: Double, value: Double) {
        let n = x.count
        guard i > 0, i + 1 < n else { return (x[i], y[i]) }
        let isMaximum = y[i] > y[i - 1] && y[i] > y[i + 1]
        let isMinimum = y[i] < y[i - 1] && y[i] < y[i + 1]
        guard isMaximum || isMinimum else { return (x[i], y[i]) }
        // The side of the nearer-to-extreme neighbour, and the sample beyond it.
        let leansRight = isMaximum ? y[i + 1] > y[i - 1] : y[i + 1] < y[i - 1]
        var indices = [i - 1, i, i + 1]
        if leansRight && i + 2 < n { indices.append(i + 2) } else if !leansRight && i >= 2 { indices.insert(i - 2, at: 0) }
        else if i + 2 < n { indices.append(i + 2) } else if i >= 2 { indices.insert(i - 2, at: 0) }
        // The interpolating polynomial in u = x − x_i, monomial coefficients c[0...].
        let u = indices.map { x[$0] - x[i] }
        var a = indices.map { y[$0] }  // Newton divided differences, in place
        for level in 1..<a.count {
            for k in stride(from: a.count - 1, through: level, by: -1) {
                a[k] = (a[k] - a[k - 1]) / (u[k] - u[k - level])
            }
        }
        var c = [Double](repeating: 0, count: a.count)
        for k in stride(from: a.count - 1, through: 0, by: -1) {
            // c ← c·(u − u_k) + a_k
            var next = [Double](repeating: 0, count: a.count)
            for j in 0..<(a.count - 1) { next[j + 1] += c[j]; next[j] -= u[k] * c[j] }
            next[0] += a[k]
            c = next
        }
        guard c.allSatisfy(\.isFinite) else { return (x[i], y[i]) }
        func value(_ t: Double) -> Double { c.reversed().reduce(0) { $0 * t + $1 } }
        // Stationary points: c1 + 2c2·u + 3c3·u² = 0, inside the bracket, of the right kind.
        let lo = x[i - 1] - x[i], hi = x[i + 1] - x[i]
        let c3 = c.count > 3 ? c[3] : 0
        var candidates: [Double] = []
        let qa = 3 * c3, qb = 2 * c[2], qc = c[1]
        if qa == 0 {
            if qb != 0 { candidates.append(-qc / qb) }
        } else {
            let disc = qb * qb - 4 * qa * qc
            if disc >= 0 {
                let q = -0.5 * (qb + (qb >= 0 ? disc.squareRoot() : -disc.squareRoot()))
                if q != 0 { candidates.append(qc / q) }
                candidates.append(q / qa)
            }
        }
        let curvature = { (t: Double) in 2 * c[2] + 6 * c3 * t }
        let best = candidates
            .filter { $0.isFinite && $0 > lo && $0 < hi && (isMaximum ? curvature($0) < 0 : curvature($0) > 0) }
            .min { abs($0) < abs($1) }
        guard let t = best else { return (x[i], y[i]) }
        let v = value(t)
        // The stationary point of a curve through samples that bracket an extremum is beyond the
        // middle sample; rounding must not turn that around.
        return (x[i] + t, isMaximum ? max(v, y[i]) : min(v, y[i]))
    }
}
