@testable import MotionCurves
import MotionNumerics
import Testing

/// The fast path's local expansions against an independent reference: x(t) and y(t) evaluated
/// here in double-double from the Bernstein form (3p₁t(1−t)² + 3p₂t²(1−t) + t³, 1 − t exact as a
/// pair), not from the power-basis coefficients of the code under test.
@Suite("Local expansions (fast path)")
struct LocalExpansionTests {
    /// The benchmark's curves (MotionLabBenchmarks' CurveBenchmarks: the named ones, two that
    /// overshoot, four from its generator), the named CSS/SwiftUI curves, overshooting ones with
    /// y1 = −0.6, y2 = 1.6, and 30 random ones.
    static let curves: [(Double, Double, Double, Double)] = {
        var benchmark: [(Double, Double, Double, Double)] = [
            (0.42, 0, 0.58, 1), (0.25, 0.1, 0.25, 1), (0.42, 0, 1, 1), (0, 0, 0.58, 1),
            (0.68, -0.6, 0.32, 1.6), (0.34, 1.56, 0.64, 1),
        ]
        var lcg = BenchmarkGenerator(seed: 7)
        for _ in 0..<4 { benchmark.append((lcg.next(), lcg.next() * 3 - 1, lcg.next(), lcg.next() * 3 - 1)) }
        let named: [(Double, Double, Double, Double)] = [(0, 0, 1, 1), (0.25, 0.1, 0.25, 1), (0.42, 0, 1, 1), (0, 0, 0.58, 1), (0.42, 0, 0.58, 1)]
        let overshooting: [(Double, Double, Double, Double)] = [
            (0.68, -0.6, 0.32, 1.6), (0.5, -0.6, 0.5, 1.6), (0.1, -0.6, 0.9, 1.6), (0.9, -0.6, 0.1, 1.6), (0, -0.6, 1, 1.6),
        ]
        var random = SplitMix64(seed: 0x10CA_1E4B)
        let randomCurves = (0..<30).map { _ in
            (random.unit(), 3 * random.unit() - 1, random.unit(), 3 * random.unit() - 1)
        }
        return benchmark + named + overshooting + randomCurves
    }()

    /// Inputs for a curve: seeded uniform x, both neighbours of every table node, tiny x and x
    /// just below 1.
    static func inputs(seed: UInt64, count: Int = 3000) -> [Double] {
        var random = SplitMix64(seed: seed)
        var xs = (0..<count).map { _ in random.unit() }
        for k in 1..<CubicBezier.intervals {
            let node = Double(k) / Double(CubicBezier.intervals)
            xs += [node.nextDown, node, node.nextUp]
        }
        xs += (1...60).map { Double(sign: .plus, exponent: -$0, significand: 1) }
        xs += (1...52).map { 1 - Double(sign: .plus, exponent: -$0, significand: 1) }
        return xs.filter { $0 > 0 && $0 < 1 }.sorted()
    }

    /// y(forX:) is y at the returned t within (½ + ⅛)·ulp(y), plus 2⁻⁹⁶·(1 + 12|y1| + 12|y2|)
    /// where y cancels, the bound the type documents.
    @Test(arguments: curves.indices)
    func valueAtReturnedT(_ index: Int) throws {
        let (x1, y1, x2, y2) = Self.curves[index]
        let curve = try CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
        let cancellation = 0x1p-96 * (1 + 12 * abs(y1) + 12 * abs(y2))
        var worst = 0.0, failures = 0
        for x in Self.inputs(seed: UInt64(index) &+ 0xA11) {
            let t = curve.solveT(forX: x), y = curve.y(forX: x)
            let exact = bernstein(y1, y2, t)
            let error = abs((y - exact.high) - exact.low)
            worst = Swift.max(worst, error / y.ulp)
            if !(error <= 0.625 * y.ulp + cancellation) {
                failures += 1
                if failures <= 5 { Issue.record("\(curve): x = \(x), t = \(t): y = \(y), exact \(exact.high), \(error / y.ulp) ulp") }
            }
        }
        #expect(failures == 0)
        print("\(curve): worst |y − y(t)| = \(worst) ulp(y)")
    }

