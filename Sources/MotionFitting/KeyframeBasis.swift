/// The design rows of a keyframe track with automatic (Catmull–Rom) tangents: the value at time t
/// in keyframe i is c · (p_{i−1}, p_i, p_{i+1}, p_{i+2}), the cubic Hermite basis at
/// u = (t − start)/d with each tangent written in the parameters it averages.
///
/// The per-keyframe constants (start, duration and the two tangent weights d/(d_{i−1} + d) and
/// d/(d + d_{i+1})) are computed once, so a row costs one division.
struct KeyframeBasis: Sendable {
    /// Keyframe end times, relative to the track's start.
    let ends: [Double]
    /// Per keyframe: (start, duration, weight of the incoming tangent, weight of the outgoing
    /// tangent); a weight is 0 where there is no neighbour.
    private let constants: [SIMD4<Double>]

    init(ends: [Double]) {
        self.ends = ends
        let k = ends.count
        constants = (0..<k).map { i in
            let start = i == 0 ? 0 : ends[i - 1]
            let d = ends[i] - start
            let incoming = i > 0 ? d / ((start - (i >= 2 ? ends[i - 2] : 0)) + d) : 0
            let outgoing = i < k - 1 ? d / (d + (ends[i + 1] - ends[i])) : 0
            return SIMD4(start, d, incoming, outgoing)
        }
    }

    var count: Int { ends.count }

    /// The coefficients on p_{i−1}, p_i, p_{i+1}, p_{i+2} at time `t` in keyframe `i` (u clamped
    /// to [0, 1]); they sum to 1.
    @inline(__always)
    func row(t: Double, segment i: Int) -> SIMD4<Double> {
        let k = constants[i]
        let u = Swift.min(Swift.max((t - k[0]) / k[1], 0), 1)
        let u2 = u * u, u3 = u2 * u
        let h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u, h01 = -2 * u3 + 3 * u2, h11 = u3 - u2
        let incoming = h10 * k[2], outgoing = h11 * k[3]
        return SIMD4(-incoming, h00 - outgoing, h01 + incoming, outgoing)
    }

    /// p_{i−1} … p_{i+2} for keyframe `i`, 0 where the index falls outside the parameters.
    @inline(__always)
    func parameters(_ p: [Double], segment i: Int) -> SIMD4<Double> {
        SIMD4(i >= 1 ? p[i - 1] : 0, p[i], p[i + 1], i + 2 < p.count ? p[i + 2] : 0)
    }

    /// Calls `body(i, model)` for each sample i in `range` with the track's value, for
    /// parameters `p`, at times[i] − origin (sorted), walking the keyframes in step: the value
    /// of ``KeyframeFitting/NormalEquations/model(_:_:)``, with the keyframe's parameters held in
    /// registers.
    @inline(__always)
    func sweep(times: [Double], origin: Double, range: Range<Int>, parameters p: [Double], _ body: (Int, Double) -> Void) {
        var segment = 0
        var i = range.lowerBound
        while i < range.upperBound {
            let t = times[i] - origin
            while segment < ends.count && ends[segment] < t { segment += 1 }
            guard segment < ends.count else {
                for j in i..<range.upperBound { body(j, p[p.count - 1]) }
                return
            }
            let end = ends[segment], q = parameters(p, segment: segment)
            while i < range.upperBound {
                let t = times[i] - origin
                if t > end { break }
                body(i, (row(t: t, segment: segment) * q).sum())
                i += 1
            }
        }
    }
}
