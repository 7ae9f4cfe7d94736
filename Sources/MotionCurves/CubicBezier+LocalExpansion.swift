import MotionNumerics

/// The fast path's local expansions: per table interval, x(t) and y(t) as Taylor polynomials
/// around an anchor τ inside the interval, laid out so that the residual x(t₀) − x and the value
/// y(t₁) come out of plain double arithmetic (no extended precision, no FMA) with errors bounded
/// at construction.
///
/// ## The residual
///
/// Interval k covers x ∈ [k/128, (k+1)/128]; its node roots t_k, t_{k+1} and its Hermite piece
/// are those of ``table``. Construction picks a power of two g (the grid) with
/// g ≥ 2⁻⁵⁰·t_{k+1} and g ≥ 2⁻³⁵·(half the interval's width in t), rounds the piece's midpoint to
/// a multiple of g for the anchor τ, and stores the piece's constant term as t_k + R with
/// R = 1.5·2⁵²·g. Every sum in the Estrin evaluation then lands in [2⁵²g, 2⁵⁴g) (g ≥ 2⁻⁵⁰·t_{k+1}
/// keeps R + t below 2⁵³g, and the first partial sum below 2⁵⁴g), so the guess comes out as R + t₀
/// with t₀ a multiple of g, within 2g of the piece's value (t_k + R rounded, then two sums: g/2 + g
/// + g/2; the products' own roundings are far smaller), and t₀ = guess − R and
/// s = t₀ − τ = guess − (R + τ) are exact. With the
/// expansion x(τ + s) = x(τ) + X₁s + X₂s² + X₃s³ (exact for a cubic; X₃ = ax) and
/// x_a = (k + ½)/128, the residual splits exactly into
///
///     r = x(t₀) − x = [(x_a − x) + X₁ₕ·s] + [e + X₁ₗ·s + X₂s² + X₃s³],  e = x(τ) − x_a,
///
/// where X₁ₕ is X₁ rounded to a multiple of q/g, q = ulp(k/128), and X₁ₗ = X₁ − X₁ₕ. The first
/// bracket is computed exactly: x_a − x is exact (see ``expandedStep(_:_:)``), X₁ₕ·s is an integer multiple of q
/// below 2⁵²q in magnitude (checked), and so is x_a − x (x ≥ k/128 has ulp ≥ q), so their sum is
/// exact whenever it stays below 2⁵³q. Construction checks 2⁵³q ≥ 2.01·(B + L) with B the
/// interval's certificate bound and L = |e| + |X₁ₗ|S + |X₂|S² + |X₃|S³ (S bounds |s|): on a step
/// that passes the certificate (|r̂| < B) the bracket is below B + L, hence exact; were it larger,
/// the computed |r̂| would exceed B and the step would not pass. The second bracket is small
/// (|X₂|S² is about 2⁻¹⁵ for an ordinary curve): its evaluation and the rounding of its stored
/// coefficients (each to a double; e by compensated Horner, the rest from double-double values)
/// cost at most 7u·L, u = 2⁻⁵³, and the final sum u·|r̂| < u·B. Construction keeps the interval
/// only if u·B + 7u·L + 2⁻⁹⁰ ≤ 2⁻⁵⁹·k/128 ≤ 2⁻⁵⁹·x: the residual is then at least as accurate
/// as the extended-precision one (2⁻⁵⁷·x), which is all the certificate and the type's
/// guarantees assume. Intervals that fail a check (the first, whose bound is relative to t ≥ 0;
/// wide ones near vertical tangents, g > 2⁻³²; those next to a capped end slope) get bound 0 and
/// always take the extended-precision path. S is the anchor's distance to the farther node plus 3g.
///
/// t₀ lies within 2g < 2⁻³⁰ of [t_k, t_{k+1}], where the certificate's bounds on x′, x″ hold,
/// and x′(t₀), x″(t₀) are evaluated as before, so the certificate (``certifiedResidual(lo:hi:)``)
/// applies unchanged to the step from t₀.
///
/// ## The value
///
/// y(t₁) at the returned t₁ = t₀ + δ uses the same anchor: σ = t₁ − τ is exact (Sterbenz: on a
/// certified step |δ| < 1.13·2⁻¹⁰·t₀, so t₁ stays within [τ/2, 2τ], checked per interval), and
/// with σ = s + δ, δ = t₁ − t₀ exact,
///
///     y(t₁) = [Yₕ + Y₁ₕ·s] + [(Yₗ + Y₁ₕ·δ) + σ(Y₁ₗ + σ(Y₂ + σY₃))],
///
/// where Yₕ + Yₗ is y(τ) (Yₕ a multiple of Q = 2^(⌈log₂ Ymax⌉ − 53), Ymax bounding |y| and the first
/// bracket over the interval) and Y₁ₕ is y′(τ) rounded to a multiple of Q/g, so the first bracket
/// is exact (an integer multiple of Q below 2⁵³Q, checked). The second bracket is small; its
/// error is at most E = 8u·(|Yₗ| + |Y₁ₕ|·δmax + |Y₁ₗ|S + |Y₂|S² + |Y₃|S³) + 2⁻⁹⁸·T + 2⁻¹⁰⁰·|Y₁|S
/// (δmax = 1.2·B/m, T the magnitudes of y's power-basis coefficients for y(τ)'s compensated
/// evaluation), and the value is returned only if |ŷ| ≥ 2⁵⁶·E, i.e. E ≤ 2⁻³·u·|ŷ| < ulp(ŷ)/8:
/// one final rounding puts ŷ within (½ + ⅛)·ulp(ŷ) of y(t₁). Where y cancels (|y| small against
/// its slope over the interval, near a zero crossing), or for curves whose y had to be rescaled,
/// y comes from compensated Horner at t₁ instead.
///
/// That test on ŷ is decided at construction wherever it can be: if |y| stays above the threshold
/// (with margin) over all of [first, last], the t₁ a certified step can reach, every certified
/// step passes it, and the row carries the certificate bound a second time as the value's bound
/// (slot 18; 0 otherwise). ``solveWithValue(_:_:)`` then makes one comparison, |r̂| against that
/// bound, which is known as soon as the residual is, instead of a second one at the end of the
/// dependent chain, after y; the rows without it take ``valueWithoutExpansion(_:_:)``, which
/// repeats the fast path with both run-time tests, so the results are the same bit for bit.
extension CubicBezier {
    /// Doubles per interval in ``expansions``: the Hermite guess with its constant term offset by
    /// R and the rest scaled for d = x − k/128 (0: t_k + R, then 128²c₂, 128c₁, 128³c₃: stored as
    /// (c₀, c₂), (c₁, c₃), so that one paired multiply-add forms both Estrin halves c₀ + c₁d and
    /// c₂ + c₃d), R, R + τ, then the x and y coefficients in pairs (X₁ₕ, Y₁ₕ), (X₁ₗ, Y₁ₗ),
    /// (X₂, Y₂), (e, Yₗ), then Yₕ, the certificate bound (0: none), the least |y| returned
    /// without re-evaluation (∞: none), τ, and the value's bound: the certificate bound again
    /// where every certified step's ŷ passes the least-|y| test, else 0 (slot 19 is padding).
    static let expansionStride = 20

