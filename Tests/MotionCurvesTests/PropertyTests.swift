import MotionCurves
import PropertyBased
import Testing

/// Curves whose x(t) is hard for a solver: every degenerate polygon of SPEC §3, vertical tangents
/// inside the curve, overshoot.
let hardCurves: [(Double, Double, Double, Double)] = [
    (0, 0, 1, 1), (1, 0, 0, 1), (0, 1, 1, 0), (0, 0, 0, 1), (0, 0.3, 0, 0.7), (1, 0, 1, 1),
    (1, 0.3, 1, 0.7), (0, 0, 0, 0), (1, 1, 1, 1), (0.9, 0, 0.1, 1), (0.999, 0.1, 0.001, 0.9),
    (0.68, -0.6, 0.32, 1.6), (0.34, 1.56, 0.64, 1), (0.42, 0, 0.58, 1), (0.25, 0.1, 0.25, 1),
    (1e-9, 0.5, 0.5, 1), (0.5, 0, 1 - 1e-12, 1),
]

@Suite("Solver properties")
struct SolverPropertyTests {
    /// t(x) never decreases, on a dense grid and across every table node's neighbours.
    @Test(arguments: hardCurves.indices)
    func monotoneInX(_ index: Int) throws {
        let c = hardCurves[index]
        let bezier = try CubicBezier(x1: c.0, y1: c.1, x2: c.2, y2: c.3)
        var xs = (0...20_000).map { Double($0) / 20_000 }
        for k in 0...128 {
            let node = Double(k) / 128
            xs += [node.nextDown, node, node.nextUp].filter { (0...1).contains($0) }
        }
        xs += (1...60).map { 0x1p-1 * pow2(-$0) } + (1...52).map { 1 - pow2(-$0) }
        xs.sort()
        let ts = bezier.solveT(forX: xs)
        for k in 1..<ts.count where ts[k] < ts[k - 1] {
            Issue.record("t(\(xs[k])) = \(ts[k]) < t(\(xs[k - 1])) = \(ts[k - 1])")
        }
        // Monotone y too wherever y(t) is monotone (y control points in [0, 1]).
        if (0...1).contains(c.1) && (0...1).contains(c.3) {
            let ys = bezier.y(forX: xs)
            for k in 1..<ys.count where ys[k] < ys[k - 1] {
                Issue.record("y(\(xs[k])) = \(ys[k]) < y(\(xs[k - 1])) = \(ys[k - 1])")
            }
        }
    }

    /// f(0) = 0 and f(1) = 1 exactly, t(0) = 0 and t(1) = 1, and no NaN anywhere, for random
    /// control polygons with x in [0, 1] (ends included) and y in [−3, 4].
    @Test func exactEndsAndNoNaN() async {
        let coordinate = Gen.oneOf(Gen.double(in: 0...1), Gen.always(0.0), Gen.always(1.0))
        await propertyCheck(count: 300, input: coordinate, Gen.double(in: -3...4), coordinate, Gen.double(in: -3...4),
                            Gen.double(in: 0...1)) { x1, y1, x2, y2, x in
            let bezier = try! CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
            #expect(bezier.solveT(forX: 0) == 0)
            #expect(bezier.solveT(forX: 1) == 1)
            #expect(bezier.y(forX: 0) == 0)
            #expect(bezier.y(forX: 1) == 1)
            let t = bezier.solveT(forX: x)
            #expect((0...1).contains(t), "t(\(x)) = \(t) for \(bezier)")
            #expect(!bezier.y(forX: x).isNaN)
            #expect(!bezier.slope(forX: x).isNaN)
            for tiny in [Double.leastNonzeroMagnitude, 1e-310, 1e-300, 1e-200, 1e-20] {
                #expect(!bezier.y(forX: tiny).isNaN && !bezier.y(forX: 1 - tiny).isNaN)
            }
        }
    }

    /// With x′ ≤ 3, |x(t) − x| ≤ 4 ulp(x) means t lies within 4·ulp(x)/x′ of the exact root; here
    /// the exact x(t) of the returned t is bracketed between x − 4 ulp and x + 4 ulp using the
    /// solver's own double-double evaluation of x(t), for random curves and inputs.
    @Test func residualWithinFourULPs() async {
        await propertyCheck(count: 2000, input: Gen.double(in: 0...1), Gen.double(in: 0...1), Gen.double(in: 0...1)) { x1, x2, x in
            let bezier = try! CubicBezier(x1: x1, y1: 0, x2: x2, y2: 1)
            let t = bezier.solveT(forX: x)
            #expect(abs(bezier.x(atT: t) - x) <= 4 * x.ulp, "x1 \(x1) x2 \(x2) x \(x): t \(t)")
        }
    }