    /// The residual of the fast path, x(t₀) − x in plain double from the expansion, against the
    /// exact residual at the same t₀ (double-double Bernstein) and against the extended-precision
    /// residual the other paths use: where the step certifies itself it is within the 2⁻⁵⁹·x the
    /// construction proves, and everywhere its sign is right once the residual exceeds that. Most
    /// steps certify themselves (over 90 % even on the S-curve with x′(½) = 0.15).
    @Test(arguments: curves.indices.filter { $0 % 3 == 0 })
    func residualMatchesReference(_ index: Int) throws {
        let (x1, y1, x2, y2) = Self.curves[index]
        let curve = try CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
        var certified = 0, checked = 0, failures = 0
        curve.expansions.withUnsafeBufferPointer { rows in
            for x in Self.inputs(seed: UInt64(index) &+ 0xB22, count: 6000) {
                let step = curve.expandedStep(x, rows)
                guard rows[step.row + 15] > 0 else { continue }  // no expansion for this interval
                checked += 1
                let exact = bernstein(x1, x2, step.t0)
                let reference = (exact.high - x) + exact.low
                let wide = curve.residual(step.t0, minus: x)
                let allowed = 0x1p-59 * x + 0x1p-100
                var ok = !(abs(reference) > allowed) || (step.residual < 0) == (reference < 0)
                if step.certified {
                    certified += 1
                    ok = ok && abs(step.residual - reference) <= allowed && abs(step.residual - wide) <= 2 * allowed
                }
                if !ok {
                    failures += 1
                    if failures <= 5 {
                        Issue.record("\(curve): x = \(x), t₀ = \(step.t0): fast \(step.residual), exact \(reference), wide \(wide)")
                    }
                }
            }
        }
        #expect(failures == 0)
        #expect(Double(certified) >= 0.9 * Double(checked), "\(certified) of \(checked) certified for \(curve)")
    }

    /// Every certified fast step lands where the certificate says: |x(t) − x| ≤ x′·ulp(t)·(½ +
    /// 1/32) + 2⁻⁵⁸·x, x′·ulp(t) measured as the gap to the neighbouring double on the root's side.
    @Test(arguments: curves.indices.filter { $0 % 2 == 0 })
    func certifiedStepsLandNextToTheRoot(_ index: Int) throws {
        let (x1, y1, x2, y2) = Self.curves[index]
        let curve = try CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
        var failures = 0
        curve.expansions.withUnsafeBufferPointer { rows in
            for x in Self.inputs(seed: UInt64(index) &+ 0xC33, count: 6000) {
                let step = curve.expandedStep(x, rows)
                guard step.certified else { continue }
                let t = step.t
                let value = bernstein(x1, x2, t)
                let miss = abs((value.high - x) + value.low)
                let neighbour = bernstein(x1, x2, (value.high - x) + value.low < 0 ? t.nextUp : t.nextDown)
                let gap = abs((neighbour.high - value.high) + (neighbour.low - value.low))
                if !(miss <= gap * (0.5 + 1.0 / 32) + 0x1p-58 * x) {
                    failures += 1
                    if failures <= 5 { Issue.record("\(curve): x = \(x) → t = \(t): |x(t) − x| = \(miss / x.ulp) ulp(x)") }
                }
            }
        }
        #expect(failures == 0)
    }

    /// Where a row carries the value's bound (slot 18: the certificate's bound again), every step
    /// it passes is certified and its ŷ passes the least-|y| test (slot 16), as construction
    /// proves: ``CubicBezier/solveWithValue(_:_:)``'s one comparison then decides as both would.
    @Test(arguments: curves.indices)
    func valueBoundImpliesBothTests(_ index: Int) throws {
        let (x1, y1, x2, y2) = Self.curves[index]
        let curve = try CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
        var failures = 0, passed = 0
        curve.expansions.withUnsafeBufferPointer { rows in
            for x in Self.inputs(seed: UInt64(index) &+ 0xE55, count: 4000) {
                let step = curve.expandedStep(x, rows, bound: 18)
                guard step.certified else { continue }
                passed += 1
                let y = curve.expandedValue(step, rows)
                if !(rows[step.row + 18] == rows[step.row + 15] && abs(y) >= rows[step.row + 16]) {
                    failures += 1
                    if failures <= 5 { Issue.record("\(curve): x = \(x): ŷ = \(y) below \(rows[step.row + 16])") }
                }
            }
        }
        #expect(failures == 0)
        #expect(passed > 0, "\(curve): no row with a value bound was reached")
    }

    /// The batch APIs give the per-call results bit for bit (the fast path, its fallbacks and the
    /// value's fallback all included), shuffled and sorted.
    @Test(arguments: curves.indices)
    func batchesEqualPerCall(_ index: Int) throws {
        let (x1, y1, x2, y2) = Self.curves[index]
        let curve = try CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
        var xs = Self.inputs(seed: UInt64(index) &+ 0xD44, count: 2000) + [0, 1, -1, 2, .nan, 5e-324]
        var random = SplitMix64(seed: UInt64(index))
        xs.shuffle(using: &random)
        var ts = [Double](repeating: -1, count: xs.count)
        curve.solveT(forX: xs, into: &ts)
        let ys = curve.y(forX: xs)
        for (k, x) in xs.enumerated() {
            let t = curve.solveT(forX: x), y = curve.y(forX: x)
            #expect(ts[k].bitPattern == t.bitPattern, "\(curve): t(\(x)) batch \(ts[k]), per call \(t)")
            #expect(ys[k].bitPattern == y.bitPattern, "\(curve): y(\(x)) batch \(ys[k]), per call \(y)")
        }
    }

