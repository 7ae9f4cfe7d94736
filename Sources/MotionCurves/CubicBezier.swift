import MotionNumerics

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
///    quadratic terms and ∛x; within a factor of two, see `seriesGuess(_:linear:quadratic:)`),
///    where the piece can be off by orders of magnitude (for x1 = 7.7e-304 it gives 5.9e-302 for
///    a root of 9.2e-102). 128 intervals put the guess close enough that one step certifies itself
///    for almost every x (98 % of random x over the benchmark's curves); with far fewer, the guess
///    is ~1e-6 off on curves like `ease` and one step often cannot be certified. Construction
///    solves the 127 inner nodes, bounds each interval once and expands x(t) and y(t) around an
///    anchor in each.
/// 2. **One cubically convergent step on an exact residual.** The residual x(t₀) − x must be
///    right to far below an ulp of x: a plain power-basis evaluation in double is off by up to a
///    few ulps of x — enough, after t itself is rounded, to break the 4-ulp contract. With an exact
///    residual, t₀ + δ is the root rounded once, so |x(t) − x| ≤ |x′|·ulp(t)/2 ≤ 3 ulp(x). On the
///    fast path it comes from a local expansion of x(t) around an anchor τ in the interval, in
///    plain double (no extended precision, no FMA; see `buildExpansions(slopes:)` for the proof): the
///    guess is rounded to a grid (the rounding folded into the table's constant term, so t₀ and
///    s = t₀ − τ come out exact), the leading part (x_a − x) + X₁ₕ·s, which nearly cancels, is
///    computed exactly (X₁ₕ is x′(τ) cut to few enough bits that the product and the sum are
///    exact), and the remainder e + X₁ₗs + X₂s² + X₃s³ is small enough that its rounding,
///    bounded per interval at construction, stays under 2⁻⁵⁹·x. Intervals where that bound does not
///    hold (the first, whose bound would have to be relative to x; wide intervals next to vertical
///    tangents) evaluate the residual in x87 extended precision where it exists (the power-basis
///    terms sum to at most 14·x(t) for x1, x2 ∈ [0, 1], so the error stays under 2^-57·x) and by
///    compensated Horner (Dekker/Knuth, no FMA needed) elsewhere. The step is Chebyshev's
///    (t₀ − q − (x″/2x′)q², q = r/x′): as fast as Halley's, but 1/x′ is computed while the residual
///    is. It is accepted only when an a-priori bound puts t₀ + δ within ulp(t)/32 of the root.
///    Construction bounds x′ from below and |x″| from above over each interval, which turns that
///    bound into a largest admissible |r| per interval (`certifiedResidual(lo:hi:)`, derived
///    there): the certificate costs one comparison per solve. Where
///    the interval's bound is useless (x′ vanishing in it, or t near 0) the step is checked on
///    its own numbers instead (`converged(step:reciprocal:curvature:at:constant:)`).
/// 3. **A bracketed fallback.** Otherwise (vertical tangents inside the curve, x1 = x2 = 0 or 1,
///    subnormal x) up to two Halley steps, then safeguarded Halley steps inside a bracket whose
///    ends have residuals of known sign (the interval's node roots, t being monotone in x,
///    narrowed by every point already evaluated), bisecting — on the bit pattern when the bracket
///    spans orders of magnitude, and whenever three steps have not halved it — and finally the one
///    of two adjacent doubles with the smaller residual. It ends on adjacent doubles by
///    construction (at most 200 + 63 residuals), so it cannot stop on a far bracket end.
///
/// ## The value
///
/// ``y(forX:)-(Double)`` is y at the returned t. On the fast path it comes from the same
/// interval's local expansion of y(t): an exact leading part Yₕ + Y₁ₕ·s that depends only on the
/// guess, plus a small remainder in σ = t − τ whose rounding error is bounded per interval; it is
/// returned only when that bound is under an eighth of an ulp of the value, so
/// |y − y(t)| ≤ (½ + ⅛)·ulp(y). Elsewhere (where y cancels near a zero crossing, curves whose y
/// had to be rescaled, and every solve off the fast path) y comes from compensated Horner at t:
/// within ½·ulp(y) plus an absolute 2⁻⁹⁶·(1 + 12|y1| + 12|y2|), which only matters where y
/// cancels. Measured against a double-double evaluation at the returned t over named,
/// overshooting and random curves: within 0.51 ulp(y). As t is monotone in x, so is y wherever
/// y(t) is, up to these last-bit errors.
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
/// other neighbour (at x = 5e-324: 1 ulp where the other neighbour is 0.82 ulp away).
///
/// Measured (not guaranteed) against this project's mpmath table (50 digits, 10⁴ points over
/// degenerate, overshooting, near-vertical and random curves): t is the correctly rounded root
/// for 9956 of the 10039 normal x; the other 83 lie where x(t) is so flat that several doubles
/// give the same x(t) to within 1/1000 ulp(x) (the solver picks one of those), so no answer is
/// farther in x than the correctly rounded root by more than 1/1000 ulp. The worst |x(t) − x| in
/// exact arithmetic is 2.32 ulp(x) there (x1 = x2 = 0, where x′t/x = 3) and 2.35 ulp(x) over the
/// near-degenerate sweeps of `FuzzRegressionTests` (x1, x2 down to 5e-324 or within an ulp of 1,
/// x down to 5e-324); values seen through y(t) add y's own rounding (the bezier notebook's
/// y ≡ x curves reach 2 ulp). `MotionLabBenchmarks` times it against the browsers' solver at
/// ε = 1e-7 (which is ~10¹² ulps off) in the same run.
public struct CubicBezier: Sendable {
    /// The first control point's x, in [0, 1].
    public let x1: Double
    /// The first control point's y, unrestricted.
    public let y1: Double
    /// The second control point's x, in [0, 1].
    public let x2: Double
    /// The second control point's y, unrestricted.
    public let y2: Double

