#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A cubic timing bezier from (0, 0) through control points (x1, y1), (x2, y2) to (1, 1), with an
/// inverse x ↦ t that is exact to the last bits.
///
/// ## The solver
///
/// For x in (0, 1) the solver finds t with x(t) = x, where x(t) = 3x1·t(1−t)² + 3x2·t²(1−t) + t³
/// increases monotonically because x1, x2 ∈ [0, 1]. Three ingredients make it exact and fast:
///
/// 1. **A table guess.** Construction solves the curve at x = k/128 and stores, per interval, a
///    cubic Hermite interpolant of the inverse t(x) (end slopes capped at 3Δt, Fritsch–Carlson, so
///    each piece is monotone and stays inside its bracket even at a vertical tangent, where
///    dt/dx = ∞). A query costs an exact index computation and an Estrin evaluation — no search, no
///    branch. Near an end whose tangent is vertical (x1 = 0 or x2 = 1) t(x) has a square- or
///    cube-root singularity, and the leading term of its series is used instead. Measured: with 32
///    intervals the guess was ~1e-6 off on curves like `ease`, one step often could not be
///    certified, and a solve cost 34 ns there against 19 ns on `easeInOut`; with 128 intervals
///    every benchmarked curve runs at 18–21 ns (construction: ~9 µs for the 127 node solves).
/// 2. **One cubically convergent step on an exact residual.** The residual x(t) − x is evaluated
///    in x87 extended precision where it exists (the power-basis terms sum to at most 14·x(t) for
///    x1, x2 ∈ [0, 1], so the error stays under 2^-57·x) and by compensated Horner (Dekker/Knuth,
///    no FMA needed) elsewhere. A plain double residual is off by up to a few ulps of x — enough,
///    after t itself is rounded, to break the 4-ulp contract. With an exact residual, t₀ + δ is
///    the root rounded once, so |x(t) − x| ≤ |x′|·ulp(t)/2 ≤ 3 ulp(x). The step is Chebyshev's
///    (t₀ − q − (x″/2x′)q², q = r/x′): as fast as Halley's, but 1/x′ is computed while the residual
///    is. It is accepted only when the a-priori error bound for the step is below ulp(t)/32.
/// 3. **A bracketed fallback.** Otherwise (vertical tangents inside the curve, x1 = x2 = 0 or 1,
///    subnormal x) up to two Halley steps, then safeguarded Halley steps inside the bracket the
///    table gives for free (t is monotone in x, so the root lies between the interval's node
///    roots), bisecting — on the bit pattern when the bracket spans orders of magnitude, so at most
///    ~64 halvings — and finally the one of two adjacent doubles with the smaller residual.
///
/// Measured against this project's mpmath table (50 digits, 10⁴ points over degenerate,
/// overshooting, near-vertical and random curves): every normal x gets exactly the correctly
/// rounded root; the worst |x(t) − x| in exact arithmetic is under 2 ulp(x); t(0) = 0 and
/// t(1) = 1 exactly; t is monotone in x. Speed: `MotionLabBenchmarks` (per solve, y(x) included,
/// on par with or faster than the browsers' solver at ε = 1e-7, which is ~10¹² ulps off).
public struct CubicBezier: Sendable, Hashable, CustomStringConvertible {
    /// The first control point's x, in [0, 1].
    public let x1: Double
    /// The first control point's y, unrestricted.
    public let y1: Double
    /// The second control point's x, in [0, 1].
    public let x2: Double
    /// The second control point's y, unrestricted.
    public let y2: Double