    /// The local expansions of every interval, ``intervals`` rows of ``expansionStride`` doubles
    /// (see the extension's documentation). `slopes` holds, per interval, the lower bound on x′
    /// behind its certificate bound (0: none).
    func buildExpansions(slopes: [Double]) -> [Double] {
        let width = Self.expansionStride
        var rows = [Double](repeating: 0, count: Self.intervals * width)
        // x′ = 3a·t² + 2b·t + c and x″/2 = 3a·t + b, exactly, and the same for y.
        let ax = DoubleDouble(high: axH, low: axL), bx = DoubleDouble(high: bxH, low: bxL)
        let ay = DoubleDouble(high: ayH, low: ayL), by = DoubleDouble(high: byH, low: byL)
        let derivatives = Derivatives(
            x: (3 * ax, 2 * bx, DoubleDouble(high: cxH, low: cxL), bx),
            y: (3 * ay, 2 * by, DoubleDouble(high: cyH, low: cyL), by))
        rows.withUnsafeMutableBufferPointer { rows in
            for k in 0..<Self.intervals {
                let row = UnsafeMutableBufferPointer(rebasing: rows[(width * k)..<(width * (k + 1))])
                row[16] = .infinity
                if !expandX(k, slope: slopes[k], derivatives, into: row) { row.update(repeating: 0); row[16] = .infinity }
            }
        }
        return rows
    }