    // x(t) = ((ax·t + bx)·t + cx)·t with exact double-double coefficients, ax split for Dekker.
    let axH: Double, axL: Double, axHH: Double, axHL: Double
    let bxH: Double, bxL: Double
    let cxH: Double, cxL: Double
    // y(t)·yScale, the same way; yScale is a power of two that keeps huge y's finite.
    let ayH: Double, ayL: Double, ayHH: Double, ayHL: Double
    let byH: Double, byL: Double
    let cyH: Double, cyL: Double
    let yUnscale: Double
    // Derivatives in plain double: x′ = (dxA·t + dxB)·t + dxC, x″ = ddxA·t + dxB. dxC is cxH
    // again: with one copy the compiler loads it into a register for x′ and passes it to the x87
    // residual through a stack slot, a store-to-load round trip on the critical path.
    let dxA: Double, dxB: Double, dxC: Double, ddxA: Double
    /// 2·|x‴| (a constant) for the convergence tests.
    let thirdDerivative: Double
    /// 1 where interval 0 (at t = 1: the last interval) starts from ``seriesGuess(_:linear:quadratic:)``
    /// instead of the table, 0 elsewhere: set where the Hermite piece's end slope had to be capped,
    /// i.e. where t(x) is far from linear over the interval (a vertical tangent, x1 = 0 or x2 = 1,
    /// or a nearly vertical one such as x1 = 1e-300). Set once at the end of construction, with
    /// the table.
    internal private(set) var startSingularity: Int, endSingularity: Int
    /// ``intervals`` rows of ``stride`` doubles (each interval's Hermite piece c0…c3 of the
    /// inverse, then its certificate bound), then t = 1.
    /// Set once at the end of construction (it is built by solving with the coefficients above).
    internal private(set) var table: [Double]
    /// The fast path's local expansions of x(t) and y(t), ``intervals`` rows of
    /// ``expansionStride`` doubles (see ``buildExpansions(slopes:)``). Set once, after ``table``.
    internal private(set) var expansions: [Double]

    static let intervals = 128
    /// Doubles per interval in ``table``: the Hermite piece (c0…c3) and the largest residual from
    /// which one Chebyshev step certifies itself there (see ``certifiedResidual(lo:hi:)``).
    static let stride = 5

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
        // subnormal slopes (x1 = 5.6e-309, x2 = 1 would solve x ∈ [0.1, 0.5] to t = 1).
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
        thirdDerivative = 2 * abs(6 * ax.high)
        (startSingularity, endSingularity) = (0, 0)
        table = []
        expansions = []
        let built = buildTable()
        table = built.table
        (startSingularity, endSingularity) = (built.startSeries ? 1 : 0, built.endSeries ? 1 : 0)
        expansions = buildExpansions(slopes: built.slopes)
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
}
