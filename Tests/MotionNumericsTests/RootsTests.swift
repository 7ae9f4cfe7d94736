import Foundation
import MotionNumerics
import Testing

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

    /// A root a rounding error away from a point already evaluated: f(x) = (x − 0.7) + 10⁻²⁰ has
    /// its root 10⁻²⁰ below 0.7, so Newton from anywhere lands on 0.7 itself, which is an end
    /// of the bracket once the start 0.7 has been evaluated, never strictly inside it. Bisecting
    /// from the far end at each step would take 53 evaluations; the probe just inside 0.7 closes
    /// the bracket with one more value. Either way the result is 0.7 or the double below it.
    @Test func rootNextToAnEvaluatedEnd() throws {
        var evaluations = 0
        let root = try #require(Roots.newtonBisection(between: 0, and: 1, values: (-0.7, 0.3), start: 0.7) { x in
            evaluations += 1
            return ((x - 0.7) + 1e-20, 1)
        })
        #expect(root == 0.7 || root == 0.7.nextDown)
        #expect(evaluations <= 3, "\(evaluations) evaluations")
    }

    /// Newton converging from one side (e^x − 2 is convex, so every iterate from the right
    /// stays right of ln 2) still ends on the root's neighbours, in a handful of evaluations.
    @Test func oneSidedConvergence() throws {
        var evaluations = 0
        let root = try #require(Roots.newtonBisection(between: 0, and: 10, values: (-1, exp(10) - 2), start: 3) { x in
            evaluations += 1
            return (exp(x) - 2, exp(x))
        })
        // ln 2 = 0.693147180559945309417232121458… (to 30 digits).
        #expect(Floating.ulpDistance(root, 0.693147180559945309417232121458) <= 1)
        #expect(evaluations <= 10, "\(evaluations) evaluations")
    }

    /// The probe never costs the bracket: over random starts for x³ − c (c in (0, 8)), the
    /// result sits at the sign change of f as computed (monotone: each rounding is), within
    /// 4 ulps of cbrt(c) (libm, independent; f's own rounding moves its sign change by up to
    /// ~3 ulps), in at most 16 evaluations (13 on these cases, and over 20 000 such cases; before
    /// the probe, bisecting down from the far end took up to 61 on these).
    @Test func probedResultsStayBracketed() throws {
        var state: UInt64 = 0x5EED
        func unit() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) * 0x1p-53
        }
        var most = 0
        for _ in 0..<2000 {
            let c = 8 * unit() + 1e-3
            let start = 2.5 * unit()
            var evaluations = 0
            let root = try #require(Roots.newtonBisection(between: 0, and: 2.5, values: (-c, 2.5 * 2.5 * 2.5 - c), start: start) { x in
                evaluations += 1
                return (x * x * x - c, 3 * x * x)
            })
            most = max(most, evaluations)
            let (below, above) = (root.nextDown, root.nextUp)
            #expect(below * below * below - c <= 0 && above * above * above - c >= 0, "c = \(c), start \(start): \(root)")
            #expect(Floating.ulpDistance(root, cbrt(c)) <= 4, "c = \(c), start \(start): \(root) against \(cbrt(c))")
        }
        #expect(most <= 16, "up to \(most) evaluations")
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
