import MotionNumerics

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
///    branch. Near an end whose tangent is vertical or nearly so (x1 = 0 or x2 = 1, or x1 = 1e-300:
///    wherever the piece's end slope had to be capped) t(x) follows √x or ∛x rather than a
///    polynomial, and a series guess is used instead (the smaller of the root of the linear and
///    quadratic terms and ∛x; within a factor of two, see ``seriesGuess(_:linear:quadratic:)``). With
///    x1 = 7.7e-304 the table guess was 5.9e-302 for a root of 9.2e-102. Measured: with 32
///    intervals the guess was ~1e-6 off on curves like `ease`, one step often could not be
///    certified, and a solve cost 34 ns there against 19 ns on `easeInOut`; with 128 intervals
///    one step certifies itself for 99 % of random x over the benchmark's curves (construction:
///    ~9 µs for the 127 node solves and the intervals' bounds).
/// 2. **One cubically convergent step on an exact residual.** The residual x(t) − x is evaluated
///    in x87 extended precision where it exists (the power-basis terms sum to at most 14·x(t) for
///    x1, x2 ∈ [0, 1], so the error stays under 2^-57·x) and by compensated Horner (Dekker/Knuth,
///    no FMA needed) elsewhere. A plain double residual is off by up to a few ulps of x — enough,
///    after t itself is rounded, to break the 4-ulp contract. With an exact residual, t₀ + δ is
///    the root rounded once, so |x(t) − x| ≤ |x′|·ulp(t)/2 ≤ 3 ulp(x). The step is Chebyshev's
///    (t₀ − q − (x″/2x′)q², q = r/x′): as fast as Halley's, but 1/x′ is computed while the residual
///    is. It is accepted only when an a-priori bound puts t₀ + δ within ulp(t)/32 of the root.
///    Construction bounds x′ from below and |x″| from above over each interval, which turns that
///    bound into a largest admissible |r| per interval (``certifiedResidual(lo:hi:)``, derived
///    there): the certificate costs one comparison, which took a solve from 14 ns to 9 ns. Where
///    the interval's bound is useless (x′ vanishing in it, or t near 0) the step is checked on
///    its own numbers instead (``converged(step:reciprocal:curvature:at:constant:)``).
/// 3. **A bracketed fallback.** Otherwise (vertical tangents inside the curve, x1 = x2 = 0 or 1,
///    subnormal x) up to two Halley steps, then safeguarded Halley steps inside a bracket whose
///    ends have residuals of known sign (the interval's node roots, t being monotone in x,
///    narrowed by every point already evaluated), bisecting — on the bit pattern when the bracket
///    spans orders of magnitude, and whenever three steps have not halved it — and finally the one
///    of two adjacent doubles with the smaller residual. It ends on adjacent doubles by
///    construction (at most 200 + 63 residuals), so it cannot stop on a far bracket end.
///
/// What is guaranteed (given residual signs exact to 2^-57·x, as above): the result is either a
/// certified step (within ulp(t)/32 of the root before its one rounding; in x, where a tiny x′
/// magnifies the residual's own error, within x′·ulp(t)/32 + 2⁻⁵⁸·x) or the nearer in x of the
/// two adjacent doubles that bracket the root. So |x(t) − x| ≤ |x′(t)|·(ulp(t)/2 + ulp(t)/32),
/// about (x′·t/x)·ulp(x) at worst, as ulp(t)/t can be twice ulp(x)/x: ~3 ulp(x) where x′·t/x = 3
/// (x1 = x2 = 0 near t = 0; no curve has shown more), under the 4-ulp contract;
/// t(0) = 0, t(1) = 1 exactly; t ∈ [0, 1] and never NaN for non-NaN x. Monotonicity follows from
/// both answers tracking the same root, except where two neighbouring x have roots within
/// ulp(t)/32 of the same midpoint between doubles; no sweep has found a case. For subnormal x the
/// residual itself is rounded to a subnormal double, so the nearer-of-two choice can pick the
/// other neighbour (seen: 1 ulp instead of 0.82 ulp at x = 5e-324).
///
/// Measured (not guaranteed) against this project's mpmath table (50 digits, 10⁴ points over
/// degenerate, overshooting, near-vertical and random curves): t is the correctly rounded root
/// for 9956 of the 10039 normal x; the other 83 lie where x(t) is so flat that several doubles
/// give the same x(t) to within 1/1000 ulp(x) (the solver picks one of those), so no answer is
/// farther in x than the correctly rounded root by more than 1/1000 ulp. The worst |x(t) − x| in
/// exact arithmetic is 2.32 ulp(x) there (x1 = x2 = 0, where x′t/x = 3) and 2.35 ulp(x) over the
/// near-degenerate sweeps of `FuzzRegressionTests` (x1, x2 down to 5e-324 or within an ulp of 1,
/// x down to 5e-324); values seen through y(t) add y's own rounding (the bezier notebook's
/// y ≡ x curves reach 2 ulp). Speed: `MotionLabBenchmarks` times it against the browsers' solver
/// at ε = 1e-7 (which is ~10¹² ulps off) in the same run: about twice as fast per solve x ↦ t
/// and a third faster per y(x) on the machine of the README's table.
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
    // Derivatives in plain double: x′ = (dxA·t + dxB)·t + dxC, x″ = ddxA·t + dxB. dxC is cxH
    // again: with one copy the compiler loads it into a register for x′ and passes it to the x87
    // residual through a stack slot, a store-to-load round trip on the critical path.
    @usableFromInline let dxA: Double, dxB: Double, dxC: Double, ddxA: Double
    @usableFromInline let dyA: Double, dyB: Double, dyC: Double
    /// 2·|x‴| (a constant) for the Halley acceptance test.
    @usableFromInline let thirdDerivative: Double
    /// 1 where interval 0 (at t = 1: the last interval) starts from ``seriesGuess(_:linear:quadratic:)``
    /// instead of the table, 0 elsewhere: set where the Hermite piece's end slope had to be capped,
    /// i.e. where t(x) is far from linear over the interval (a vertical tangent, x1 = 0 or x2 = 1,
    /// or a nearly vertical one such as x1 = 1e-300). Set once at the end of construction, with
    /// the table. (Ints, not Bools: the same layout as before, so stale builds of dependent
    /// modules keep working.)
    @usableFromInline internal private(set) var startSingularity: Int, endSingularity: Int
    /// 128 intervals × (c0, c1, c2, c3) of the inverse's Hermite pieces, then t = 1.
    /// Set once at the end of construction (it is built by solving with the coefficients above).
    @usableFromInline internal private(set) var table: [Double]

    @usableFromInline static let intervals = 128
    /// Doubles per interval in ``table``: the Hermite piece (c0…c3), the largest residual from
    /// which one Chebyshev step certifies itself there (see ``certifiedResidual(lo:hi:)``), and the
    /// smallest |y| evaluated in extended precision that needs no compensated re-evaluation.
    @usableFromInline static let stride = 6

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
        // An x control point closer than 2^-1000 to 0 is taken as 0: the linear term it adds,
        // 3·x1·t, changes x(t) by less than 2^-998·t, below an ulp of any x the curve reaches at t
        // (x ≥ t³); and near 0 the table's end-slope arithmetic would otherwise work with
        // subnormal slopes. (Found by fuzzing: x1 = 5.6e-309, x2 = 1 solved x ∈ [0.1, 0.5] to t = 1.)
        let x1 = x1 < 0x1p-1000 ? 0 : x1
        let x2 = x2 < 0x1p-1000 ? 0 : x2
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

        (dxA, dxB, dxC, ddxA) = (3 * ax.high, 2 * bx.high, cx.high, 6 * ax.high)
        (dyA, dyB, dyC) = (3 * ay.high, 2 * by.high, cy.high)
        thirdDerivative = 2 * abs(6 * ax.high)
        (startSingularity, endSingularity) = (0, 0)
        table = []
        let built = buildTable()
        table = built.table
        (startSingularity, endSingularity) = (built.startSeries ? 1 : 0, built.endSeries ? 1 : 0)
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
        let (head, tail) = Self.compensatedHorner(t, a: (ayH, ayHH, ayHL, ayL), b: (byH, byL), c: (cyH, cyL))
        return (head + tail) * yUnscale
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

