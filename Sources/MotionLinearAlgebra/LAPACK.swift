/// A typed, throwing facade over the few LAPACK drivers MotionLab uses.
///
/// Every routine copies its operands, so callers keep value semantics; the copies are the
/// workspace LAPACK overwrites. Shapes and finiteness are checked before the call, and
/// LAPACK's `info` codes come back as ``LAPACKError`` values rather than traps.
public enum LAPACK {
    /// The least-squares solution of the overdetermined system `A X ≈ B` (LAPACK `dgels`, QR).
    ///
    /// - Parameters:
    ///   - a: an `m × n` matrix with `m ≥ n` and full column rank.
    ///   - b: an `m × k` matrix of right-hand sides.
    /// - Returns: the `n × k` matrix X minimising ‖A X − B‖₂ column by column.
    public static func leastSquares(_ a: Matrix, _ b: Matrix) throws(LAPACKError) -> Matrix {
        let m = a.rows, n = a.columns, k = b.columns
        guard b.rows == m else {
            throw .dimensionMismatch("A is \(m)×\(n) but B has \(b.rows) rows")
        }
        guard m >= n, n > 0 else {
            throw .dimensionMismatch("least squares needs rows ≥ columns > 0; A is \(m)×\(n)")
        }
        try requireFinite(a, "A")
        try requireFinite(b, "B")
        var aa = a.storage
        var bb = b.storage
        let info = aa.withUnsafeMutableBufferPointer { ap in
            bb.withUnsafeMutableBufferPointer { bp in
                Kernels.dgels(Int32(m), Int32(n), Int32(k),
                              ap.baseAddress, Int32(max(1, m)), bp.baseAddress, Int32(max(1, m)))
            }
        }
        try check(info, routine: "dgels") { .singular(index: Int($0)) }
        var x = Matrix(rows: n, columns: k)
        for j in 0..<k {
            for i in 0..<n { x[i, j] = bb[i + j * m] }
        }
        return x
    }

    /// The triangular factor R of the QR factorisation A = QR (LAPACK `dgeqrf`, Householder).
    ///
    /// For a tall A (m ≫ n) the `n × n` R carries everything a least-squares problem in A needs:
    /// ‖A x − b‖² = ‖R x − Qᵀb‖² + ‖b‖² − ‖Qᵀb‖², and factoring `[A | b]` gives Qᵀb as the last
    /// column of its R. So a problem re-solved many times with the same A (Levenberg–Marquardt's
    /// damping trials) reads the m rows once.
    ///
    /// - Parameter a: an `m × n` matrix with finite entries.
    /// - Returns: the `min(m, n) × n` upper-trapezoidal R (zeros below the diagonal); its rows
    ///   are determined up to sign.
    public static func triangularFactor(_ a: Matrix) throws(LAPACKError) -> Matrix {
        var storage = a.storage
        return try triangularFactor(overwriting: &storage, rows: a.rows, columns: a.columns)
    }

    /// ``triangularFactor(_:)`` on column-major storage that it overwrites, for callers that
    /// built the matrix only to factor it (no copy of the m·n entries).
    static func triangularFactor(overwriting storage: inout [Double], rows m: Int, columns n: Int) throws(LAPACKError) -> Matrix {
        guard m > 0, n > 0, storage.count == m * n else {
            throw .dimensionMismatch("QR needs a non-empty matrix with rows·columns entries; A is \(m)×\(n) with \(storage.count)")
        }
        if let index = storage.firstIndex(where: { !$0.isFinite }) {
            throw .nonFiniteInput("A[\(index % m), \(index / m)] is \(storage[index])")
        }
        var tau = [Double](repeating: 0, count: min(m, n))
        let info = storage.withUnsafeMutableBufferPointer { ap in
            tau.withUnsafeMutableBufferPointer { tp in
                Kernels.dgeqrf(Int32(m), Int32(n), ap.baseAddress, Int32(m), tp.baseAddress)
            }
        }
        try check(info, routine: "dgeqrf") { .singular(index: Int($0)) }
        let k = min(m, n)
        var r = Matrix(rows: k, columns: n)
        for j in 0..<n {
            for i in 0...min(j, k - 1) { r.storage[i + j * k] = storage[i + j * m] }
        }
        return r
    }