    // x(t) = ((ax·t + bx)·t + cx)·t with exact double-double coefficients, ax split for Dekker.
    @usableFromInline let axH: Double, axL: Double, axHH: Double, axHL: Double
    @usableFromInline let bxH: Double, bxL: Double
    @usableFromInline let cxH: Double, cxL: Double
    // y(t)·yScale, the same way; yScale is a power of two that keeps huge y's finite.
    @usableFromInline let ayH: Double, ayL: Double, ayHH: Double, ayHL: Double
    @usableFromInline let byH: Double, byL: Double
    @usableFromInline let cyH: Double, cyL: Double
    @usableFromInline let yUnscale: Double
    // Derivatives in plain double: x′ = (dxA·t + dxB)·t + cx, x″ = ddxA·t + dxB.
    @usableFromInline let dxA: Double, dxB: Double, ddxA: Double
    @usableFromInline let dyA: Double, dyB: Double, dyC: Double
#if arch(x86_64) && !(os(Windows) || os(Android))
    // The same polynomials in x87 extended precision (64-bit significands), for the fast path.
    @usableFromInline let xWide: (a: Float80, b: Float80, c: Float80)
    @usableFromInline let yWide: (a: Float80, b: Float80, c: Float80)
#endif
    /// 2·|x‴| (a constant) for the Halley acceptance test.
    @usableFromInline let thirdDerivative: Double
    /// 0: x′(0) > 0; 1: x1 = 0 < x2 (t ~ √x at 0); 2: x1 = x2 = 0 (t = ∛x). The same at t = 1.
    @usableFromInline let startSingularity: Int, endSingularity: Int
    /// 64 intervals × (c0, c1, c2, c3) of the inverse's Hermite pieces, then t = 1.
    /// Set once at the end of construction (it is built by solving with the coefficients above).
    @usableFromInline internal private(set) var table: [Double]

    @usableFromInline static let intervals = 128

    /// A curve whose x control points must already lie in [0, 1].
    ///
    /// - Throws: ``CurveError`` naming the control point when a value is NaN or ±∞ or an x lies
    ///   outside [0, 1] (where x(t) is no longer monotone and the inverse is not a function).
    public init(x1: Double, y1: Double, x2: Double, y2: Double) throws(CurveError) {
        for (name, value) in [("x1", x1), ("y1", y1), ("x2", x2), ("y2", y2)] where !value.isFinite {
            throw .nonFinite(parameter: name, value: value)
        }
        for (name, value) in [("x1", x1), ("x2", x2)] where !(0...1).contains(value) {
            throw .outOfRange(parameter: name, value: value, range: "[0, 1]")
        }
        self.init(uncheckedX1: x1, y1: y1, x2: x2, y2: y2)
    }

    /// A curve with SwiftUI's semantics: x control points clamped to [0, 1] (NaN counts as 0),
    /// y taken as given.
    public init(clampingX1 x1: Double, y1: Double, x2: Double, y2: Double) {
        func clamp(_ v: Double) -> Double { v.isNaN ? 0 : Swift.min(Swift.max(v, 0), 1) }
        self.init(uncheckedX1: clamp(x1), y1: y1, x2: clamp(x2), y2: y2)
    }

    private init(uncheckedX1 x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2

        let (ax, bx, cx) = Self.coefficients(x1, x2, end: 1)
        let axSplit = ErrorFree.split(ax.high)
        (axH, axL, axHH, axHL) = (ax.high, ax.low, axSplit.high, axSplit.low)
        (bxH, bxL, cxH, cxL) = (bx.high, bx.low, cx.high, cx.low)

        // Keep 3·y and 6·y far from overflow: scale by a power of two (exact) when |y| is huge.
        let magnitude = Swift.max(abs(y1), abs(y2))
        let scale: Double = magnitude.isFinite && magnitude > 0x1p500 ? 0x1p-600 : 1
        let (ay, by, cy) = Self.coefficients(y1 * scale, y2 * scale, end: scale)
        let aySplit = ErrorFree.split(ay.high)
        (ayH, ayL, ayHH, ayHL) = (ay.high, ay.low, aySplit.high, aySplit.low)
        (byH, byL, cyH, cyL) = (by.high, by.low, cy.high, cy.low)
        yUnscale = 1 / scale

        (dxA, dxB, ddxA) = (3 * ax.high, 2 * bx.high, 6 * ax.high)
        (dyA, dyB, dyC) = (3 * ay.high, 2 * by.high, cy.high)
        thirdDerivative = 2 * abs(6 * ax.high)
#if arch(x86_64) && !(os(Windows) || os(Android))
        func wide(_ v: DoubleDouble) -> Float80 { Float80(v.high) + Float80(v.low) }
        xWide = (wide(ax), wide(bx), wide(cx))
        yWide = (wide(ay), wide(by), wide(cy))
#endif
        startSingularity = x1 > 0 ? 0 : (x2 > 0 ? 1 : 2)
        endSingularity = x2 < 1 ? 0 : (x1 < 1 ? 1 : 2)
        table = []
        table = buildTable()
    }

