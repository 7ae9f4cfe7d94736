import MotionLinearAlgebra
import MotionNumerics
import Testing

@Suite("LAPACK facade")
struct LAPACKTests {
    /// The netlib `dgels` example: A (5×3), B (5×2) has the exact least-squares solution
    /// X = [[2, 1], [1, 1], [1, 2]] (the residual is orthogonal to A's columns).
    @Test func netlibLeastSquaresExample() throws {
        let a = try Matrix([[1, 1, 1], [2, 3, 4], [3, 5, 2], [4, 2, 5], [5, 4, 3]])
        let b = try Matrix([[-10, -3], [12, 14], [14, 12], [16, 16], [18, 16]])
        let x = try LAPACK.leastSquares(a, b)
        let expected: [[Double]] = [[2, 1], [1, 1], [1, 2]]
        #expect(x.rows == 3 && x.columns == 2)
        for i in 0..<3 {
            for j in 0..<2 {
                #expect(abs(x[i, j] - expected[i][j]) < 1e-13, "X[\(i),\(j)] = \(x[i, j])")
            }
        }
    }

    @Test func squareSolve() throws {
        // 2x + y = 5, x + 3y = 10 → (1, 3).
        let x = try LAPACK.solve(try Matrix([[2, 1], [1, 3]]), Matrix(column: [5, 10]))
        #expect(abs(x[0, 0] - 1) < 1e-15 && abs(x[1, 0] - 3) < 1e-15)
    }

    @Test func symmetricPositiveDefiniteSolve() throws {
        // [[4, 2], [2, 3]] x = [2, 1] → x = (0.5, 0).
        let x = try LAPACK.solveSymmetricPositiveDefinite(try Matrix([[4, 2], [2, 3]]), Matrix(column: [2, 1]))
        #expect(abs(x[0, 0] - 0.5) < 1e-15 && abs(x[1, 0]) < 1e-15)
    }

    /// The tridiagonal [−1, 2, −1] system of order 5 with right-hand side e1 + e5 has solution all ones.
    @Test func bandedSymmetricPositiveDefiniteSolve() throws {
        let n = 5, kd = 1
        var band = [Double](repeating: 0, count: (kd + 1) * n)
        for j in 0..<n {
            band[kd + j * (kd + 1)] = 2  // diagonal
            if j > 0 { band[(kd - 1) + j * (kd + 1)] = -1 }  // super-diagonal (j − 1, j)
        }
        let x = try LAPACK.solveBandedSymmetricPositiveDefinite(band: band, bandwidth: kd, rhs: [1, 0, 0, 0, 1])
        for value in x { #expect(abs(value - 1) < 1e-14) }
    }

    @Test func errorsAreTypedNotTraps() throws {
        #expect(throws: LAPACKError.singular(index: 2)) {
            try LAPACK.solve(try Matrix([[1, 2], [2, 4]]), Matrix(column: [1, 2]))
        }
        #expect(throws: LAPACKError.notPositiveDefinite(order: 2)) {
            try LAPACK.solveSymmetricPositiveDefinite(try Matrix([[1, 2], [2, 1]]), Matrix(column: [1, 1]))
        }
        #expect(throws: LAPACKError.self) {
            try LAPACK.leastSquares(try Matrix([[1, .nan], [0, 1], [1, 1]]), Matrix(column: [1, 2, 3]))
        }
        #expect(throws: LAPACKError.self) {
            try LAPACK.leastSquares(try Matrix([[1, 2]]), Matrix(column: [1]))  // fewer rows than columns
        }
        #expect(throws: LAPACKError.dimensionMismatch("row 1 has 1 entries; row 0 has 2")) {
            try Matrix([[1, 2], [3]])
        }
    }
}

@Suite("Roots and ulps")
struct RootsTests {
    @Test func cubeRootOfTwoToTheLastBit() throws {
        let root = try #require(Roots.newtonBisection(between: 0, and: 2) { x in (x * x * x - 2, 3 * x * x) })
        // 2^(1/3) = 1.2599210498948731647672106… (to 25 digits; the nearest double is below).
        #expect(Floating.ulpDistance(root, 1.2599210498948731647672106) <= 1)
    }

    @Test func bisectionFallbackForFlatDerivative() throws {
        // f(x) = x³ has f'(0) = 0 at the root: Newton alone would stall or divide by zero.
        let root = try #require(Roots.newtonBisection(between: -1, and: 3) { x in (x * x * x, 3 * x * x) })
        #expect(abs(root) < 1e-30)  // a triple root: Newton converges linearly, the bracket still holds it
    }

    @Test func noBracketGivesNil() {
        #expect(Roots.newtonBisection(between: 1, and: 2) { x in (x * x + 1, 2 * x) } == nil)
        #expect(Roots.newtonBisection(between: .nan, and: 2) { x in (x, 1) } == nil)
    }

    static let ulpCases: [(Double, Double, UInt64)] = [
        (1.0, 1.0, 0), (1.0, 1.0.nextUp, 1), (0.0, -0.0, 0),
        (Double.leastNonzeroMagnitude, -Double.leastNonzeroMagnitude, 2), (1.0, 1.0 + 4 * Double.ulpOfOne, 4),
    ]

    @Test(arguments: ulpCases)
    func ulpDistance(a: Double, b: Double, expected: UInt64) {
        #expect(Floating.ulpDistance(a, b) == expected)
        #expect(Floating.ulpDistance(b, a) == expected)
    }
}