#if arch(x86_64) && !(os(Windows) || os(Android))
    /// x(t)'s power-basis coefficients in x87 extended precision (64-bit significands), from the
    /// double-double pairs on each use: an 80-bit load (FLD m80) is microcoded, and three of them
    /// cost the fast path ~2 ns per solve more than six 64-bit loads and three additions.
    @usableFromInline @inline(__always)
    var xWide: (a: Float80, b: Float80, c: Float80) {
        (Float80(axH) + Float80(axL), Float80(bxH) + Float80(bxL), Float80(cxH) + Float80(cxL))
    }

    /// y(t)·yScale's coefficients in extended precision, as ``xWide``.
    @usableFromInline @inline(__always)
    var yWide: (a: Float80, b: Float80, c: Float80) {
        (Float80(ayH) + Float80(ayL), Float80(byH) + Float80(byL), Float80(cyH) + Float80(cyL))
    }
#endif

    /// x(t) − x, accurate to far below an ulp of x: in x87 extended precision where it exists
    /// (64-bit significands: the power-basis terms sum to at most 14·x(t) for x1, x2 ∈ [0, 1], so
    /// the error stays under 2^-57·x), else by compensated Horner.
    @usableFromInline @inline(__always)
    func residual(_ t: Double, minus x: Double) -> Double {
#if arch(x86_64) && !(os(Windows) || os(Android))
        // Estrin again: (c·t − x) + t²·(b + a·t).
        let wideT = Float80(t)
        let (a, b, c) = xWide
        return Double((c * wideT - Float80(x)) + (wideT * wideT) * (b + a * wideT))
#else
        return compensatedResidual(t, minus: x)
#endif
    }

    /// x(t) − x by compensated Horner on the exact coefficients: the error is a few units of
    /// 2^-100 relative to the terms, so the sign and size of the residual are right even when
    /// it is far below an ulp of x.
    @usableFromInline @inline(__always)
    func compensatedResidual(_ t: Double, minus x: Double) -> Double {
        let (head, tail) = Self.compensatedHorner(t, a: (axH, axHH, axHL, axL), b: (bxH, bxL), c: (cxH, cxL))
        // Near the root head ≈ x, so head − x is exact (Sterbenz) and the tail carries the rest.
        return (head - x) + tail
    }

    /// ((a·t + b)·t + c)·t by compensated Horner on coefficients held as head + tail (a's head
    /// also pre-split for exact products): the value as head + tail, where the tail holds the
    /// rounding errors of every step, so head + tail is right to a few units of 2^-100.
    @usableFromInline @inline(__always)
    static func compensatedHorner(
        _ t: Double, a: (head: Double, high: Double, low: Double, tail: Double),
        b: (head: Double, tail: Double), c: (head: Double, tail: Double)
    ) -> (head: Double, tail: Double) {
        let (th, tl) = ErrorFree.split(t)
        let p1 = a.head * t
        let e1 = ErrorFree.productError(p1, a.high, a.low, th, tl)
        let s1 = p1 + b.head
        var error = (e1 + ErrorFree.sumError(s1, p1, b.head)) + (a.tail * t + b.tail)
        let (s1h, s1l) = ErrorFree.split(s1)
        let p2 = s1 * t
        let e2 = ErrorFree.productError(p2, s1h, s1l, th, tl)
        let s2 = p2 + c.head
        error = error * t + ((e2 + ErrorFree.sumError(s2, p2, c.head)) + c.tail)
        let (s2h, s2l) = ErrorFree.split(s2)
        let p3 = s2 * t
        let e3 = ErrorFree.productError(p3, s2h, s2l, th, tl)
        return (p3, error * t + e3)
    }
}