    /// The power-basis coefficients of x′ and x″/2 (3a, 2b, c, b), and of y′ and y″/2.
    private struct Derivatives {
        var x: (DoubleDouble, DoubleDouble, DoubleDouble, DoubleDouble)
        var y: (DoubleDouble, DoubleDouble, DoubleDouble, DoubleDouble)
    }

    /// 2^exponent, from the bit pattern where it is normal.
    private static func power(_ exponent: Int) -> Double {
        (-1022...1023).contains(exponent)
            ? Double(bitPattern: UInt64(exponent + 1023) << 52)
            : Double(sign: .plus, exponent: exponent, significand: 1)
    }

    /// a·t + b in double-double: relative error a few units of 2⁻¹⁰⁴ against the terms.
    @inline(__always)
    private static func multiplyAdd(_ a: DoubleDouble, _ t: Double, _ b: DoubleDouble) -> DoubleDouble {
        ErrorFree.product(a.high, t) + DoubleDouble(high: a.low * t) + b
    }

    /// Interval k's x part written into `row`, and its y part where that is proven too; false
    /// where the fast path is not proven for x (see the extension's documentation for each check).
    private func expandX(
        _ k: Int, slope: Double, _ derivatives: Derivatives, into row: UnsafeMutableBufferPointer<Double>
    ) -> Bool {
        let n = Self.intervals, base = Self.stride * k
        guard k > 0, !(k == n - 1 && endSingularity != 0) else { return false }
        let lo = table[base], hi = table[base + Self.stride], bound = table[base + 4]
        let (c1, c2, c3) = (table[base + 1], table[base + 2], table[base + 3])
        guard bound > 0, slope > 0 else { return false }

        // The grid, the anchor and the reach of s.
        let middle = lo + (0.5 * c1 + 0.25 * c2 + 0.125 * c3)
        let half = Swift.max(middle - lo, hi - middle)
        guard half > 0 else { return false }
        let grid = Swift.max(Self.power((hi * (1 + 0x1p-40)).exponent - 50), Self.power(half.exponent + 1 - 35))
        guard grid <= 0x1p-32 else { return false }
        let rounding = 0x1.8p52 * grid
        let anchor = (middle / grid).rounded(.toNearestOrEven) * grid
        let reach = Swift.max(anchor - lo, hi - anchor) + 3 * grid

        // x: the exact bracket's quantum, the coefficients, the error budget.
        let u = 0x1p-53
        let (a3, b2, c, b) = derivatives.x
        let xLow = Double(k) / Double(n)
        let quantum = xLow.ulp
        let e = compensatedResidual(anchor, minus: (Double(k) + 0.5) / Double(n))
        let x1 = Self.multiplyAdd(Self.multiplyAdd(a3, anchor, b2), anchor, c)
        let x1Step = quantum / grid
        let x1Head = (x1.high / x1Step).rounded(.toNearestOrEven) * x1Step
        let x1Tail = (x1.high - x1Head) + x1.low
        let x2 = Self.multiplyAdd(a3, anchor, b).high
        let sizes = abs(e) + reach * (abs(x1Tail) + reach * (abs(x2) + reach * abs(axH)))
        guard abs(x1Head) * reach <= 0x1p52 * quantum,
              0x1p53 * quantum >= 2.01 * (bound + sizes),
              u * bound + 7 * u * sizes + 0x1p-90 <= 0x1p-59 * xLow
        else { return false }
        // c₁, c₂, c₃ pre-scaled by 128, 128², 128³ (exact), so that the guess is evaluated in
        // d = x − k/128 rather than u = 128d: every product and sum is the same one scaled by a
        // power of two, bit for bit, and the multiplication by 128 leaves the fast path.
        let (c1d, c2d, c3d) = (c1 * 0x1p7, c2 * 0x1p14, c3 * 0x1p21)
        (row[0], row[1], row[2], row[3], row[4], row[5]) = (lo + rounding, c2d, c1d, c3d, rounding, rounding + anchor)
        (row[6], row[8], row[10], row[12], row[15], row[17]) = (x1Head, x1Tail, x2, e, bound, anchor)
        expandY(anchor: anchor, lo: lo, hi: hi, grid: grid, reach: reach, step: 1.2 * bound / slope,
                derivatives, into: row)
        return true
    }

