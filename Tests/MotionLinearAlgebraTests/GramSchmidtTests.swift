import MotionLinearAlgebra
import Testing

@Suite("Gram–Schmidt least squares")
struct GramSchmidtTests {
    /// The netlib `dgels` example (A 5×3, first column of B): the exact least-squares solution is
    /// (2, 1, 1), and the residual is orthogonal to A's columns.
    @Test func netlibLeastSquaresExample() throws {
        let a: [[Double]] = [[1, 2, 3, 4, 5], [1, 3, 5, 2, 4], [1, 4, 2, 5, 3]]
        let y: [Double] = [-10, 12, 14, 16, 18]
        var columns = a
        var residuals = [Double](repeating: 0, count: 5)
        let c = try GramSchmidt.leastSquares(columns: &columns, data: y, residuals: &residuals)
        for (got, want) in zip(c, [2.0, 1, 1]) { #expect(abs(got - want) < 1e-13, "\(c)") }
        for i in 0..<5 {
            let fitted = 2 * a[0][i] + a[1][i] + a[2][i]
            #expect(abs(residuals[i] - (fitted - y[i])) < 1e-12, "residual \(i): \(residuals[i])")
        }
        for column in a {
            let dot = zip(column, residuals).reduce(0) { $0 + $1.0 * $1.1 }
            #expect(abs(dot) < 1e-11)
        }
    }

    @Test func dependentColumnIsSingular() {
        var columns: [[Double]] = [[1, 2, 3, 4], [2, 4, 6, 8]]
        var residuals = [Double](repeating: 0, count: 4)
        #expect(throws: LAPACKError.singular(index: 2)) {
            try GramSchmidt.leastSquares(columns: &columns, data: [1, 2, 3, 5], residuals: &residuals)
        }
    }

    @Test func mismatchedLengthsAreNamed() {
        var columns: [[Double]] = [[1, 2, 3], [1, 1]]
        var residuals = [Double](repeating: 0, count: 3)
        #expect(throws: LAPACKError.dimensionMismatch("column 2 has 2 samples, the data 3")) {
            try GramSchmidt.leastSquares(columns: &columns, data: [1, 2, 3], residuals: &residuals)
        }
    }
}
