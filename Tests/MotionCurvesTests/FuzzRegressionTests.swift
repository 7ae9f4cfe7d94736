import MotionCurves
import MotionNumerics
import Testing

/// Regressions found by fuzzing the solver with nearly degenerate control polygons (x1, x2 tiny but
/// nonzero, or within a few ulps of 1), tiny and subnormal x, and x just below 1.
///
/// Before the fix, cubic-bezier(7.7e-304, …, 7.7e-304, …) solved x = 7.748604185489354e-304 to
/// t = 0 (x(0) = 0, an error of x itself, and smaller than t at a smaller x): the table guess in the
/// first interval followed the curve's linear regime x ≈ 3x1·t (5.9e-302) while the root lies in
/// the cubic regime t ≈ ∛x (9.2e-102); the bracketed path then crawled by factors of two (Halley's
/// method far from a root of t³ = x) and ran out of iterations with the bracket still spanning
/// [0, 6e-93], and its "nearer of two adjacent doubles" answer picked 0.
@Suite("Solver fuzz regressions")
struct FuzzRegressionTests {
    /// Near-degenerate x polygons: tiny (normal and subnormal) control points at the start, their
    /// mirror images at the end, one tiny and one ordinary, and a few that are merely small.
    static let polygons: [(Double, Double)] = [
        (7.748604185489362e-304, 7.748604185489348e-304),
        (1e-300, 1e-300), (1e-160, 1e-160), (1e-100, 3e-100), (1e-20, 1e-20), (1e-9, 1e-9),
        (.leastNonzeroMagnitude, .leastNonzeroMagnitude), (1e-310, 2e-310),
        (1e-300, 0), (0, 1e-300), (1e-300, 0.5), (0.5, 1e-300), (1e-300, 1), (0, 1e-160),
        (1e-5, 0.3), (0.01, 0.5), (0.01, 0.01),
        (1.0.nextDown, 1.0.nextDown), (1 - 3 * 0x1p-53, 1 - 0x1p-53), (1 - 1e-12, 1 - 1e-12),
        (1.0.nextDown, 1), (1, 1.0.nextDown), (0.5, 1.0.nextDown), (1.0.nextDown, 0.5),
        (1e-300, 1.0.nextDown), (1.0.nextDown, 1e-300), (0, 1.0.nextDown), (1.0.nextDown, 0),
    ]

    /// The x values of the sweeps: from the least subnormal upward by factors of 1.37 (with both
    /// neighbours of each), every power of two, and the mirror image near 1 (1 − 2⁻ᵏ, 1 − 10⁻ᵏ and
    /// the doubles just below 1), sorted.
    static let sweep: [Double] = {
        var xs: [Double] = [.leastNonzeroMagnitude, 2 * .leastNonzeroMagnitude, 3 * .leastNonzeroMagnitude,
                            Double.leastNormalMagnitude, Double.leastNormalMagnitude.nextDown]
        var x = 1e-323
        while x < 1 {
            xs += [x.nextDown, x, x.nextUp]
            x *= 1.37
        }
        for k in 1...1074 { xs.append(Double(sign: .plus, exponent: -k, significand: 1)) }
        for k in 1...53 { xs.append(1 - Double(sign: .plus, exponent: -k, significand: 1)) }
        for k in 1...16 { xs.append(1 - Double("1e-\(k)")!) }
        var y = 1.0
        for _ in 0..<64 { y = y.nextDown; xs.append(y) }
        return Array(Set(xs.filter { $0 > 0 && $0 < 1 })).sorted()
    }()

    /// The fuzzer's case: the right root, and monotone.
    @Test func reportedCase() throws {
        let c = try CubicBezier(x1: 7.748604185489362e-304, y1: 7.748604185489348e-304,
                                x2: 7.748604185489348e-304, y2: 7.748604185489348e-304)
        let xa = 7.748604158221286e-304, xb = 7.748604185489354e-304
        let ta = c.solveT(forX: xa), tb = c.solveT(forX: xb)
        #expect(ta > 9.18e-102 && ta < 9.19e-102, "t(\(xa)) = \(ta)")
        #expect(tb > 9.18e-102 && tb < 9.19e-102, "t(\(xb)) = \(tb)")
        #expect(tb >= ta)
        #expect(residualULPs(c, t: ta, x: xa) <= 4)
        #expect(residualULPs(c, t: tb, x: xb) <= 4)
    }