    /// Power-basis coefficients (a, b, c) of 3p1·t(1−t)² + 3p2·t²(1−t) + end·t³, exactly.
    private static func coefficients(
        _ p1: Double, _ p2: Double, end: Double
    ) -> (DoubleDouble, DoubleDouble, DoubleDouble) {
        let c = ErrorFree.product(3, p1)
        let b = ErrorFree.product(3, p2) - ErrorFree.product(6, p1)
        let a = DoubleDouble(high: end) + c - ErrorFree.product(3, p2)
        return (a, b, c)
    }

    public var description: String { "cubic-bezier(\(x1), \(y1), \(x2), \(y2))" }

    public static func == (a: CubicBezier, b: CubicBezier) -> Bool {
        a.x1 == b.x1 && a.y1 == b.y1 && a.x2 == b.x2 && a.y2 == b.y2
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(x1)
        hasher.combine(y1)
        hasher.combine(x2)
        hasher.combine(y2)
    }
}

// MARK: - Evaluation in t

extension CubicBezier {
    /// x(t), correctly rounded but for a few units in the 100th bit.
    public func x(atT t: Double) -> Double { compensatedResidual(t, minus: 0) }

    /// y(t), correctly rounded but for a few units in the 100th bit (before ±∞ for huge y).
    public func y(atT t: Double) -> Double {
        if t == 0 { return 0 }
        if t == 1 { return 1 }
        let (th, tl) = ErrorFree.split(t)
        let p1 = ayH * t
        let e1 = ErrorFree.productError(p1, ayHH, ayHL, th, tl)
        let s1 = p1 + byH
        var c = (e1 + ErrorFree.sumError(s1, p1, byH)) + (ayL * t + byL)
        let (s1h, s1l) = ErrorFree.split(s1)
        let p2 = s1 * t
        let e2 = ErrorFree.productError(p2, s1h, s1l, th, tl)
        let s2 = p2 + cyH
        c = c * t + ((e2 + ErrorFree.sumError(s2, p2, cyH)) + cyL)
        let (s2h, s2l) = ErrorFree.split(s2)
        let p3 = s2 * t
        let e3 = ErrorFree.productError(p3, s2h, s2l, th, tl)
        return (p3 + (c * t + e3)) * yUnscale
    }

    /// dx/dt at t, in Bernstein form so that it is exactly 0 at an end whose control point
    /// lies on it (SwiftUI's velocity conventions hinge on that zero).
    public func derivativeX(atT t: Double) -> Double { Self.derivative(x1, x2, end: 1, t) }

    /// dy/dt at t (Bernstein form, see ``derivativeX(atT:)``).
    public func derivativeY(atT t: Double) -> Double {
        Self.derivative(y1 / yUnscale, y2 / yUnscale, end: 1 / yUnscale, t) * yUnscale
    }

    /// d²x/dt² at t.
    public func secondDerivativeX(atT t: Double) -> Double { Self.secondDerivative(x1, x2, end: 1, t) }

    /// d²y/dt² at t.
    public func secondDerivativeY(atT t: Double) -> Double {
        Self.secondDerivative(y1 / yUnscale, y2 / yUnscale, end: 1 / yUnscale, t) * yUnscale
    }