    /// y(forX:) never decreases where y(t) cannot (y control points in [0, 1]), over dense sorted
    /// inputs that cross every table node and every change of path.
    @Test func valuesMonotoneWhereTheCurveIs() throws {
        var monotone = Self.curves.filter { (0...1).contains($0.1) && (0...1).contains($0.3) }
        var random = SplitMix64(seed: 0x3010_70AE)
        monotone += (0..<20).map { _ in (random.unit(), random.unit(), random.unit(), random.unit()) }
        for (x1, y1, x2, y2) in monotone {
            let curve = try CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
            var xs = Self.inputs(seed: 0x70AE, count: 20_000)
            for k in 1..<CubicBezier.intervals {
                var x = Double(k) / Double(CubicBezier.intervals)
                for _ in 0..<8 { x = x.nextDown }
                for _ in 0..<16 { xs.append(x); x = x.nextUp }
            }
            xs.sort()
            let ys = curve.y(forX: xs)
            var failures = 0
            for k in 1..<ys.count where ys[k] < ys[k - 1] {
                failures += 1
                if failures <= 3 { Issue.record("\(curve): y(\(xs[k])) = \(ys[k]) < y(\(xs[k - 1])) = \(ys[k - 1])") }
            }
        }
    }

    /// Most intervals of ordinary curves carry an expansion (the rest take the extended-precision
    /// path): the first never does, near-vertical or strongly curved ones may not.
    @Test(arguments: [(0.25, 0.1, 0.25, 1.0), (0.42, 0, 0.58, 1), (0.68, -0.6, 0.32, 1.6), (0.34, 1.56, 0.64, 1)])
    func expansionsCoverOrdinaryCurves(_ c: (Double, Double, Double, Double)) throws {
        let curve = try CubicBezier(x1: c.0, y1: c.1, x2: c.2, y2: c.3)
        let width = CubicBezier.expansionStride
        let withX = (0..<CubicBezier.intervals).filter { curve.expansions[width * $0 + 15] > 0 }.count
        let withY = (0..<CubicBezier.intervals).filter { curve.expansions[width * $0 + 16].isFinite }.count
        #expect(withX >= 124, "\(curve): \(withX) intervals with an x expansion")
        #expect(withY >= 120, "\(curve): \(withY) intervals with a y expansion")
    }
}

/// MotionLabBenchmarks' generator (Knuth's MMIX constants), to rebuild its random curves.
private struct BenchmarkGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) * 0x1p-53
    }
}

/// 3p₁t(1−t)² + 3p₂t²(1−t) + t³ in double-double: every product and sum error-free to about
/// 2⁻¹⁰⁴ of the terms' magnitudes (FMA for the products; speed does not matter here).
private func bernstein(_ p1: Double, _ p2: Double, _ t: Double) -> (high: Double, low: Double) {
    let time = Pair(t)
    let rest = Pair(1) - time  // 1 − t exactly
    let sum = Pair.product(3, p1) * time * rest * rest + Pair.product(3, p2) * time * time * rest + time * time * time
    return (sum.high, sum.low)
}

/// A minimal double-double for the reference above.
private struct Pair {
    var high: Double, low: Double
    init(_ value: Double) { (high, low) = (value, 0) }
    init(high: Double, low: Double) { (self.high, self.low) = (high, low) }

    static func twoSum(_ a: Double, _ b: Double) -> Pair {
        let s = a + b, bb = s - a
        return Pair(high: s, low: (a - (s - bb)) + (b - bb))
    }

    static func product(_ a: Double, _ b: Double) -> Pair {
        let p = a * b
        return Pair(high: p, low: (-p).addingProduct(a, b))
    }

    static func + (a: Pair, b: Pair) -> Pair {
        let s = twoSum(a.high, b.high), e = twoSum(a.low, b.low)
        let first = twoSum(s.high, s.low + e.high)
        return twoSum(first.high, first.low + e.low)
    }

    static prefix func - (a: Pair) -> Pair { Pair(high: -a.high, low: -a.low) }
    static func - (a: Pair, b: Pair) -> Pair { a + (-b) }

    static func * (a: Pair, b: Pair) -> Pair {
        let p = product(a.high, b.high)
        return twoSum(p.high, p.low + (a.high * b.low + a.low * b.high))
    }
}