// MARK: - Solving x(t) = x

extension CubicBezier {
    /// The parameter t in [0, 1] with x(t) = x, for x clamped to [0, 1]; NaN for NaN.
    ///
    /// Exact to the contract of MotionLab's spec §3: in exact arithmetic |x(t) − x| ≤ 4 ulp(x)
    /// (bounded by ~3.1, measured ≤ 2.35; see the type's documentation for what is guaranteed and
    /// what is measured), t(0) = 0 and t(1) = 1 exactly, monotone in x, never NaN for non-NaN x.
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
        let base = Self.stride &* i
        // Estrin's scheme: two independent halves, one multiply by u² to join them.
        let u2 = u * u
        var t = (table[base] + u * table[base &+ 1]) + u2 * (table[base &+ 2] + u * table[base &+ 3])
        // Where an end tangent is vertical, t(x) has a square- or cube-root singularity that no
        // polynomial in x follows; the leading term of the series is a far better start.
        // Clamped to the interval's node roots, which bracket the root: the guess only improves,
        // and the interval's bounds (which assume t₀ within it) keep holding.
        if i == 0, startSingularity != 0 {
            t = Swift.min(seriesGuess(x, linear: 3 * x1, quadratic: 3 * x2), table[base &+ Self.stride])
        }
        if i == Self.intervals - 1, endSingularity != 0 {
            t = Swift.max(1 - seriesGuess(1 - x, linear: 3 * (1 - x2), quadratic: 3 * (1 - x1)), table[base])
        }
        return (t, base)
    }

    /// One Chebyshev step from the guess: t₁ = t₀ − q − (x″/2x′)·q² with q = r/x′. It converges
    /// cubically like Halley's, but 1/x′ is computed while the residual is, so no division waits
    /// on the residual. `certified` says whether t₁ is within ulp(t₁)/32 of the root before its
    /// one rounding: by the interval's precomputed bound on the residual (one comparison, see
    /// ``certifiedResidual(lo:hi:)``), or failing that by
    /// ``converged(step:reciprocal:curvature:at:constant:)``.
    @usableFromInline @inline(__always)
    func chebyshevStep(
        _ x: Double, from t0: Double, row base: Int, _ table: UnsafeBufferPointer<Double>
    ) -> (t: Double, step: Double, certified: Bool) {
        let r = residual(t0, minus: x)
        let d1 = (dxA * t0 + dxB) * t0 + dxC
        let d2 = ddxA * t0 + dxB
        let reciprocal = 1 / d1
        let q = r * reciprocal
        let step = -q - (0.5 * d2 * reciprocal) * (q * q)
        // One rounding: t₀ + δ is then the root rounded once, which is what makes |x(t) − x|
        // at most |x′|·ulp(t)/2.
        let t1 = t0 + step
        // Strictly below: a bound of 0 means "none", and must not pass r = 0 with x′ = 0 (NaN step).
        if abs(r) < table[base &+ 4] { return (t1, step, true) }
        // |u| = |q·x″/2x′| ≤ 1/16: the rest of the premise of `converged` for Chebyshev's step.
        guard d1 > 0, t1 > 0x1p-1000, t1 <= 1, abs(q * d2 * reciprocal) <= 0.125 else { return (t0, 0, false) }
        return (t1, step, converged(step: step, reciprocal: reciprocal, curvature: d2, at: t1, constant: 2))
    }

    @usableFromInline @inline(__always)
    func solve(_ x: Double, _ table: UnsafeBufferPointer<Double>) -> Double {
        guard x > 0 else { return x.isNaN ? x : 0 }
        guard x < 1 else { return 1 }
        let (t0, base) = guess(x, table)
        let (t1, _, certified) = chebyshevStep(x, from: t0, row: base, table)
        if certified { return t1 }
        return solveFromGuess(x, t1, lo: table[base], hi: table[base &+ Self.stride])
    }

    /// t and y(t) together. On the fast path y(t₀), y′(t₀) and y″(t₀) are evaluated alongside the
    /// residual and y(t₁) follows by Taylor's formula (the dropped δ³y‴/6 is far below an ulp once
    /// the step is certified), so the two polynomial evaluations overlap instead of queueing.
    /// y(t₀) is evaluated in x87 extended precision, unless it cancels by more than 2¹⁰ (the
    /// interval's bound says when, see ``wellConditionedY(hi:)``); then, as off the fast path, y
    /// comes from compensated Horner at the returned t.
    @usableFromInline @inline(__always)
    func solveWithValue(_ x: Double, _ table: UnsafeBufferPointer<Double>) -> (t: Double, y: Double) {
        guard x > 0 else { return x.isNaN ? (x, x) : (0, 0) }
        guard x < 1 else { return (1, 1) }
        let (t0, base) = guess(x, table)
        let dy = (dyA * t0 + dyB) * t0 + dyC
        let ddy = 2 * dyA * t0 + dyB
#if arch(x86_64) && !(os(Windows) || os(Android))
        let wideT = Float80(t0)
        let (ya, yb, yc) = yWide
        let wideY0 = yc * wideT + (wideT * wideT) * (yb + ya * wideT)
        // As a double-double, converted while the residual and the step are computed.
        let y0 = Double(wideY0), y0Tail = Double(wideY0 - Float80(y0))
        // Extended precision absorbs cancellation up to 2¹⁰ (see ``wellConditionedY(hi:)``).
        let wellConditioned = abs(y0) >= table[base &+ 5]
#else
        let y0 = y(atT: t0) / yUnscale, y0Tail = 0.0
        let wellConditioned = true
#endif
        let (t1, step, certified) = chebyshevStep(x, from: t0, row: base, table)
        if certified, wellConditioned {
            // y₀'s tail and the correction are far below an ulp of y, so the sum is y at the exact
            // root rounded once, to well within an ulp, and monotone wherever y(t) is (adding the
            // correction to the rounded y₀ alone would wobble by an ulp between neighbouring x).
            let correction = step * (dy + 0.5 * step * ddy)
            return (t1, (y0 + (y0Tail + correction)) * yUnscale)
        }
        let t = certified ? t1 : solveFromGuess(x, t1, lo: table[base], hi: table[base &+ Self.stride])
        return (t, self.y(atT: t))
    }

    /// Up to two Halley steps from the guess, then the bracketed path. Every residual evaluated here
    /// has an exact sign, so each iterate narrows the bracket handed over: a wild first step (from a
    /// guess far off) cannot throw away what the points already visited have shown.
    @usableFromInline
    func solveFromGuess(_ x: Double, _ t0: Double, lo: Double, hi: Double) -> Double {
        var t = t0
        var below = lo, above = hi
        for _ in 0..<2 {
            let r = residual(t, minus: x)
            if r == 0 { return t }
            if r < 0 { below = Swift.max(below, t) } else { above = Swift.min(above, t) }
            let halley = halleyStep(at: t, residual: r)
            let next = t + halley.step
            guard halley.valid, next > 0x1p-1000, next <= 1 else { break }
            if converged(step: halley.step, reciprocal: halley.reciprocal, curvature: halley.curvature,
                         at: next, constant: 4) { return next }
            t = next
        }
        return solveBracketed(x, lo: below, hi: above, guess: t)
    }

    /// Halley's step from t, whose residual is r: −2r·x′/(2x′² − r·x″), divided through by x′ so
    /// nothing underflows for tiny t: −2r/(2x′ − (r/x′)·x″). Not `valid` where x′ ≤ 0 or the
    /// denominator is not positive (a vertical tangent, or far from the root); 1/x′ and x″ come
    /// along for ``converged(step:reciprocal:curvature:at:constant:)``.
    @usableFromInline @inline(__always)
    func halleyStep(at t: Double, residual r: Double)
        -> (step: Double, reciprocal: Double, curvature: Double, valid: Bool) {
        let d1 = (dxA * t + dxB) * t + dxC
        let d2 = ddxA * t + dxB
        let reciprocal = 1 / d1
        let denominator = 2 * d1 - r * reciprocal * d2
        return (-2 * r / denominator, reciprocal, d2, d1 > 0 && denominator > 0)
    }

    /// Whether a Halley (`constant` 4) or Chebyshev (`constant` 2) step `step` left an error below
    /// ulp(t)/32, given `reciprocal` = 1/x′ and `curvature` = x″ where the step started.
    ///
    /// The error after the step is (x″²/(c·x′²) ± x‴/6x′)·e³ for a start error e (c = 4 for Halley,
    /// 2 for Chebyshev). With e ≤ 2|δ| and x″ over the step bounded by a = |x″| + 2M₃|δ|
    /// (M₃ = |x‴|, a constant) that is at most 8|δ|³(a²/(c·x′²) + M₃/6x′) ≤ 2^-58·t. Written with
    /// w = |δ|/x′ as |δ|·(a²w²/c + M₃|δ|w/6)·8: an underflow can only drop a term that is
    /// negligible against the right side, which t > 2^-1000 keeps normal.
    ///
    /// The premise e ≤ 2|δ| is what `a ≤ 1/8` secures. Far from the root a Halley step can be tiny
    /// while the error is not: −2r/(2x′ − (r/x′)x″) tends to 2x′/|x″| as |r| grows, so next to a
    /// vertical tangent (x′ → 0) it is sub-ulp from anywhere (the table build met x′(1) = 3e-300 at
    /// t = 1 for x = 1/128 on cubic-bezier(1e-300, ·, 1, ·) and would have kept t = 1). With
    /// a ≤ 1/8, |δ|·|x″|/x′ ≤ 1/8 forces the Newton step q = r/x′ within 1/15 of δ (for Halley's
    /// δ = q/(1 − u), u = q·x″/2x′; Chebyshev's δ = −q(1 + u) would also need |u| ≤ 1/16),
    /// and then Kantorovich's theorem (h = M₂|q|/x′ ≤ 1.14a ≤ 1/2 with M₂ ≥ |x″| over t ± 2|q|)
    /// puts the root within 2|q|/(1 + √(1 − 2h)) ≤ 1.09|q| ≤ 1.16|δ| of t: e ≤ 2|δ| holds.
    /// (``chebyshevStep(_:from:row:_:)`` checks |u| ≤ 1/16 itself.)
    ///
    /// The bound is for the step in exact arithmetic; the step as computed is off by a few ulps of
    /// itself, which `|δ| ≤ 2⁻¹⁰·t` keeps under 2⁻⁶⁰·t. Without it, fuzzing found a Halley step
    /// from t = 2.5e-155 towards a root at 8.9e-308 (x1 = 0.4, x2 = 0, x = 1.07e-307) that cancelled
    /// to t + δ = 4.1e-171, rounding error of δ and no closer, and was accepted: its exact error
    /// bound, ~10⁻⁴⁶⁵, underflowed to 0.
    @usableFromInline @inline(__always)
    func converged(step: Double, reciprocal: Double, curvature: Double, at t: Double, constant: Double) -> Bool {
        let size = abs(step)
        let w = size * reciprocal
        let a = (abs(curvature) + thirdDerivative * size) * w
        // thirdDerivative = 2M₃, so M₃/6 = thirdDerivative/12.
        return a <= 0.125 && size <= 0x1p-10 * t
            && 8 * size * (a * a / constant + thirdDerivative * size * w * (1.0 / 12)) <= 0x1p-58 * t
    }

    /// A start near an end where t(x) is far from linear over the end interval: with x(t) bounded
    /// by P(t) = c·t + b·t² + t³ (c = 3x1, b = 3x2 at t = 0; c = 3(1 − x2), b = 3(1 − x1) for 1 − x
    /// in 1 − t), the smaller of the root of c·t + b·t² = x and ∛x. That is an upper bound on P's
    /// root and at most twice it, and P's root is within a factor 1.6 of the true one over the end
    /// interval (t ≤ ∛(1/128) there, so the Bernstein factors (1 − t)ᵏ stay above 0.64). Exact
    /// leading terms where x′ vanishes at the end: √(x/b) when c = 0 < b, ∛x when c = b = 0; and the
    /// linear root x/c where c·t dominates. ∛x is only taken when it can win (b < x^⅓ needs b < ¼),
    /// and the square root goes through hypot and √b·√x only when c² + 4bx would underflow.
    @usableFromInline
    func seriesGuess(_ x: Double, linear c: Double, quadratic b: Double) -> Double {
        let discriminant = c * c + 4 * b * x
        let root = discriminant >= 0x1p-1000
            ? 2 * x / (c + discriminant.squareRoot())
            : 2 * x / (c + hypot(c, 2 * b.squareRoot() * x.squareRoot()))  // c² + 4bx underflows
        return b < 0.25 ? Swift.min(root, cbrt(x)) : root
    }

    /// The robust path: safeguarded Halley steps inside a bracket with residuals of known sign,
    /// bisection, and a final choice between adjacent doubles by exact residual.
    ///
    /// Termination on adjacent doubles holds by construction: every third iteration the bracket
    /// must have shrunk to half its width in bit patterns (its width on a log scale once it spans
    /// binades) since the previous check, or the next point is a bisection; a bracket spanning
    /// more than a factor of four is bisected on the bit pattern (a geometric mean). Far from a
    /// root of a cubic Halley's method moves t by only a factor of about two per step (t → t/2
    /// from above t³ = x, t → 2t from below), one bit of exponent per step, so without the check
    /// it could crawl through ~1000 binades (a guess of 1e-302 for a root of 1e-102).
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
        // From here on lo < hi, rLo < 0 < rHi: each end is on its side of the root.

        var t = Swift.min(Swift.max(guess, lo), hi)
        var previousStep = hi - lo
        var checkpoint = hi.bitPattern &- lo.bitPattern
        var sinceCheckpoint = 0
        for _ in 0..<200 {
            let r = residual(t, minus: x)
            if r == 0 { return t }
            if r < 0 { (lo, rLo) = (t, r) } else { (hi, rHi) = (t, r) }
            if hi <= lo.nextUp { break }
            sinceCheckpoint += 1
            var halleyAllowed = true
            if sinceCheckpoint == 3 {
                let width = hi.bitPattern &- lo.bitPattern
                halleyAllowed = width <= checkpoint / 2
                (checkpoint, sinceCheckpoint) = (width, 0)
            }
            if halleyAllowed {
                let halley = halleyStep(at: t, residual: r)
                let next = t + halley.step
                // A step below half an ulp says the root is within about an ulp, but far from the
                // root (x′ → 0 at a vertical tangent) it can say so falsely: try the neighbour on
                // the root's side, which either closes the bracket or moves on.
                if halley.valid, next == t {
                    t = r < 0 ? t.nextUp : t.nextDown
                    continue
                }
                if halley.valid, next > lo, next < hi, abs(halley.step) * 2 <= previousStep {
                    if next > 0x1p-1000,
                       converged(step: halley.step, reciprocal: halley.reciprocal, curvature: halley.curvature,
                                 at: next, constant: 4) {
                        return next
                    }
                    previousStep = abs(halley.step)
                    t = next
                    continue
                }
            }
            previousStep = hi - lo
            t = Self.midpoint(lo, hi)
            if t <= lo || t >= hi { break }
        }
        // The loop ends on adjacent doubles; should it ever stop short, plain bisection on the bit
        // pattern finishes (each halving is exact and strictly inside, at most 63 of them).
        while hi > lo.nextUp {
            let m = Double(bitPattern: lo.bitPattern &+ (hi.bitPattern &- lo.bitPattern) / 2)
            let r = residual(m, minus: x)
            if r == 0 { return m }
            if r < 0 { (lo, rLo) = (m, r) } else { (hi, rHi) = (m, r) }
        }
        // Between adjacent doubles that bracket the root the nearer one in x wins; a tie goes to
        // the lower, which keeps the choice monotone in x.
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

    /// The largest |r| = |x(t₀) − x| from which one Chebyshev step certifies itself for every
    /// t₀ in [lo, hi] (widened by 2⁻³⁰), or 0 where no such bound is useful (lo near 0, x′
    /// vanishing): there the step is checked by ``converged(step:reciprocal:curvature:at:constant:)``.
    ///
    /// With p = x′(t₀), β = x″(t₀)/2p, γ = x‴/6p and q = r/p, Taylor's formula for the cubic x(t)
    /// gives exactly x(t₀ + δ) − x = p(2β²q³ + β³q⁴ + γδ³) for Chebyshev's δ = −q − βq². On the
    /// interval let m = min x′, A = max |x″|, M₃ = |x‴|: |q| ≤ |r|/m, |β| ≤ A/2m, |γ| ≤ M₃/6m. If
    /// |βq| ≤ 1/8 (then |δ| ≤ 9|q|/8), |x(t₀ + δ) − x| ≤ p|q|³(2.125β² + 1.43|γ|)
    /// ≤ p(|r|/m)³(0.54A²/m² + 0.24M₃/m), and that must stay below p·2⁻⁵⁸·t ≤ p·ulp(t)/32: the
    /// step lands within ulp(t)/32 of the root as seen through x′, before its one rounding. No
    /// assumption on where the root lies is needed (in flat stretches the table's nodes are exact
    /// in x, not in t). |r|/m ≤ 2⁻¹⁰·t keeps the rounding of δ's own arithmetic under 2⁻⁶⁰·t, and
    /// x′ itself, evaluated in double from rounded power-basis coefficients, is off by up to
    /// ε ≈ 2⁻⁵⁰·S/m relatively (S: the sum of its terms' magnitudes), which moves the step by ε·|e|:
    /// |r| ≤ 2⁻¹⁰·t·m²/S keeps that under 2⁻⁶⁰·t (and gives no bound where m is rounding noise).
    /// Each condition bounds |r|; the smallest, shrunk by 2⁻²⁰ for the rounding of r, m, A and
    /// the cube root, is stored. The constants are rounded up (0.531 → 0.54, 0.237 → 0.24), which
    /// also absorbs t₁ lying up to 1.13·2⁻¹⁰·t below the interval's start.
    private func certifiedResidual(lo: Double, hi: Double) -> Double {
        let margin = 0x1p-30
        let a = lo - margin, b = Swift.min(hi + margin, 1)
        guard a > 0 else { return 0 }
        // x′ = dxA·t² + dxB·t + cx is a quadratic: its minimum over [a, b] is at an end or the vertex.
        var slope = Swift.min(derivativeX(atT: a), derivativeX(atT: b))
        let vertex = -dxB / (2 * dxA)
        if dxA != 0, vertex > a, vertex < b { slope = Swift.min(slope, derivativeX(atT: vertex)) }
        slope *= 1 - 0x1p-40
        guard slope > 0 else { return 0 }
        // x″ is linear: its largest magnitude is at an end.
        let curvature = Swift.max(abs(secondDerivativeX(atT: a)), abs(secondDerivativeX(atT: b)))
            * (1 + 0x1p-40) + 0x1p-1000
        let third = thirdDerivative / 2 * (1 + 0x1p-40)
        let constant = 0.54 * curvature * curvature / (slope * slope) + 0.24 * third / slope
        let terms = (abs(dxA) * b + abs(dxB)) * b + abs(dxC)
        let bound = Swift.min(
            slope * cbrt(0x1p-58 * a / constant),   // the error after the step
            slope * slope / (4 * curvature),         // |βq| ≤ 1/8
            slope * a * 0x1p-10,                     // a small step, rounded finely
            slope * slope * a * 0x1p-10 / terms      // x′'s own rounding
        ) * (1 - 0x1p-20)
        return bound.isFinite ? bound : 0
    }

    /// The smallest |y(t)|, evaluated in extended precision for t up to `hi` (widened by 2⁻³⁰),
    /// that is at least 2⁻¹⁰ of the sum of its terms' magnitudes: cancellation up to 2¹⁰ leaves
    /// the 64-bit significand 54 good bits, one more than a double's, so y₀ is within about an ulp
    /// before the final rounding (the threshold the per-solve test used before, made per interval).
    private func wellConditionedY(hi: Double) -> Double {
        let t = Swift.min(hi + 0x1p-30, 1)
        let terms = ((abs(ayH) * t + abs(byH)) * t + abs(cyH)) * t
        return terms * (0x1p-10 + 0x1p-40)
    }

    /// The inverse's Hermite pieces, and whether the first and last pieces had an end slope
    /// capped (see ``startSingularity``); each node is solved by the bracketed path from the previous
    /// node's root, so construction costs about 127 short solves.
    /// Each interval's row also holds its bounds (see ``stride``).
    private func buildTable() -> (table: [Double], startSeries: Bool, endSeries: Bool) {
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
        coefficients.reserveCapacity(Self.stride * n + 1)
        for k in 0..<n {
            let t0 = roots[k], t1 = roots[k + 1]
            let delta = t1 - t0
            // Capping both end slopes at 3Δ keeps the cubic monotone (Fritsch–Carlson), hence
            // inside [t0, t1], and turns the infinite slope of a vertical tangent into a finite one.
            let m0 = Swift.min(slopes[k], 3 * delta)
            let m1 = Swift.min(slopes[k + 1], 3 * delta)
            coefficients.append(t0)
            coefficients.append(m0)
            coefficients.append(3 * delta - 2 * m0 - m1)
            coefficients.append(m0 + m1 - 2 * delta)
            coefficients.append(certifiedResidual(lo: t0, hi: t1))
            coefficients.append(wellConditionedY(hi: t1))
        }
        coefficients.append(1)
        // A capped slope at t = 0 or 1 (infinite at a vertical tangent) means the piece starts out
        // linear where t(x) does not: there t(x) ≈ x/x′(0) only for x ≪ 1/128, and beyond that
        // follows √x or ∛x, so the series guess is far closer than the piece.
        return (coefficients, slopes[0] > 3 * roots[1], slopes[n] > 3 * (1 - roots[n - 1]))
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

// MARK: - Diagnostics

extension CubicBezier {
    /// The share of `xs` in (0, 1) solved on the fast path — the table's guess and one step that
    /// certifies itself — rather than by the bracketed fallback; 1 when there are none.
    @_spi(Diagnostics)
    public func fastPathShare(forX xs: [Double]) -> Double {
        let inside = xs.filter { $0 > 0 && $0 < 1 }
        guard !inside.isEmpty else { return 1 }
        let fast = table.withUnsafeBufferPointer { table in
            inside.reduce(0) { count, x in
                let (t0, base) = guess(x, table)
                return count + (chebyshevStep(x, from: t0, row: base, table).certified ? 1 : 0)
            }
        }
        return Double(fast) / Double(inside.count)
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