    /// 3[(1−t)²p₁ + 2(1−t)t(p₂ − p₁) + t²(end − p₂)].
    private static func derivative(_ p1: Double, _ p2: Double, end: Double, _ t: Double) -> Double {
        let s = 1 - t
        return 3 * (s * s * p1 + 2 * s * t * (p2 - p1) + t * t * (end - p2))
    }

    /// 6[(1−t)(p₂ − 2p₁) + t(end − 2p₂ + p₁)].
    private static func secondDerivative(_ p1: Double, _ p2: Double, end: Double, _ t: Double) -> Double {
        6 * ((1 - t) * (p2 - 2 * p1) + t * (end - 2 * p2 + p1))
    }

    /// x(t) − x, accurate to far below an ulp of x: in x87 extended precision where it exists
    /// (64-bit significands: the power-basis terms sum to at most 14·x(t) for x1, x2 ∈ [0, 1], so
    /// the error stays under 2^-57·x), else by compensated Horner.
    @usableFromInline @inline(__always)
    func residual(_ t: Double, minus x: Double) -> Double {
#if arch(x86_64) && !(os(Windows) || os(Android))
        // Estrin again: (c·t − x) + t²·(b + a·t).
        let wideT = Float80(t)
        return Double((xWide.c * wideT - Float80(x)) + (wideT * wideT) * (xWide.b + xWide.a * wideT))
#else
        return compensatedResidual(t, minus: x)
#endif
    }

    /// x(t) − x by compensated Horner on the exact coefficients: the error is a few units of
    /// 2^-100 relative to the terms, so the sign and size of the residual are right even when
    /// it is far below an ulp of x.
    @usableFromInline @inline(__always)
    func compensatedResidual(_ t: Double, minus x: Double) -> Double {
        let (th, tl) = ErrorFree.split(t)
        let p1 = axH * t
        let e1 = ErrorFree.productError(p1, axHH, axHL, th, tl)
        let s1 = p1 + bxH
        var c = (e1 + ErrorFree.sumError(s1, p1, bxH)) + (axL * t + bxL)
        let (s1h, s1l) = ErrorFree.split(s1)
        let p2 = s1 * t
        let e2 = ErrorFree.productError(p2, s1h, s1l, th, tl)
        let s2 = p2 + cxH
        c = c * t + ((e2 + ErrorFree.sumError(s2, p2, cxH)) + cxL)
        let (s2h, s2l) = ErrorFree.split(s2)
        let p3 = s2 * t
        let e3 = ErrorFree.productError(p3, s2h, s2l, th, tl)
        // Near the root p3 ≈ x, so p3 − x is exact (Sterbenz) and the small terms carry the rest.
        return (p3 - x) + (c * t + e3)
    }
}

// MARK: - Solving x(t) = x

extension CubicBezier {
    /// The parameter t in [0, 1] with x(t) = x, for x clamped to [0, 1]; NaN for NaN.
    ///
    /// Exact to the contract of MotionLab's spec §3: in exact arithmetic |x(t) − x| ≤ 4 ulp(x)
    /// (measured ≤ 3), t(0) = 0 and t(1) = 1 exactly, monotone in x, never NaN for non-NaN x.
    @inlinable
    public func solveT(forX x: Double) -> Double {
        table.withUnsafeBufferPointer { solve(x, $0) }
    }

