#if canImport(Accelerate)
import Accelerate
#else
import CLAPACKE
#endif

/// The seven LAPACK routines the facade calls, on raw column-major storage, returning LAPACK's `info`.
///
/// This file is the only one that names a C symbol. On Linux the drivers come from LAPACKE over
/// OpenBLAS; on Apple platforms from Accelerate's LAPACK (the Fortran interface, whose arguments
/// are all passed by pointer). Every matrix is column-major and every triangle is the upper one.
enum Kernels {
    /// Linux and Apple's LAPACK both take characters as their ASCII codes.
    private static let upper: CChar = 85     // "U"
    private static let noTranspose: CChar = 78  // "N"

    /// `dgels`: least squares by QR for an `m × n` A with m ≥ n.
    static func dgels(_ m: Int32, _ n: Int32, _ nrhs: Int32,
                      _ a: UnsafeMutablePointer<Double>?, _ lda: Int32,
                      _ b: UnsafeMutablePointer<Double>?, _ ldb: Int32) -> Int32 {
        #if canImport(Accelerate)
        var (trans, m, n, nrhs, lda, ldb) = (noTranspose, m, n, nrhs, lda, ldb)
        var info: Int32 = 0
        var query = 0.0
        var lwork: Int32 = -1
        dgels_(&trans, &m, &n, &nrhs, a, &lda, b, &ldb, &query, &lwork, &info)
        guard info == 0 else { return info }
        lwork = Int32(max(1, query))
        var work = [Double](repeating: 0, count: Int(lwork))
        work.withUnsafeMutableBufferPointer { w in
            dgels_(&trans, &m, &n, &nrhs, a, &lda, b, &ldb, w.baseAddress, &lwork, &info)
        }
        return info
        #else
        return LAPACKE_dgels(LAPACK_COL_MAJOR, noTranspose, m, n, nrhs, a, lda, b, ldb)
        #endif
    }

    /// `dgeqrf`: the Householder QR factorisation of an `m × n` A in place (R on and above the
    /// diagonal). The `_work` entry point, with a workspace query first: the facade has already
    /// checked the entries are finite, and LAPACKE's own NaN scan would read all m·n again.
    static func dgeqrf(_ m: Int32, _ n: Int32, _ a: UnsafeMutablePointer<Double>?, _ lda: Int32,
                       _ tau: UnsafeMutablePointer<Double>?) -> Int32 {
        var query = 0.0
        #if canImport(Accelerate)
        var (m, n, lda) = (m, n, lda)
        var info: Int32 = 0
        var lwork: Int32 = -1
        dgeqrf_(&m, &n, a, &lda, tau, &query, &lwork, &info)
        guard info == 0 else { return info }
        lwork = Int32(max(1, query))
        var work = [Double](repeating: 0, count: Int(lwork))
        work.withUnsafeMutableBufferPointer { w in dgeqrf_(&m, &n, a, &lda, tau, w.baseAddress, &lwork, &info) }
        return info
        #else
        let info = LAPACKE_dgeqrf_work(LAPACK_COL_MAJOR, m, n, a, lda, tau, &query, -1)
        guard info == 0 else { return info }
        let lwork = Int32(max(1, query))
        var work = [Double](repeating: 0, count: Int(lwork))
        return work.withUnsafeMutableBufferPointer { w in
            LAPACKE_dgeqrf_work(LAPACK_COL_MAJOR, m, n, a, lda, tau, w.baseAddress, lwork)
        }
        #endif
    }

    /// `dgesv`: LU with partial pivoting for a square A.
    static func dgesv(_ n: Int32, _ nrhs: Int32, _ a: UnsafeMutablePointer<Double>?, _ lda: Int32,
                      _ pivots: UnsafeMutablePointer<Int32>?,
                      _ b: UnsafeMutablePointer<Double>?, _ ldb: Int32) -> Int32 {
        #if canImport(Accelerate)
        var (n, nrhs, lda, ldb) = (n, nrhs, lda, ldb)
        var info: Int32 = 0
        dgesv_(&n, &nrhs, a, &lda, pivots, b, &ldb, &info)
        return info
        #else
        return LAPACKE_dgesv(LAPACK_COL_MAJOR, n, nrhs, a, lda, pivots, b, ldb)
        #endif
    }

    /// `dposv`: Cholesky for a symmetric positive-definite A given by its upper triangle.
    static func dposv(_ n: Int32, _ nrhs: Int32, _ a: UnsafeMutablePointer<Double>?, _ lda: Int32,
                      _ b: UnsafeMutablePointer<Double>?, _ ldb: Int32) -> Int32 {
        #if canImport(Accelerate)
        var (uplo, n, nrhs, lda, ldb) = (upper, n, nrhs, lda, ldb)
        var info: Int32 = 0
        dposv_(&uplo, &n, &nrhs, a, &lda, b, &ldb, &info)
        return info
        #else
        return LAPACKE_dposv(LAPACK_COL_MAJOR, upper, n, nrhs, a, lda, b, ldb)
        #endif
    }

    /// `dpbsv`: banded Cholesky solve; `ab` holds the upper band, `kd` super-diagonals.
    static func dpbsv(_ n: Int32, _ kd: Int32, _ nrhs: Int32, _ ab: UnsafeMutablePointer<Double>?, _ ldab: Int32,
                      _ b: UnsafeMutablePointer<Double>?, _ ldb: Int32) -> Int32 {
        #if canImport(Accelerate)
        var (uplo, n, kd, nrhs, ldab, ldb) = (upper, n, kd, nrhs, ldab, ldb)
        var info: Int32 = 0
        dpbsv_(&uplo, &n, &kd, &nrhs, ab, &ldab, b, &ldb, &info)
        return info
        #else
        return LAPACKE_dpbsv(LAPACK_COL_MAJOR, upper, n, kd, nrhs, ab, ldab, b, ldb)
        #endif
    }

    /// `dpbtrf`: the banded Cholesky factor, in place.
    static func dpbtrf(_ n: Int32, _ kd: Int32, _ ab: UnsafeMutablePointer<Double>?, _ ldab: Int32) -> Int32 {
        #if canImport(Accelerate)
        var (uplo, n, kd, ldab) = (upper, n, kd, ldab)
        var info: Int32 = 0
        dpbtrf_(&uplo, &n, &kd, ab, &ldab, &info)
        return info
        #else
        return LAPACKE_dpbtrf(LAPACK_COL_MAJOR, upper, n, kd, ab, ldab)
        #endif
    }

    /// `dpbtrs`: solves with a factor from ``dpbtrf(_:_:_:_:)``, which it does not modify.
    static func dpbtrs(_ n: Int32, _ kd: Int32, _ nrhs: Int32, _ ab: UnsafePointer<Double>?, _ ldab: Int32,
                       _ b: UnsafeMutablePointer<Double>?, _ ldb: Int32) -> Int32 {
        #if canImport(Accelerate)
        var (uplo, n, kd, nrhs, ldab, ldb) = (upper, n, kd, nrhs, ldab, ldb)
        var info: Int32 = 0
        dpbtrs_(&uplo, &n, &kd, &nrhs, UnsafeMutablePointer(mutating: ab), &ldab, b, &ldb, &info)
        return info
        #else
        return LAPACKE_dpbtrs(LAPACK_COL_MAJOR, upper, n, kd, nrhs, ab, ldab, b, ldb)
        #endif
    }
}