    /// For every polygon and every x of the sweep: |x(t) − x| ≤ 4 ulp(x) in (nearly) exact
    /// arithmetic, t in [0, 1], t monotone in x, and no NaN in t, y or the batch variants; t(0) = 0
    /// and t(1) = 1 exactly.
    @Test(arguments: polygons.indices)
    func sweepNearDegenerate(_ index: Int) throws {
        let (x1, x2) = Self.polygons[index]
        let c = try CubicBezier(x1: x1, y1: 0.25, x2: x2, y2: 0.75)
        let xs = Self.sweep
        let ts = c.solveT(forX: xs)
        #expect(c.solveT(forX: 0) == 0 && c.solveT(forX: 1) == 1)
        var failures = 0
        var worst = 0.0
        for (k, x) in xs.enumerated() {
            let t = ts[k]
            let error = residualULPs(c, t: t, x: x)
            worst = Swift.max(worst, error)
            if !(t >= 0 && t <= 1) || !(error <= 4) || (k > 0 && t < ts[k - 1]) {
                failures += 1
                if failures <= 5 {
                    Issue.record("\(c): x = \(x) → t = \(t), |x(t) − x| = \(error) ulp, previous t = \(k > 0 ? ts[k - 1] : 0)")
                }
            }
        }
        #expect(failures == 0, "\(failures) failures for \(c)")
        #expect(!c.y(forX: xs).contains { $0.isNaN })
        #expect(ts == xs.map(c.solveT(forX:)))
        print("\(c): worst |x(t) − x| = \(worst) ulp(x) over \(xs.count) x")
    }

    /// Random near-degenerate polygons (control points log-uniform down to the subnormals, or that
    /// close to 1) at random log-uniform x near either end, sorted so monotonicity is checked too.
    @Test func randomNearDegenerate() throws {
        var random = SplitMix64(seed: 0x5EED_BEE2)
        func tiny() -> Double {
            let v = Double(sign: .plus, exponent: -Int(random.next() % 1074), significand: 1 + random.unit())
            return v
        }
        func coordinate() -> Double {
            switch random.next() % 6 {
            case 0: return tiny()
            case 1: return 1 - Swift.min(tiny(), 0.5)
            case 2: return random.unit()
            case 3: return 0
            case 4: return 1
            default: return (1.0 - Double(random.next() % 8) * 0x1p-53)
            }
        }
        var failures = 0
        for _ in 0..<300 {
            let x1 = Swift.min(coordinate(), 1), x2 = Swift.min(coordinate(), 1)
            let c = try CubicBezier(x1: x1, y1: 0, x2: x2, y2: 1)
            var xs: [Double] = (0..<200).map { _ in tiny() }.filter { $0 < 1 }
            xs += xs.map { 1 - Swift.min($0, 0.5) }
            xs += (0..<50).map { _ in random.unit() }
            xs.sort()
            let ts = c.solveT(forX: xs)
            for (k, x) in xs.enumerated() {
                let t = ts[k], error = residualULPs(c, t: t, x: x)
                if !(error <= 4) || (k > 0 && t < ts[k - 1]) || c.y(forX: x).isNaN {
                    failures += 1
                    if failures <= 10 { Issue.record("\(c): x = \(x) → t = \(t), \(error) ulp, previous t \(k > 0 ? ts[k - 1] : 0)") }
                }
            }
        }
        #expect(failures == 0)
    }
}