    /// The table guess for x in (0, 1), and the index of its interval's first coefficient.
    @usableFromInline @inline(__always)
    func guess(_ x: Double, _ table: UnsafeBufferPointer<Double>) -> (t: Double, base: Int) {
        // x·64 is exact. Adding 1.5·2^52 to x·64 − ½ rounds it to an integer held in the low bits
        // (faster than a checked Double → Int conversion); an exact multiple of 1/64 may land at
        // u = 1 of the previous interval, which is the same point.
        let scaled = x * Double(Self.intervals)
        let biased = (scaled - 0.5) + 0x1.8p52
        let i = Int(truncatingIfNeeded: biased.bitPattern) & (Self.intervals - 1)
        let u = scaled - (biased - 0x1.8p52)
        let base = 4 &* i
        // Estrin's scheme: two independent halves, one multiply by u² to join them.
        let u2 = u * u
        var t = (table[base] + u * table[base &+ 1]) + u2 * (table[base &+ 2] + u * table[base &+ 3])
        // Where an end tangent is vertical, t(x) has a square- or cube-root singularity that no
        // polynomial in x follows; the leading term of the series is a far better start.
        if i == 0, startSingularity != 0 { t = endGuess(x, startSingularity, bx: bxH) }
        if i == Self.intervals - 1, endSingularity != 0 { t = 1 - endGuess(1 - x, endSingularity, bx: 3 - 3 * x1) }
        return (t, base)
    }

    /// One Chebyshev step from the guess: t₁ = t₀ − q − (x″/2x′)·q² with q = r/x′. It converges
    /// cubically like Halley's, but 1/x′ is computed while the residual is, so no division waits
    /// on the residual. Returns nil when the step cannot be certified.
    @usableFromInline @inline(__always)
    func chebyshevStep(_ x: Double, from t0: Double) -> (t: Double, step: Double, certified: Bool) {
        let r = residual(t0, minus: x)
        let d1 = (dxA * t0 + dxB) * t0 + cxH
        let d2 = ddxA * t0 + dxB
        let reciprocal = 1 / d1
        let q = r * reciprocal
        let step = -q - (0.5 * d2 * reciprocal) * (q * q)
        // One rounding: t₀ + δ is then the root rounded once, which is what makes |x(t) − x|
        // at most |x′|·ulp(t)/2.
        let t1 = t0 + step
        guard d1 > 0, t1 > 0x1p-1000, t1 <= 1 else { return (t0, 0, false) }
        return (t1, step, converged(step: step, reciprocal: reciprocal, curvature: d2, at: t1, constant: 2))
    }

    @usableFromInline @inline(__always)
    func solve(_ x: Double, _ table: UnsafeBufferPointer<Double>) -> Double {
        guard x > 0 else { return x.isNaN ? x : 0 }
        guard x < 1 else { return 1 }
        let (t0, base) = guess(x, table)
        let (t1, _, certified) = chebyshevStep(x, from: t0)
        if certified { return t1 }
        return solveFromGuess(x, t1, lo: table[base], hi: table[base &+ 4])
    }

    /// t and y(t) together. On the fast path y(t₀), y′(t₀) and y″(t₀) are evaluated alongside the
    /// residual and y(t₁) follows by Taylor's formula (the dropped δ³y‴/6 is far below an ulp once
    /// the step is certified), so the two polynomial evaluations overlap instead of queueing.
    @usableFromInline @inline(__always)
    func solveWithValue(_ x: Double, _ table: UnsafeBufferPointer<Double>) -> (t: Double, y: Double) {
        guard x > 0 else { return x.isNaN ? (x, x) : (0, 0) }
        guard x < 1 else { return (1, 1) }
        let (t0, base) = guess(x, table)
#if arch(x86_64) && !(os(Windows) || os(Android))
        let wideT = Float80(t0)
        let y0 = yWide.c * wideT + (wideT * wideT) * (yWide.b + yWide.a * wideT)
        // Extended precision absorbs cancellation up to 2^10; beyond that, compensated Horner.
        let terms = ((abs(ayH) * t0 + abs(byH)) * t0 + abs(cyH)) * t0
        let wellConditioned = abs(y0) >= Float80(terms * 0x1p-10)
#else
        let y0 = y(atT: t0) / yUnscale
        let wellConditioned = true
#endif
        let dy = (dyA * t0 + dyB) * t0 + dyC
        let ddy = 2 * dyA * t0 + dyB
        let (t1, step, certified) = chebyshevStep(x, from: t0)
        if wellConditioned, certified {
            // Added in extended precision and rounded once, so y is y at the exact root to well
            // within an ulp, and monotone wherever y(t) is (a double-precision sum of the rounded
            // y₀ and the correction would wobble by an ulp between neighbouring inputs).
            let correction = step * (dy + 0.5 * step * ddy)
#if arch(x86_64) && !(os(Windows) || os(Android))
            return (t1, Double(y0 + Float80(correction)) * yUnscale)
#else
            return (t1, (y0 + correction) * yUnscale)
#endif
        }
        let t = solveFromGuess(x, t1, lo: table[base], hi: table[base &+ 4])
        return (t, y(atT: t))
    }