    /// A polygon symmetric under the half turn about (½, ½) gives f(x) = 1 − f(1 − x).
    @Test func halfTurnSymmetry() async {
        await propertyCheck(count: 1000, input: Gen.double(in: 0...1), Gen.double(in: -1...2), Gen.double(in: 0.5...1)) { x1, y1, x in
            let bezier = try! CubicBezier(x1: x1, y1: y1, x2: 1 - x1, y2: 1 - y1)
            let mirror = 1 - x  // exact for x in [½, 1]
            let a = bezier.y(forX: x), b = bezier.y(forX: mirror)
            // Each value may be off by |f′|·4 ulp(x) + 2 ulp(f); ulp(1 − x) ≤ ulp(x).
            let slope = abs(bezier.slope(forX: x))
            let tolerance = 8 * slope * x.ulp + 2 * (a.ulp + b.ulp) + 2 * (1.0).ulp
            #expect(abs(a + b - 1) <= tolerance, "x1 \(x1) y1 \(y1) x \(x): \(a) + \(b)")
        }
    }

    /// Batches give exactly the scalar results, sorted or shuffled.
    @Test func batchEqualsScalar() async {
        await propertyCheck(count: 50, input: Gen.double(in: 0...1), Gen.double(in: -1...2), Gen.double(in: 0...1), Gen.double(in: -1...2)) { x1, y1, x2, y2 in
            let bezier = try! CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
            let xs = (0..<257).map { Double(($0 * 97) % 257) / 256 }
            #expect(bezier.solveT(forX: xs) == xs.map(bezier.solveT(forX:)))
            #expect(bezier.y(forX: xs) == xs.map(bezier.y(forX:)))
            #expect(bezier.slope(forX: xs) == xs.map(bezier.slope(forX:)))
        }
    }

    /// Huge y control points stay finite-or-infinite, never NaN (the coefficients are rescaled).
    @Test func hugeY() throws {
        let bezier = try CubicBezier(x1: 0.3, y1: 1e308, x2: 0.7, y2: -1e308)
        for x in stride(from: 0.0, through: 1.0, by: 1.0 / 64) {
            #expect(!bezier.y(forX: x).isNaN)
        }
        #expect(bezier.y(forX: 0.5).isFinite)
    }
}

private func pow2(_ k: Int) -> Double { Double(sign: .plus, exponent: k, significand: 1) }

@Suite("UnitCurve semantics")
struct UnitCurveTests {
    @Test func namedControlPoints() throws {
        #expect(UnitCurve.easeIn == .bezier(startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 1, y: 1)))
        #expect(UnitCurve.easeOut == .bezier(startControlPoint: UnitPoint(x: 0, y: 0), endControlPoint: UnitPoint(x: 0.58, y: 1)))
        #expect(UnitCurve.easeInOut == .bezier(startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 0.58, y: 1)))
        for (name, curve) in UnitCurve.namedCurves {
            #expect(try UnitCurve.named(name) == curve)
            #expect(curve.name == name)
        }
    }

    /// Paper values: a quarter circle through (0.6, 0.2) and (0.4, 0.8); the linear curve.
    @Test func closedForms() {
        #expect(abs(UnitCurve.circularEaseIn.value(at: 0.6) - 0.2) <= 2 * (0.2).ulp)
        #expect(abs(UnitCurve.circularEaseOut.value(at: 0.4) - 0.8) <= 2 * (0.8).ulp)
        #expect(abs(UnitCurve.circularEaseIn.velocity(at: 0.6) - 0.75) <= 4 * (0.75).ulp)  // p/√(1 − p²)
        #expect(UnitCurve.circularEaseInOut.value(at: 0.5) == 0.5)
        #expect(UnitCurve.circularEaseIn.velocity(at: 1) == .infinity)
        #expect(UnitCurve.circularEaseOut.velocity(at: 0) == .infinity)
        #expect(UnitCurve.linear.value(at: 0.3) == 0.3)
        #expect(UnitCurve.linear.velocity(at: 0.3) == 1)
        #expect(UnitCurve.easeInOut.value(at: 0.5) == 0.5)
    }