/// |x(t) − x| / ulp(x), with x(t) = 3x1·t(1−t)² + 3x2·t²(1−t) + t³ in x87 extended precision where
/// it exists (every term is non-negative and 1 − t is exact, so the relative error is a few units
/// of 2⁻⁶⁴, under 1/100 ulp; the exponent range makes even subnormal x exact enough), else in
/// double-double via the solver's own compensated evaluation.
func residualULPs(_ c: CubicBezier, t: Double, x: Double) -> Double {
    guard !t.isNaN else { return .nan }
#if arch(x86_64) && !(os(Windows) || os(Android))
    let wt = Float80(t), s = 1 - Float80(t)
    let value = 3 * Float80(c.x1) * wt * s * s + 3 * Float80(c.x2) * wt * wt * s + wt * wt * wt
    return Double(abs(value - Float80(x)) / Float80(x.ulp))
#else
    return abs(c.x(atT: t) - x) / x.ulp
#endif
}

@Suite("Bezier fuzz regressions (2)")
struct BezierFuzzRegressionTests2 {
    /// FuzzNumeric: cubic-bezier(0.4, 1, 3.1e-312, 0) solved x = 1.07e-307 to t = 4.1e-171 (the root
    /// is 8.9e-308). Near such a root the residuals are subnormal; the bracketed path bisected to
    /// t = 2.5e-155 and took a Halley step that cancelled against t, leaving only the step's
    /// rounding error, 4.1e-171, which the convergence test accepted (its exact bound underflowed).
    @Test func cancellingStepNearSubnormalResiduals() throws {
        let curve = try CubicBezier(x1: 0.3999998578823579, y1: 1.0000000030124738,
                                    x2: Double(bitPattern: 0x0000_0091_9999_999A), y2: 0)  // 3.09e-312
        let xs = [1.0679919936128958e-307, 3.131513062514198e-294]
        let ts = xs.map(curve.solveT(forX:))
        for (x, t) in zip(xs, ts) { #expect(residualULPs(curve, t: t, x: x) <= 4, "x = \(x): t = \(t)") }
        #expect(ts[0] <= ts[1])
    }

    /// The same regime swept: ordinary and flushed control points, x log-uniform over the normal
    /// doubles whose roots have subnormal residuals (x below ~10⁻²⁹⁰), sorted for monotonicity.
    @Test(arguments: [(0.4, 0.0), (0.5, 1e-300), (0.42, 0.58), (1.0, 0.0), (0.05, 0.95)])
    func tinyNormalX(_ polygon: (Double, Double)) throws {
        let curve = try CubicBezier(x1: polygon.0, y1: 0, x2: polygon.1, y2: 1)
        var random = SplitMix64(seed: 0x7E11_0307)
        let xs = (0..<3000).map { _ in Double(sign: .plus, exponent: -1022 + Int(random.next() % 60),
                                             significand: 1 + random.unit()) }.sorted()
        let ts = curve.solveT(forX: xs)
        var failures = 0
        for (k, x) in xs.enumerated() where !(residualULPs(curve, t: ts[k], x: x) <= 4) || (k > 0 && ts[k] < ts[k - 1]) {
            failures += 1
            if failures <= 5 { Issue.record("\(curve): x = \(x) → t = \(ts[k]), \(residualULPs(curve, t: ts[k], x: x)) ulp") }
        }
        #expect(failures == 0)
    }

    /// FuzzNumeric: cubic-bezier(5.56e-309, 0.297, 1, 0) solved every x in [0.1, 0.5] to t = 1.
    @Test func subnormalFirstControlPoint() throws {
        let curve = try CubicBezier(x1: Double(bitPattern: 0x4000000000000), y1: 0.296875, x2: 1, y2: 0)  // 5.56e-309, subnormal
        var previous = 0.0
        for i in 1..<1000 {
            let x = Double(i) / 1000
            let t = curve.solveT(forX: x)
            #expect(t >= previous, "not monotone at x = \(x)")
            #expect(abs(curve.x(atT: t) - x) <= 4 * x.ulp, "x(t) = \(curve.x(atT: t)) for x = \(x)")
            previous = t
        }
    }
}
