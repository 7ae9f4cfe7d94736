extension KeyframeFitting {
    /// AᵀA (upper band, kd = 3) and Aᵀy, added to one sample at a time in increasing time.
    ///
    /// A keyframe's samples all touch the same four unknowns, so their products are summed in a
    /// 4×4 block held in registers and added to the band once per keyframe; ``system()`` adds the
    /// last block and gives the band and the right-hand side. The same sweep evaluates the track
    /// (``model(_:_:)``) and accumulates the right-hand side of residuals alone
    /// (``addResidual(_:_:_:)``), as iterative refinement needs.
    struct NormalEquations {
        let basis: KeyframeBasis
        let unknowns: Int
        private var band: [Double]
        private var rhs: [Double]
        /// The keyframe of the last time seen (`basis.count`: after the last end).
        private(set) var segment = 0
        /// The current keyframe's block: its first unknown, the rows of c·cᵀ and c·y summed.
        private var blockFirst = 0
        private var blockRows = (SIMD4<Double>(), SIMD4<Double>(), SIMD4<Double>(), SIMD4<Double>())
        private var blockRhs = SIMD4<Double>()
        private var blockPending = false
        /// The parameters of the keyframe `parametersSegment` (see ``KeyframeBasis/parameters(_:segment:)``).
        private var segmentParameters = SIMD4<Double>()
        private var parametersSegment = -1

        init(basis: KeyframeBasis) {
            self.basis = basis
            unknowns = basis.count + 1
            band = [Double](repeating: 0, count: 4 * unknowns)
            rhs = [Double](repeating: 0, count: unknowns)
        }

        init(ends: [Double]) { self.init(basis: KeyframeBasis(ends: ends)) }

        var ends: [Double] { basis.ends }

        /// Moves to the keyframe that owns `t` (the first whose end is ≥ t), adding the block of
        /// the keyframe left; `false` after the last end.
        @inline(__always)
        private mutating func advance(to t: Double) -> Bool {
            let ends = basis.ends
            if segment < ends.count && ends[segment] < t {
                flush()
                while segment < ends.count && ends[segment] < t { segment += 1 }
            }
            return segment < ends.count
        }

        /// Adds the sample (t, y).
        @inline(__always)
        mutating func add(_ t: Double, _ y: Double) {
            guard advance(to: t) else {
                band[3 + (unknowns - 1) * 4] += 1
                rhs[unknowns - 1] += y
                return
            }
            let c = basis.row(t: t, segment: segment)
            blockFirst = segment - 1
            blockPending = true
            blockRhs += c * y
            blockRows.0 += c * c[0]
            blockRows.1 += c * c[1]
            blockRows.2 += c * c[2]
            blockRows.3 += c * c[3]
        }

        /// Adds the residual y − model(t) for parameters `p` to the right-hand side only (the
        /// band, which depends on the times alone, is left as it is).
        @inline(__always)
        mutating func addResidual(_ t: Double, _ y: Double, _ p: [Double]) {
            guard advance(to: t) else {
                rhs[unknowns - 1] += y - p[p.count - 1]
                return
            }
            let c = basis.row(t: t, segment: segment)
            blockFirst = segment - 1
            blockPending = true
            blockRhs += c * (y - (c * parameters(p)).sum())
        }

        /// Adds the samples `range` of (times − origin, values/unit), keyframe by keyframe with
        /// the block's sums in registers: the same sums, in the same order, as ``add(_:_:)`` per
        /// sample. With `parameters`, adds their residuals to the right-hand side alone, as
        /// ``addResidual(_:_:_:)`` does.
        mutating func add(
            times: [Double], origin: Double, values: [Double], unit: ValueUnit, range: Range<Int>, parameters p: [Double]? = nil
        ) {
            let ends = basis.ends
            var i = range.lowerBound
            while i < range.upperBound {
                guard advance(to: times[i] - origin) else {
                    for j in i..<range.upperBound {
                        let y = unit.scaled(values[j])
                        if let p { rhs[unknowns - 1] += y - p[p.count - 1] } else {
                            band[3 + (unknowns - 1) * 4] += 1
                            rhs[unknowns - 1] += y
                        }
                    }
                    return
                }
                let end = ends[segment]
                var rows = blockRows, sums = blockRhs
                if let p {
                    let q = parameters(p)
                    while i < range.upperBound {
                        let t = times[i] - origin
                        if t > end { break }
                        let c = basis.row(t: t, segment: segment)
                        sums += c * (unit.scaled(values[i]) - (c * q).sum())
                        i += 1
                    }
                } else {
                    while i < range.upperBound {
                        let t = times[i] - origin
                        if t > end { break }
                        let c = basis.row(t: t, segment: segment)
                        sums += c * unit.scaled(values[i])
                        rows.0 += c * c[0]
                        rows.1 += c * c[1]
                        rows.2 += c * c[2]
                        rows.3 += c * c[3]
                        i += 1
                    }
                }
                blockRows = rows
                blockRhs = sums
                blockFirst = segment - 1
                blockPending = true
            }
        }

        /// The track's value at `t` (increasing from call to call) for parameters `p`.
        @inline(__always)
        mutating func model(_ t: Double, _ p: [Double]) -> Double {
            guard advance(to: t) else { return p[p.count - 1] }
            return (basis.row(t: t, segment: segment) * parameters(p)).sum()
        }

        /// p_{i−1} … p_{i+2} of the current keyframe, looked up once per keyframe.
        @inline(__always)
        private mutating func parameters(_ p: [Double]) -> SIMD4<Double> {
            if parametersSegment != segment {
                segmentParameters = basis.parameters(p, segment: segment)
                parametersSegment = segment
            }
            return segmentParameters
        }

        /// Adds the current block to the band: it touches unknowns first…first+3.
        private mutating func flush() {
            guard blockPending else { return }
            let rows = [blockRows.0, blockRows.1, blockRows.2, blockRows.3]
            for a in 0..<4 {
                let ja = blockFirst + a
                guard ja >= 0, ja < unknowns else { continue }
                rhs[ja] += blockRhs[a]
                for b in a..<4 {
                    let jb = blockFirst + b
                    guard jb < unknowns else { continue }
                    band[(3 + ja - jb) + jb * 4] += rows[b][a]
                }
            }
            blockRows = (SIMD4<Double>(), SIMD4<Double>(), SIMD4<Double>(), SIMD4<Double>())
            blockRhs = SIMD4<Double>()
            blockPending = false
        }

        /// The band of AᵀA (LAPACK's upper band storage, kd = 3) and Aᵀy of every sample added.
        mutating func system() -> (band: [Double], rhs: [Double]) {
            flush()
            return (band, rhs)
        }

        /// The system of the samples of both, added in a fixed order (self, then other).
        mutating func absorb(_ other: inout NormalEquations) {
            let (b, r) = other.system()
            flush()
            for i in band.indices { band[i] += b[i] }
            for i in rhs.indices { rhs[i] += r[i] }
        }
    }
}