    /// Up to two Halley steps from the guess, then the bracketed path.
    @usableFromInline
    func solveFromGuess(_ x: Double, _ t0: Double, lo: Double, hi: Double) -> Double {
        var t = t0
        for _ in 0..<2 {
            let r = residual(t, minus: x)
            if r == 0 { return t }
            let d1 = (dxA * t + dxB) * t + cxH
            let d2 = ddxA * t + dxB
            // Halley's step −2r·x′/(2x′² − r·x″), divided through by x′ so nothing underflows
            // for tiny t: −2r/(2x′ − (r/x′)·x″).
            let reciprocal = 1 / d1
            let denominator = 2 * d1 - r * reciprocal * d2
            let step = -2 * r / denominator
            let next = t + step
            guard d1 > 0, denominator > 0, next > 0x1p-1000, next <= 1 else { break }
            if converged(step: step, reciprocal: reciprocal, curvature: d2, at: next, constant: 4) { return next }
            t = next
        }
        return solveBracketed(x, lo: lo, hi: hi, guess: t)
    }

    /// Whether a Halley (`constant` 4) or Chebyshev (`constant` 2) step `step` left an error below
    /// ulp(t)/32, given `reciprocal` = 1/x′ and `curvature` = x″ where the step started.
    ///
    /// The error after the step is (x″²/(c·x′²) ± x‴/6x′)·e³ for a start error e (c = 4 for Halley,
    /// 2 for Chebyshev). With e ≤ 2|δ| and x″ over the step bounded by a = |x″| + 2M₃|δ|
    /// (M₃ = |x‴|, a constant) that is at most 8|δ|³(a²/(c·x′²) + M₃/6x′) ≤ 2^-58·t. Written with
    /// w = |δ|/x′ as |δ|·(a²w²/c + M₃|δ|w/6)·8: an underflow can only drop a term that is
    /// negligible against the right side, which t > 2^-1000 keeps normal.
    @usableFromInline @inline(__always)
    func converged(step: Double, reciprocal: Double, curvature: Double, at t: Double, constant: Double) -> Bool {
        let size = abs(step)
        let w = size * reciprocal
        let a = (abs(curvature) + thirdDerivative * size) * w
        // thirdDerivative = 2M₃, so M₃/6 = thirdDerivative/12.
        return 8 * size * (a * a / constant + thirdDerivative * size * w * (1.0 / 12)) <= 0x1p-58 * t
    }

    /// The leading term of t(x) near an end where x′ vanishes: t ≈ √(x/b) when x ≈ b·t²
    /// (one control point on the end, `kind` 1), t = ∛x when both are (`kind` 2; exact for x = t³).
    @usableFromInline
    func endGuess(_ x: Double, _ kind: Int, bx: Double) -> Double {
        kind == 1 ? (x / bx).squareRoot() : cbrt(x)
    }

