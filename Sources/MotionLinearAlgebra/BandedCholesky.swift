/// The Cholesky factor of a symmetric positive-definite band matrix (LAPACK `dpbtrf`), kept so
/// that several right-hand sides — an iterative refinement, say — reuse one factorisation.
public struct BandedCholesky: Sendable {
    /// Order of the matrix.
    public let order: Int
    /// Number of super-diagonals.
    public let bandwidth: Int
    private var factor: [Double]

    /// Factors A given by its upper band in LAPACK band storage (see
    /// ``LAPACK/solveBandedSymmetricPositiveDefinite(band:bandwidth:rhs:)``).
    /// - Complexity: O(n·kd²).
    public init(band: [Double], bandwidth kd: Int, order n: Int) throws(LAPACKError) {
        guard n > 0, kd >= 0, band.count == (kd + 1) * n else {
            throw .dimensionMismatch("band storage needs (kd + 1)·n = \((kd + 1) * n) entries; got \(band.count)")
        }
        guard band.allSatisfy(\.isFinite) else { throw .nonFiniteInput("band matrix") }
        var ab = band
        let info = ab.withUnsafeMutableBufferPointer { ap in
            Kernels.dpbtrf(Int32(n), Int32(kd), ap.baseAddress, Int32(kd + 1))
        }
        if info < 0 { throw .invalidArgument(routine: "dpbtrf", index: Int(-info)) }
        if info > 0 { throw .notPositiveDefinite(order: Int(info)) }
        order = n
        bandwidth = kd
        factor = ab
    }

    /// The solution x of A x = b.
    public func solve(_ rhs: [Double]) throws(LAPACKError) -> [Double] {
        guard rhs.count == order else { throw .dimensionMismatch("A has order \(order) but b has \(rhs.count) entries") }
        guard rhs.allSatisfy(\.isFinite) else { throw .nonFiniteInput("right-hand side") }
        var x = rhs
        let info = factor.withUnsafeBufferPointer { ap in
            x.withUnsafeMutableBufferPointer { bp in
                Kernels.dpbtrs(Int32(order), Int32(bandwidth), 1, ap.baseAddress,
                               Int32(bandwidth + 1), bp.baseAddress, Int32(order))
            }
        }
        if info < 0 { throw .invalidArgument(routine: "dpbtrs", index: Int(-info)) }
        return x
    }
}
