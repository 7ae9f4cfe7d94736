#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension CubicBezier {
    /// The parameter t in [0, 1] with x(t) = x, for x clamped to [0, 1]; NaN for NaN.
    ///
    /// Exact to MotionLab's timing-curve contract (<doc:SolvingTheBezierInverseExactly>): in exact
    /// arithmetic |x(t) − x| ≤ 4 ulp(x) (bounded by ~3.1, measured ≤ 2.35; see the type's
    /// documentation for what is guaranteed and what is measured), t(0) = 0 and t(1) = 1 exactly,
    /// monotone in x, never NaN for non-NaN x.
    ///
    /// Not inlinable: the caller passes x and `self` and nothing else, and the table is only
    /// reached on the slow path (an inlined wrapper passed both buffers, five registers set up
    /// per call, which cost ~0.4 ns of 9).
    public func solveT(forX x: Double) -> Double {
        expansions.withUnsafeBufferPointer { solve(x, $0) }
    }

    /// Whether x lies in (0, 1), by one unsigned comparison of its bits (0 wraps to the largest
    /// value, negatives and NaNs lie above 1's): the fast paths' only test before the index.
    @inline(__always)
    static func isInside(_ x: Double) -> Bool {
        x.bitPattern &- 1 < (1.0).bitPattern &- 1
    }

    /// The table guess for x in (0, 1), and the index of its interval's first coefficient.
    @inline(__always)
    func guess(_ x: Double, _ table: UnsafeBufferPointer<Double>) -> (t: Double, base: Int) {
        // x·128 is exact. Adding 1.5·2^52 to x·128 − ½ rounds it to an integer held in the low bits
        // (faster than a checked Double → Int conversion); an exact multiple of 1/128 may land at
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

    /// A start near an end where t(x) is far from linear over the end interval: with x(t) bounded
    /// by P(t) = c·t + b·t² + t³ (c = 3x1, b = 3x2 at t = 0; c = 3(1 − x2), b = 3(1 − x1) for 1 − x
    /// in 1 − t), the smaller of the root of c·t + b·t² = x and ∛x. That is an upper bound on P's
    /// root and at most twice it, and P's root is within a factor 1.6 of the true one over the end
    /// interval (t ≤ ∛(1/128) there, so the Bernstein factors (1 − t)ᵏ stay above 0.64). Exact
    /// leading terms where x′ vanishes at the end: √(x/b) when c = 0 < b, ∛x when c = b = 0; and the
    /// linear root x/c where c·t dominates. ∛x is only taken when it can win (b < x^⅓ needs b < ¼),
    /// and the square root goes through hypot and √b·√x only when c² + 4bx would underflow.
    func seriesGuess(_ x: Double, linear c: Double, quadratic b: Double) -> Double {
        let discriminant = c * c + 4 * b * x
        let root = discriminant >= 0x1p-1000
            ? 2 * x / (c + discriminant.squareRoot())
            : 2 * x / (c + hypot(c, 2 * b.squareRoot() * x.squareRoot()))  // c² + 4bx underflows
        return b < 0.25 ? Swift.min(root, cbrt(x)) : root
    }

    /// One Chebyshev step from the guess: t₁ = t₀ − q − (x″/2x′)·q² with q = r/x′. It converges
    /// cubically like Halley's, but 1/x′ is computed while the residual is, so no division waits
    /// on the residual. `certified` says whether t₁ is within ulp(t₁)/32 of the root before its
    /// one rounding: by the interval's precomputed bound on the residual (one comparison, see
    /// ``certifiedResidual(lo:hi:)``), or failing that by
    /// ``converged(step:reciprocal:curvature:at:constant:)``.
    @inline(__always)
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

    /// t for x: the local expansion's certified step (``expandedStep(_:_:)``), or
    /// ``solveWithoutExpansion(_:_:)``.
    @inline(__always)
    func solve(_ x: Double, _ rows: UnsafeBufferPointer<Double>) -> Double {
        guard Self.isInside(x) else { return x > 0 ? 1 : (x.isNaN ? x : 0) }
        let step = expandedStep(x, rows)
        if step.certified { return step.t }
        return table.withUnsafeBufferPointer { solveWithoutExpansion(x, $0) }
    }

    /// The path for x in (0, 1) where the local expansion is not proven or its step did not
    /// certify itself: the table guess (or the series guess at a vertical end tangent), one
    /// Chebyshev step on the extended-precision residual, and the bracketed fallback.
    @inline(never)
    func solveWithoutExpansion(_ x: Double, _ table: UnsafeBufferPointer<Double>) -> Double {
        let (t0, base) = guess(x, table)
        let (t1, _, certified) = chebyshevStep(x, from: t0, row: base, table)
        if certified { return t1 }
        return solveFromGuess(x, t1, lo: table[base], hi: table[base &+ Self.stride])
    }

    /// t and y(t) together, y evaluated at the returned t. On the fast path y(t₁) comes from the
    /// interval's expansion around its anchor (see ``expansions``): an exact leading part that
    /// depends only on the guess, and a small remainder in σ = t₁ − τ, rounded once; it is
    /// returned when the interval's bound puts it within (½ + ⅛)·ulp of y(t₁). Otherwise y comes
    /// from compensated Horner at the returned t.
    ///
    /// One comparison decides: |r̂| against the row's value bound (slot 18), which construction
    /// sets to the certificate bound only where every certified step's ŷ is proven to pass the
    /// least-|y| test (see ``buildExpansions(slopes:)``). It is known with the residual, so nothing
    /// waits on y; rows without it go through ``valueWithoutExpansion(_:_:)``, which tests both
    /// at run time as before.
    @inline(__always)
    func solveWithValue(_ x: Double, _ rows: UnsafeBufferPointer<Double>) -> (t: Double, y: Double) {
        guard Self.isInside(x) else { return x > 0 ? (1, 1) : (x.isNaN ? (x, x) : (0, 0)) }
        let step = expandedStep(x, rows, bound: 18)
        if step.certified { return (step.t, expandedValue(step, rows)) }
        return valueWithoutExpansion(x, rows)
    }

    /// y(t₁) from the row's y expansion, for a step from ``expandedStep(_:_:bound:)``.
    @inline(__always)
    func expandedValue(
        _ step: (t: Double, t0: Double, s: Double, residual: Double, row: Int, certified: Bool),
        _ rows: UnsafeBufferPointer<Double>
    ) -> Double {
        expandedValue(t: step.t, t0: step.t0, s: step.s, row: step.row, rows)
    }

    /// y(t₁) from the row's y expansion at offset `row`, for t₁ = `t` stepped from the guess `t0`
    /// at offset `s` from the anchor.
    @inline(__always)
    func expandedValue(t: Double, t0: Double, s: Double, row: Int, _ rows: UnsafeBufferPointer<Double>) -> Double {
        let exact = rows[row &+ 14] + rows[row &+ 7] * s
        let delta = t - t0, sigma = t - rows[row &+ 17]
        let small = ((rows[row &+ 13] + rows[row &+ 7] * delta) + rows[row &+ 9] * sigma)
            + (sigma * sigma) * (rows[row &+ 11] + sigma * ayH)
        return exact + small
    }

    /// t and y where the row's value bound did not pass: the fast path again with both run-time
    /// tests (the certificate, and |ŷ| at least the row's threshold, slot 16), else y by
    /// compensated Horner at the certified t, or at ``solveWithoutExpansion(_:_:)``'s t.
    @inline(never)
    func valueWithoutExpansion(_ x: Double, _ rows: UnsafeBufferPointer<Double>) -> (t: Double, y: Double) {
        let step = expandedStep(x, rows)
        if step.certified {
            let y = expandedValue(step, rows)
            if abs(y) >= rows[step.row &+ 16] { return (step.t, y) }
            return (step.t, self.y(atT: step.t))
        }
        let solved = table.withUnsafeBufferPointer { solveWithoutExpansion(x, $0) }
        return (solved, y(atT: solved))
    }
}