    /// Progress is clamped to [0, 1]; control-point x is clamped, y is not.
    @Test func clamping() {
        for curve in UnitCurve.namedCurves.map(\.curve) {
            #expect(curve.value(at: -0.5) == 0)
            #expect(curve.value(at: 1.5) == 1)
            #expect(curve.value(at: -.infinity) == 0)
            #expect(curve.value(at: .infinity) == 1)
            #expect(curve.velocity(at: 2) == curve.velocity(at: 1))
        }
        let clamped = UnitCurve.bezier(startControlPoint: UnitPoint(x: -1, y: 0.2), endControlPoint: UnitPoint(x: 3, y: 0.9))
        let reference = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0, y: 0.2), endControlPoint: UnitPoint(x: 1, y: 0.9))
        for p in stride(from: 0.0, through: 1.0, by: 1.0 / 32) {
            #expect(clamped.value(at: p) == reference.value(at: p))
        }
        #expect(clamped.controlPoints?.start.x == -1)  // kept as given, for `inverse`
    }

    /// SwiftUI's velocity conventions: 1 where dx/dt = dy/dt = 0, ±∞ where only dx/dt = 0.
    @Test func velocityConventions() {
        // SPEC §3: where dx/dt = dy/dt = 0, real SwiftUI prints 1 at the start and 0 at the end;
        // the exact limit is the ratio of second derivatives, 1/0.58 at both (easeIn and easeOut
        // have their free control point 0.58 from the coincident end).
        #expect(UnitCurve.easeIn.velocity(at: 1) == 0)
        #expect(UnitCurve.easeOut.velocity(at: 0) == 1)
        #expect(abs(UnitCurve.easeIn.exactVelocity(at: 1) * 0.58 - 1) <= 1e-14)
        #expect(abs(UnitCurve.easeOut.exactVelocity(at: 0) * 0.58 - 1) <= 1e-14)
        #expect(UnitCurve.easeIn.exactVelocity(at: 0.5) == UnitCurve.easeIn.velocity(at: 0.5))
        let vertical = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0, y: 0.5), endControlPoint: UnitPoint(x: 1, y: 1))
        #expect(vertical.velocity(at: 0) == .infinity)
        let downward = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0, y: -0.5), endControlPoint: UnitPoint(x: 1, y: 1))
        #expect(downward.velocity(at: 0) == -.infinity)
        #expect(abs(UnitCurve.easeInOut.velocity(at: 0)) == 0)  // y1 = 0, x1 > 0
    }

    @Test func inverseStructure() {
        for curve in UnitCurve.namedCurves.map(\.curve) {
            #expect(curve.inverse.inverse == curve)
        }
        #expect(UnitCurve.circularEaseIn.inverse == .circularEaseOut)
        #expect(UnitCurve.circularEaseOut.inverse == .circularEaseIn)
        #expect(UnitCurve.linear.inverse == .linear)
        #expect(UnitCurve.easeIn.inverse == .bezier(startControlPoint: UnitPoint(x: 0, y: 0.42), endControlPoint: UnitPoint(x: 1, y: 1)))
        #expect(UnitCurve.circularEaseInOut.inverse != .circularEaseInOut)
    }

    /// inverse(f(p)) = p to the accuracy the two solves allow: each value is within |f′|·4 ulp + 2 ulp,
    /// and the inverse magnifies an error in its input by 1/f′.
    @Test(arguments: UnitCurve.namedCurves.map(\.name) + ["overshootFree"])
    func inverseRoundTrip(_ name: String) async throws {
        let curve = name == "overshootFree"
            ? UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.2, y: 0.7), endControlPoint: UnitPoint(x: 0.6, y: 0.1))
            : try UnitCurve.named(name)
        await propertyCheck(count: 500, input: Gen.double(in: 0...1)) { p in
            let value = curve.value(at: p)
            let back = curve.inverse.value(at: value)
            let slope = curve.velocity(at: p)
            let tolerance = 12 * p.ulp + 12 * value.ulp / max(abs(slope), 1e-300)
            guard tolerance.isFinite, slope > 1e-3 else { return }  // flat spots: p is ill-determined
            #expect(abs(back - p) <= tolerance, "\(name): p \(p) → \(value) → \(back)")
        }
    }
}