    /// y's part of a row (Y₁ₕ, Y₁ₗ, Y₂, Yₗ, Yₕ and the threshold), left as none (threshold ∞)
    /// where the exact split or Sterbenz's lemma for σ cannot be guaranteed. `step` bounds
    /// |t₁ − t₀| on a certified step.
    private func expandY(
        anchor: Double, lo: Double, hi: Double, grid: Double, reach: Double, step: Double,
        _ derivatives: Derivatives, into row: UnsafeMutableBufferPointer<Double>
    ) {
        guard yUnscale == 1, step.isFinite else { return }
        // t₁ = t₀ + δ with |δ| < 1.13·2⁻¹⁰·t₀ and t₀ within 3g of [lo, hi].
        let first = (lo - 3 * grid) * (1 - 0x1p-9), last = (hi + 3 * grid) * (1 + 0x1p-9)
        guard first >= anchor / 2, last <= 2 * anchor else { return }
        let reachY = Swift.max(anchor - first, last - anchor)
        let (a3, b2, c, b) = derivatives.y
        let (y0, y0Tail) = Self.compensatedHorner(anchor, a: (ayH, ayHH, ayHL, ayL), b: (byH, byL), c: (cyH, cyL))
        let y1 = Self.multiplyAdd(Self.multiplyAdd(a3, anchor, b2), anchor, c)
        let y2 = Self.multiplyAdd(a3, anchor, b).high
        let largest = (abs(y0) + reachY * (abs(y1.high) + reachY * (abs(y2) + reachY * abs(ayH)))) * (1 + 0x1p-20)
        guard largest > 0, largest.isFinite else { return }
        let quantum = Self.power(largest.exponent + 1 - 53)
        let y1Step = quantum / grid
        let y1Head = (y1.high / y1Step).rounded(.toNearestOrEven) * y1Step
        let y1Tail = (y1.high - y1Head) + y1.low
        let head = (y0 / quantum).rounded(.toNearestOrEven) * quantum
        let tail = (y0 - head) + y0Tail
        guard abs(y1Head) * reach <= 0x1p52 * quantum,
              abs(head) + abs(y1Head) * reach <= 0x1p53 * quantum
        else { return }
        let u = 0x1p-53
        let terms = abs(ayH) + abs(byH) + abs(cyH)
        let error = 8 * u * (abs(tail) + abs(y1Head) * step + reachY * (abs(y1Tail) + reachY * (abs(y2) + reachY * abs(ayH))))
            + 0x1p-98 * terms + 0x1p-100 * abs(y1.high) * reachY
        let threshold = error * 0x1p56 * (1 + 0x1p-20)
        guard threshold.isFinite else { return }
        (row[7], row[9], row[11], row[13], row[14], row[16]) = (y1Head, y1Tail, y2, tail, head, threshold)
        // The least |y(t)| over [first, last]: |y(τ)| less the most y(τ + σ) − y(τ) = Y₁σ + Y₂σ² + Y₃σ³
        // can reach for |σ| ≤ reachY (exact for the cubic; the (1 + 2⁻²⁰) covers the rounding of
        // Y₁, Y₂, Y₃ and of this bound, the 2⁻⁹⁰·T that of y(τ) = y0 + y0Tail). The computed ŷ is
        // within E of y(t₁) before its one rounding, E ≤ 2⁻⁵⁶·threshold, so the margin 2⁻³⁰ puts
        // |ŷ| at or above the threshold for every certified step.
        let variation = reachY * ((abs(y1.high) + abs(y1.low)) + reachY * (abs(y2) + reachY * (abs(ayH) + abs(ayL))))
        let least = (abs(y0) - abs(y0Tail)) * (1 - 0x1p-50) - variation * (1 + 0x1p-20) - 0x1p-90 * terms
        if least >= threshold * (1 + 0x1p-30) { row[18] = row[15] }
    }

