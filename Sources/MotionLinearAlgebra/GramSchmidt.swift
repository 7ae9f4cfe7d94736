/// Least squares over a few long columns by modified Gram–Schmidt with one reorthogonalisation.
///
/// For two or three columns of many samples (a model linear in a few coefficients, solved again
/// for every trial of a nonlinear search) this is accurate to the columns' conditioning, not its
/// square as normal equations are, and streams each column through memory a few times instead of
/// copying them into a matrix for LAPACK.
public enum GramSchmidt {
    /// The coefficients c minimising ‖Σⱼ cⱼ·columnⱼ − data‖₂.
    ///
    /// - Parameters:
    ///   - columns: the columns, each as long as `data`; overwritten by the orthonormal columns Q
    ///     of the factorisation (a caller that solves again refills them).
    ///   - data: the values to fit.
    ///   - residuals: overwritten by the fitted values minus the data (Q·Qᵀ·data − data); must be
    ///     as long as `data`.
    /// - Returns: one coefficient per column.
    /// - Throws: ``LAPACKError/dimensionMismatch(_:)`` when there is no column or the lengths
    ///   differ; ``LAPACKError/singular(index:)`` when column `index` (1-based) is, to 10⁻¹² of its
    ///   norm, a combination of the earlier ones or not finite, or when the coefficients overflow.
    public static func leastSquares(columns: inout [[Double]], data: [Double], residuals: inout [Double]) throws(LAPACKError) -> [Double] {
        let n = data.count
        guard !columns.isEmpty, n > 0 else {
            throw .dimensionMismatch("least squares needs a column and a sample; got \(columns.count) columns of \(n) samples")
        }
        if let bad = columns.firstIndex(where: { $0.count != n }) {
            throw .dimensionMismatch("column \(bad + 1) has \(columns[bad].count) samples, the data \(n)")
        }
        guard residuals.count == n else {
            throw .dimensionMismatch("the residuals hold \(residuals.count) samples, the data \(n)")
        }
        let solved: Result<[Double], LAPACKError> = columns.withUnsafeMutableBufferPointer { outer in
            withColumns(outer, from: 0, []) { q in
                data.withUnsafeBufferPointer { y in
                    residuals.withUnsafeMutableBufferPointer { r in
                        Kernels.gramSchmidt(q, count: n, y.baseAddress!, residuals: r.baseAddress!)
                    }
                }
            }
        }
        return try solved.get()
    }

    /// `body` with a pointer to the storage of each of `outer`'s columns from `j` on, after `gathered`.
    private static func withColumns<R>(_ outer: UnsafeMutableBufferPointer<[Double]>, from j: Int,
                                       _ gathered: [UnsafeMutablePointer<Double>],
                                       _ body: ([UnsafeMutablePointer<Double>]) -> R) -> R {
        guard j < outer.count else { return body(gathered) }
        return outer[j].withUnsafeMutableBufferPointer { column in
            withColumns(outer, from: j + 1, gathered + [column.baseAddress!], body)
        }
    }
}

extension Kernels {
    /// The Gram–Schmidt least squares of ``GramSchmidt/leastSquares(columns:data:residuals:)`` on
    /// raw buffers: each pass is one loop over the samples.
    static func gramSchmidt(_ q: [UnsafeMutablePointer<Double>], count n: Int, _ y: UnsafePointer<Double>,
                            residuals: UnsafeMutablePointer<Double>) -> Result<[Double], LAPACKError> {
        let k = q.count
        // Four running sums: one dependent chain of additions would make every pass wait on
        // the adder's latency instead of streaming memory.
        func dot(_ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>) -> Double {
            var (s0, s1, s2, s3) = (0.0, 0.0, 0.0, 0.0)
            var m = 0
            while m + 4 <= n {
                s0 += a[m] * b[m]; s1 += a[m + 1] * b[m + 1]
                s2 += a[m + 2] * b[m + 2]; s3 += a[m + 3] * b[m + 3]
                m += 4
            }
            while m < n { s0 += a[m] * b[m]; m += 1 }
            return (s0 + s1) + (s2 + s3)
        }
        var r = [Double](repeating: 0, count: k * k)
        for j in 0..<k {
            let norm0 = dot(q[j], q[j]).squareRoot()
            for _ in 0..<2 {
                for i in 0..<j {
                    let d = dot(q[i], q[j])
                    r[i * k + j] += d
                    let (qi, qj) = (q[i], q[j])
                    for m in 0..<n { qj[m] -= d * qi[m] }
                }
            }
            let norm = dot(q[j], q[j]).squareRoot()
            guard norm > 1e-12 * norm0, norm > 0, norm.isFinite else { return .failure(.singular(index: j + 1)) }
            r[j * k + j] = norm
            let qj = q[j]
            for m in 0..<n { qj[m] /= norm }
        }
        var projections = [Double](repeating: 0, count: k)
        for j in 0..<k { projections[j] = dot(q[j], y) }
        for m in 0..<n { residuals[m] = -y[m] }
        for j in 0..<k {
            let (d, qj) = (projections[j], q[j])
            for m in 0..<n { residuals[m] += d * qj[m] }
        }
        var c = projections
        for j in stride(from: k - 1, through: 0, by: -1) {
            for i in (j + 1)..<k { c[j] -= r[j * k + i] * c[i] }
            c[j] /= r[j * k + j]
        }
        if let bad = c.firstIndex(where: { !$0.isFinite }) { return .failure(.singular(index: bad + 1)) }
        return .success(c)
    }
}