@Suite("Bad input")
struct BadInputTests {
    @Test func outOfRangeX() {
        #expect(throws: CurveError.outOfRange(parameter: "x1", value: 1.5, range: "[0, 1]")) {
            try CubicBezier(x1: 1.5, y1: 0, x2: 0.5, y2: 1)
        }
        #expect(throws: CurveError.outOfRange(parameter: "x2", value: -0.1, range: "[0, 1]")) {
            try CSSTimingFunction(x1: 0.5, y1: 0, x2: -0.1, y2: 1)
        }
        let message = CurveError.outOfRange(parameter: "x1", value: 1.5, range: "[0, 1]").description
        #expect(message.contains("x1") && message.contains("1.5") && message.contains("[0, 1]"))
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFinite(_ bad: Double) {
        #expect(throws: CurveError.self) { try CubicBezier(x1: 0.5, y1: bad, x2: 0.5, y2: 1) }
        #expect(throws: CurveError.self) { try CubicBezier(x1: bad, y1: 0, x2: 0.5, y2: 1) }
    }

    @Test func unknownName() {
        #expect(throws: CurveError.unknownName("bouncy", valid: UnitCurve.namedCurves.map(\.name))) {
            try UnitCurve.named("bouncy")
        }
    }

    /// The parser names what is wrong: the value, the field, the arity, the valid keywords.
    @Test(arguments: [
        ("cubic-bezier(1.5, 0, 0.5, 1)", ["x1", "1.5", "[0, 1]"]),
        ("cubic-bezier(0.1, 0.2, 0.3)", ["4 numbers", "3"]),
        ("cubic-bezier(0.1, nan, 0.3, 1)", ["y1", "nan"]),
        ("cubic-bezier(0.1, 0.2, 0.3, 1", ["cubic-bezier(x1, y1, x2, y2)"]),
        ("cubic-bezier(0.1, 0x1p2, 0.3, 1)", ["y1", "0x1p2"]),
        ("bogus", ["bogus", "ease-in-out"]),
        ("", ["valid names"]),
    ])
    func cssParserErrors(_ text: String, _ fragments: [String]) {
        do {
            _ = try CSSTimingFunction(parsing: text)
            Issue.record("'\(text)' parsed")
        } catch {
            for fragment in fragments {
                #expect(error.description.contains(fragment), "'\(text)': \(error)")
            }
        }
    }

    @Test func cssInverseOutOfRange() {
        let backOut = try! CSSTimingFunction(parsing: "cubic-bezier(0.34, 1.56, 0.64, 1)")
        do {
            _ = try backOut.inverse()
            Issue.record("the inverse of an overshooting curve has x outside [0, 1]")
        } catch {
            #expect(error.description.contains("1.56") && error.description.contains("[0, 1]"))
        }
    }
}

@Suite("CSS timing functions")
struct CSSTests {
    @Test func keywordsAndParsing() throws {
        #expect(try CSSTimingFunction(parsing: "ease") == .ease)
        #expect(try CSSTimingFunction(parsing: "  EASE-In-Out ") == .easeInOut)
        #expect(try CSSTimingFunction(parsing: "cubic-bezier( 0.25 ,0.1, 0.25 , 1 )") == .ease)
        #expect(try CSSTimingFunction(parsing: "cubic-bezier(.42, 0, 1, 1)") == .easeIn)
        #expect(try CSSTimingFunction(parsing: "linear") == .linear)
        #expect(CSSTimingFunction.ease.cssText == "ease")
        let custom = try CSSTimingFunction(x1: 0.1, y1: -0.5, x2: 0.9, y2: 1.5)
        #expect(try CSSTimingFunction(parsing: custom.cssText) == custom)
    }

    /// Paper values of the extrapolation: ease leaves 0 with slope 0.1/0.25 = 0.4 and reaches 1
    /// with slope 0; linear continues with slope 1.
    @Test func extrapolation() {
        #expect(abs(CSSTimingFunction.ease.value(at: -0.5) - -0.2) <= (0.2).ulp)
        #expect(CSSTimingFunction.ease.value(at: 1.5) == 1)
        #expect(CSSTimingFunction.linear.value(at: -2) == -2)
        #expect(CSSTimingFunction.linear.value(at: 3) == 3)
        #expect(CSSTimingFunction.easeIn.velocity(at: -1) == 0)
        #expect(CSSTimingFunction.ease.value(at: 0) == 0 && CSSTimingFunction.ease.value(at: 1) == 1)
    }

    /// Where a control point sits on its end, the tangent limit inside [0, 1] matches the slope
    /// used outside: easeOut leaves 0 with slope y2/x2 = 1/0.58.
    @Test func limitingSlopeMatchesExtrapolation() {
        let easeOut = CSSTimingFunction.easeOut
        #expect(abs(easeOut.velocity(at: 0) - easeOut.startGradient) <= 4 * easeOut.startGradient.ulp)
        #expect(abs(easeOut.startGradient - 1 / 0.58) <= 4 * (1 / 0.58).ulp)
    }
}