    /// The fast path's table guess, exact residual and Chebyshev step for x in (0, 1): t₁, t₀ and
    /// s (its offset from the anchor), the residual x(t₀) − x, the row's offset, and whether the
    /// interval's certificate passed: |r| below the row's slot `bound`, 15 (the certificate) or
    /// 18 (the value's bound, which is the certificate's or 0).
    @inline(__always)
    func expandedStep(_ x: Double, _ rows: UnsafeBufferPointer<Double>, bound: Int = 15)
        -> (t: Double, t0: Double, s: Double, residual: Double, row: Int, certified: Bool) {
        let (t0, s, r, row) = expandedResidual(x, rows)
        return (t0 + expandedCorrection(from: t0, residual: r), t0, s, r, row, abs(r) < rows[row &+ bound])
    }

    /// The first half of ``expandedStep(_:_:bound:)``: the row's offset, the table guess t₀, its
    /// offset s from the anchor, and the exact residual x(t₀) − x.
    @inline(__always)
    func expandedResidual(_ x: Double, _ rows: UnsafeBufferPointer<Double>) -> (t0: Double, s: Double, r: Double, row: Int) {
        // x − 2⁻⁸ is exact for x ≥ 2⁻⁸ (and x < 2⁻⁸ lands in interval 0, whose row has no
        // bound); adding 1.5·2⁴⁵, whose ulp is 2⁻⁷, rounds it to the nearest multiple of 1/128,
        // i.e. rounds x down to k/128 (a multiple of 1/128 may land at the end of the previous
        // interval, the same point), and leaves k in the low bits. d = x − k/128 is exact, and so
        // is x_a − x = 2⁻⁸ − d.
        let biased = (x - 0x1p-8) + 0x1.8p45
        let i = Int(truncatingIfNeeded: biased.bitPattern) & (Self.intervals - 1)
        let d = x - (biased - 0x1.8p45)
        let row = Self.expansionStride &* i
        // R + t₀ on the grid; t₀ and s exact (see the extension's documentation).
        let guess = (rows[row] + d * rows[row &+ 2]) + (d * d) * (rows[row &+ 1] + d * rows[row &+ 3])
        let t0 = guess - rows[row &+ 4]
        let s = guess - rows[row &+ 5]
        let exact = (0x1p-8 - d) + rows[row &+ 6] * s
        let small = (rows[row &+ 12] + rows[row &+ 8] * s) + (s * s) * (rows[row &+ 10] + s * axH)
        return (t0, s, exact + small, row)
    }

    /// The second half of ``expandedStep(_:_:bound:)``: Chebyshev's step δ from t₀ with residual
    /// r, as ``chebyshevStep(_:from:row:_:)`` takes it (the same δ to a few ulps of itself, which
    /// the certificate allows for).
    @inline(__always)
    func expandedCorrection(from t0: Double, residual r: Double) -> Double {
        // x″/2 = dxA·t₀ + b (dxA = 3a): the product is x′'s first one, and the sum is x″/2 bit for
        // bit as 0.5·(ddxA·t₀ + dxB) would give it (ddxA = 2·dxA, dxB = 2b: scalings by 2 are exact).
        let leading = dxA * t0
        let d1 = (leading + dxB) * t0 + dxC
        let halfD2 = leading + bxH
        let reciprocal = 1 / d1
        // −q − (x″/2x′)q² with q = r/x′, as −(q + (κ/x′)·(1/x′)²), κ = x″r²/2: κ is ready with
        // r, before the division, which leaves two dependent operations after it instead of four.
        let kappa = halfD2 * (r * r)
        return -(r * reciprocal + (kappa * reciprocal) * (reciprocal * reciprocal))
    }
}