    /// The solution of the square system `A X = B` by LU with partial pivoting (LAPACK `dgesv`).
    public static func solve(_ a: Matrix, _ b: Matrix) throws(LAPACKError) -> Matrix {
        let n = try requireSquareSystem(a, b)
        var aa = a.storage
        var x = b
        var pivots = [Int32](repeating: 0, count: n)
        let info = aa.withUnsafeMutableBufferPointer { ap in
            x.storage.withUnsafeMutableBufferPointer { bp in
                pivots.withUnsafeMutableBufferPointer { pp in
                    Kernels.dgesv(Int32(n), Int32(b.columns), ap.baseAddress, Int32(n),
                                  pp.baseAddress, bp.baseAddress, Int32(n))
                }
            }
        }
        try check(info, routine: "dgesv") { .singular(index: Int($0)) }
        return x
    }

    /// The solution of `A X = B` for symmetric positive-definite A by Cholesky (LAPACK `dposv`).
    /// Only the upper triangle of `a` is read.
    public static func solveSymmetricPositiveDefinite(_ a: Matrix, _ b: Matrix) throws(LAPACKError) -> Matrix {
        let n = try requireSquareSystem(a, b)
        var aa = a.storage
        var x = b
        let info = aa.withUnsafeMutableBufferPointer { ap in
            x.storage.withUnsafeMutableBufferPointer { bp in
                Kernels.dposv(Int32(n), Int32(b.columns), ap.baseAddress,
                              Int32(n), bp.baseAddress, Int32(n))
            }
        }
        try check(info, routine: "dposv") { .notPositiveDefinite(order: Int($0)) }
        return x
    }

    /// The solution of `A x = b` for a symmetric positive-definite band matrix (LAPACK `dpbsv`).
    ///
    /// - Parameters:
    ///   - band: the upper band in LAPACK's band storage: a `(bandwidth + 1) × n` column-major
    ///     array where entry (i, j) of A with `max(0, j − bandwidth) ≤ i ≤ j` sits at
    ///     `band[(bandwidth + i − j) + j * (bandwidth + 1)]`.
    ///   - kd: the number of super-diagonals (the bandwidth).
    ///   - rhs: the right-hand side, `n` entries.
    /// - Complexity: O(n·kd²) time, O(n·kd) memory.
    public static func solveBandedSymmetricPositiveDefinite(
        band: [Double], bandwidth kd: Int, rhs: [Double]
    ) throws(LAPACKError) -> [Double] {
        let n = rhs.count
        guard n > 0, kd >= 0, band.count == (kd + 1) * n else {
            throw .dimensionMismatch("band storage needs (kd + 1)·n = \((kd + 1) * n) entries; got \(band.count)")
        }
        guard band.allSatisfy(\.isFinite) else { throw .nonFiniteInput("band matrix") }
        guard rhs.allSatisfy(\.isFinite) else { throw .nonFiniteInput("right-hand side") }
        var ab = band
        var x = rhs
        let info = ab.withUnsafeMutableBufferPointer { ap in
            x.withUnsafeMutableBufferPointer { bp in
                Kernels.dpbsv(Int32(n), Int32(kd), 1, ap.baseAddress,
                              Int32(kd + 1), bp.baseAddress, Int32(n))
            }
        }
        try check(info, routine: "dpbsv") { .notPositiveDefinite(order: Int($0)) }
        return x
    }

    /// The order n of the square system A X = B, after checking shapes and finiteness.
    private static func requireSquareSystem(_ a: Matrix, _ b: Matrix) throws(LAPACKError) -> Int {
        let n = a.rows
        guard a.columns == n, n > 0 else {
            throw .dimensionMismatch("A must be square and non-empty; it is \(a.rows)×\(a.columns)")
        }
        guard b.rows == n else { throw .dimensionMismatch("A is \(n)×\(n) but B has \(b.rows) rows") }
        try requireFinite(a, "A")
        try requireFinite(b, "B")
        return n
    }

    private static func requireFinite(_ m: Matrix, _ name: String) throws(LAPACKError) {
        if let index = m.storage.firstIndex(where: { !$0.isFinite }) {
            throw .nonFiniteInput("\(name)[\(index % max(m.rows, 1)), \(index / max(m.rows, 1))] is \(m.storage[index])")
        }
    }

    private static func check(
        _ info: Int32, routine: String, positive: (Int32) -> LAPACKError
    ) throws(LAPACKError) {
        if info < 0 { throw .invalidArgument(routine: routine, index: Int(-info)) }
        if info > 0 { throw positive(info) }
    }
}