    /// The robust path: safeguarded Halley steps inside a bracket, bisection, and a final choice
    /// between adjacent doubles by exact residual.
    @usableFromInline
    func solveBracketed(_ x: Double, lo tableLo: Double, hi tableHi: Double, guess: Double) -> Double {
        // The table's node roots are rounded; one ulp outward makes the bracket certain, and
        // checking the residual signs makes it certain even if the table were wrong.
        var lo = tableLo > 0 ? tableLo.nextDown : 0
        var hi = tableHi < 1 ? tableHi.nextUp : 1
        var rLo = residual(lo, minus: x)
        var rHi = residual(hi, minus: x)
        if rLo > 0 { (lo, rLo) = (0, -x) }
        if rHi < 0 { (hi, rHi) = (1, 1 - x) }
        if rLo == 0 { return lo }
        if rHi == 0 { return hi }

        var t = Swift.min(Swift.max(guess, lo), hi)
        var previousStep = hi - lo
        for _ in 0..<300 {
            let r = residual(t, minus: x)
            if r == 0 { return t }
            if r < 0 { (lo, rLo) = (t, r) } else { (hi, rHi) = (t, r) }
            if hi <= lo.nextUp { break }
            let d1 = (dxA * t + dxB) * t + cxH
            let d2 = ddxA * t + dxB
            let reciprocal = 1 / d1
            let denominator = 2 * d1 - r * reciprocal * d2
            let step = -2 * r / denominator
            let next = t + step
            // A step below half an ulp: t is already the double nearest the root.
            if d1 > 0, denominator > 0, next == t { return t }
            if d1 > 0, denominator > 0, next > lo, next < hi, abs(step) * 2 <= previousStep {
                if next > 0x1p-1000, converged(step: step, reciprocal: reciprocal, curvature: d2, at: next, constant: 4) { return next }
                previousStep = abs(step)
                t = next
            } else {
                previousStep = hi - lo
                t = Self.midpoint(lo, hi)
                if t <= lo || t >= hi { break }
            }
        }
        // Between adjacent doubles the nearer one in x wins; a tie goes to the lower, which keeps
        // the choice monotone in x.
        return abs(rLo) <= abs(rHi) ? lo : hi
    }

    /// The arithmetic midpoint, or the bit-pattern midpoint (a geometric mean) when the bracket
    /// spans more than a factor of four, so tiny roots are reached in ~64 halvings, not ~1000.
    @usableFromInline
    static func midpoint(_ lo: Double, _ hi: Double) -> Double {
        if lo * 4 < hi {
            let a = lo.bitPattern, b = hi.bitPattern
            return Double(bitPattern: a + (b - a) / 2)
        }
        return lo + (hi - lo) / 2
    }

    /// The inverse's Hermite pieces; each node is solved by the bracketed path from the previous
    /// node's root, so construction costs about 33 short solves.
    private func buildTable() -> [Double] {
        let n = Self.intervals
        var roots = [Double](repeating: 0, count: n + 1)
        roots[n] = 1
        for k in 1..<n {
            let x = Double(k) / Double(n)
            let previous = roots[k - 1]
            // Second-order extrapolation from the previous node: t + h/x′ − x″h²/2x′³.
            let h = 1 / Double(n)
            let slope = derivativeX(atT: previous), curvature = secondDerivativeX(atT: previous)
            var guess = previous + h / slope - curvature * h * h / (2 * slope * slope * slope)
            if !(guess > previous && guess < 1) { guess = slope > 0 ? Swift.min(previous + h / slope, 1) : previous }
            roots[k] = solveFromGuess(x, guess, lo: previous, hi: 1)
        }
        // dt/du at each node, u = 64·x: 1/(64·x′(t)), ∞ at vertical tangents.
        let slopes = roots.map { t -> Double in
            let d = derivativeX(atT: t)
            return d > 0 ? 1 / (Double(n) * d) : .infinity
        }
        var coefficients = [Double]()
        coefficients.reserveCapacity(4 * n + 1)
        for k in 0..<n {
            let t0 = roots[k], t1 = roots[k + 1]
            let delta = t1 - t0
            // Capping both end slopes at 3Δ keeps the cubic monotone (Fritsch–Carlson), hence
            // inside [t0, t1], and turns the infinite slope of a vertical tangent into a finite one.
            let m0 = Swift.min(slopes[k], 3 * delta)
            let m1 = Swift.min(slopes[k + 1], 3 * delta)
            coefficients += [t0, m0, 3 * delta - 2 * m0 - m1, m0 + m1 - 2 * delta]
        }
        coefficients.append(1)
        return coefficients
    }
}

