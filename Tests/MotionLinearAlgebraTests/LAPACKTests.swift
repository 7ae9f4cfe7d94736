import MotionLinearAlgebra
import MotionNumerics
import Foundation
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

    /// A = [[3, 1], [4, 2], [0, 5]] by Gram–Schmidt on paper: ‖a₁‖ = 5, q₁ = (3, 4, 0)/5,
    /// r₁₂ = q₁·a₂ = 11/5, a₂ − r₁₂q₁ = (−0.32, 0.24, 5), r₂₂ = √25.16 (rows up to sign).
    @Test func triangularFactorByHand() throws {
        let r = try LAPACK.triangularFactor(try Matrix([[3, 1], [4, 2], [0, 5]]))
        #expect(r.rows == 2 && r.columns == 2)
        #expect(abs(abs(r[0, 0]) - 5) < 1e-14)
        #expect(abs((r[0, 0] < 0 ? -r[0, 1] : r[0, 1]) - 2.2) < 1e-14)
        #expect(abs(abs(r[1, 1]) - 25.16.squareRoot()) < 1e-14)
        #expect(r[1, 0] == 0)
        // A wide matrix gives its upper-trapezoidal 1 × 2 factor.
        let wide = try LAPACK.triangularFactor(try Matrix([[3, 4]]))
        #expect(wide.rows == 1 && abs(abs(wide[0, 0]) - 3) < 1e-15 && abs(abs(wide[0, 1]) - 4) < 1e-15)
        #expect(throws: LAPACKError.self) { try LAPACK.triangularFactor(try Matrix([[1, .infinity]])) }
    }

    /// Factoring [A | b] gives Qᵀb as the last column of R, so R x = Qᵀb solves the least-squares
    /// problem: the netlib example's first column again, X = (2, 1, 1).
    @Test func triangularFactorOfTheAugmentedMatrixSolvesLeastSquares() throws {
        let r = try LAPACK.triangularFactor(try Matrix([[1, 1, 1, -10], [2, 3, 4, 12], [3, 5, 2, 14], [4, 2, 5, 16], [5, 4, 3, 18]]))
        var x = [0.0, 0, 0]
        for i in stride(from: 2, through: 0, by: -1) {
            var s = r[i, 3]
            for c in (i + 1)..<3 { s -= r[i, c] * x[c] }
            x[i] = s / r[i, i]
        }
        for (found, expected) in zip(x, [2.0, 1, 1]) { #expect(abs(found - expected) < 1e-13, "\(x)") }
    }

    /// Levenberg–Marquardt on y = 2·e^{−1.5t} sampled exactly: the minimum is (2, −1.5) with zero
    /// cost; with b bounded above by −2 the minimum sits on the bound, with a the least-squares
    /// amplitude for b = −2, Σyᵢeᵢ/Σeᵢ² (eᵢ = e^{−2tᵢ}), worked out here in the test.
    @Test func levenbergMarquardtFindsAKnownMinimum() throws {
        let t = (0..<50).map { Double($0) / 10 }
        let y = t.map { 2 * exp(-1.5 * $0) }
        func residuals(_ p: [Double]) -> [Double] { zip(t, y).map { p[0] * exp(p[1] * $0.0) - $0.1 } }
        func jacobian(_ p: [Double]) -> Matrix {
            var j = Matrix(rows: t.count, columns: 2)
            for (i, ti) in t.enumerated() {
                j[i, 0] = exp(p[1] * ti)
                j[i, 1] = p[0] * ti * exp(p[1] * ti)
            }
            return j
        }
        let free = try LevenbergMarquardt.minimize(initial: [1, -0.5], residuals: residuals, jacobian: jacobian)
        #expect(free.converged)
        #expect(abs(free.parameters[0] - 2) < 1e-9 && abs(free.parameters[1] + 1.5) < 1e-9, "\(free.parameters)")
        let bounded = try LevenbergMarquardt.minimize(initial: [1, -3], upper: [.infinity, -2], residuals: residuals, jacobian: jacobian)
        let e = t.map { exp(-2 * $0) }
        let amplitude = zip(y, e).reduce(0) { $0 + $1.0 * $1.1 } / e.reduce(0) { $0 + $1 * $1 }
        #expect(bounded.parameters[1] == -2)
        #expect(abs(bounded.parameters[0] - amplitude) < 1e-9, "\(bounded.parameters) vs \(amplitude)")
        // Forward differences reach the same minimum.
        let numeric = try LevenbergMarquardt.minimize(initial: [1, -0.5], residuals: residuals)
        #expect(abs(numeric.parameters[0] - 2) < 1e-6 && abs(numeric.parameters[1] + 1.5) < 1e-6, "\(numeric.parameters)")
    }

    /// With noise the minimum has a non-zero cost, and finite differences find the minimum of
    /// their own gradient: off by O(h) for forward differences, O(h²) for central ones. Against
    /// the analytic Jacobian's minimum, with a coarse step h = 1e-4 so that the orders show.
    @Test func centralDifferencesFindTheMinimumItself() throws {
        let t = (0..<50).map { Double($0) / 10 }
        let y = t.enumerated().map { i, ti in 2 * exp(-1.5 * ti) + 0.01 * sin(7.3 * Double(i)) }
        func residuals(_ p: [Double]) -> [Double] { zip(t, y).map { p[0] * exp(p[1] * $0.0) - $0.1 } }
        let exact = try LevenbergMarquardt.minimize(initial: [1, -0.5], residuals: residuals) { p in
            var j = Matrix(rows: t.count, columns: 2)
            for (i, ti) in t.enumerated() { (j[i, 0], j[i, 1]) = (exp(p[1] * ti), p[0] * ti * exp(p[1] * ti)) }
            return j
        }
        let steps = [1e-4, 1e-4]
        let forward = try LevenbergMarquardt.minimize(initial: [1, -0.5], steps: steps, residuals: residuals)
        let central = try LevenbergMarquardt.minimize(initial: [1, -0.5], steps: steps, centralDifferences: true, residuals: residuals)
        func distance(_ p: [Double]) -> Double { max(abs(p[0] - exact.parameters[0]), abs(p[1] - exact.parameters[1])) }
        #expect(distance(central.parameters) < 1e-8, "\(central.parameters) vs \(exact.parameters)")
        #expect(distance(forward.parameters) > 100 * distance(central.parameters), "\(forward.parameters)")
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