// MARK: - y as a function of x

extension CubicBezier {
    /// y at the t that solves x(t) = x; x clamped to [0, 1], so y(0) = 0 and y(1) = 1 exactly.
    @inlinable
    public func y(forX x: Double) -> Double {
        table.withUnsafeBufferPointer { solveWithValue(x, $0).y }
    }

    /// dy/dx at the t that solves x(t) = x (x clamped to [0, 1]), with SwiftUI's conventions:
    /// 1 where dx/dt and dy/dt are both 0, ±∞ where only dx/dt is 0.
    public func slope(forX x: Double) -> Double {
        slope(atT: solveT(forX: x.isNaN ? x : Swift.min(Swift.max(x, 0), 1)))
    }

    /// dy/dx at t with SwiftUI's conventions (see ``slope(forX:)``).
    public func slope(atT t: Double) -> Double {
        let dx = derivativeX(atT: t), dy = derivativeY(atT: t)
        if dx == 0 {
            if dy == 0 { return 1 }
            return dy > 0 ? .infinity : -.infinity
        }
        return dy / dx
    }

    /// dy/dx at t as a limit: where dx/dt and dy/dt both vanish, the ratio of the first
    /// non-vanishing pair of higher derivatives (L'Hôpital), which is the tangent's true slope.
    public func limitingSlope(atT t: Double) -> Double {
        let pairs: [(Double, Double)] = [
            (derivativeX(atT: t), derivativeY(atT: t)),
            (secondDerivativeX(atT: t), secondDerivativeY(atT: t)),
            (6 * axH, 6 * ayH * yUnscale),
        ]
        for (dx, dy) in pairs where dx != 0 || dy != 0 {
            if dx == 0 { return dy > 0 ? .infinity : -.infinity }
            return dy / dx
        }
        return 1
    }
}

// MARK: - Batches

extension CubicBezier {
    /// t for each x (clamped to [0, 1]), in order; sorted or not.
    ///
    /// Sortedness is not needed and not exploited: each solve already starts from a table guess
    /// close enough for a single certified step, so a warm start from the previous point could
    /// not remove that step and would chain the solves together. Measured: sorted input runs at
    /// 18.7 ns per solve against 19.1 ns shuffled.
    public func solveT(forX xs: [Double]) -> [Double] {
        var out = [Double](repeating: 0, count: xs.count)
        solveT(forX: xs, into: &out)
        return out
    }

    /// t for each x written into `output`, which must have at least `xs.count` elements.
    public func solveT(forX xs: [Double], into output: inout [Double]) {
        precondition(output.count >= xs.count, "output has \(output.count) elements; \(xs.count) needed")
        table.withUnsafeBufferPointer { table in
            xs.withUnsafeBufferPointer { input in
                output.withUnsafeMutableBufferPointer { out in
                    for k in input.indices { out[k] = solve(input[k], table) }
                }
            }
        }
    }

    /// y for each x (clamped to [0, 1]).
    public func y(forX xs: [Double]) -> [Double] {
        var out = [Double](repeating: 0, count: xs.count)
        table.withUnsafeBufferPointer { table in
            xs.withUnsafeBufferPointer { input in
                out.withUnsafeMutableBufferPointer { out in
                    for k in input.indices {
                        out[k] = solveWithValue(input[k], table).y
                    }
                }
            }
        }
        return out
    }

    /// dy/dx for each x (clamped to [0, 1]), with the conventions of ``slope(forX:)``.
    public func slope(forX xs: [Double]) -> [Double] {
        solveT(forX: xs.map { $0.isNaN ? $0 : Swift.min(Swift.max($0, 0), 1) }).map(slope(atT:))
    }
}
