#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension CubicBezier {
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
    func certifiedResidual(lo: Double, hi: Double) -> Double { certificate(lo: lo, hi: hi).bound }

    /// ``certifiedResidual(lo:hi:)`` together with the lower bound m on x′ it was derived from
    /// (0 where there is no bound), which the local expansions use to bound the step.
    func certificate(lo: Double, hi: Double) -> (bound: Double, slope: Double) {
        let margin = 0x1p-30
        let a = lo - margin, b = Swift.min(hi + margin, 1)
        guard a > 0 else { return (0, 0) }
        // x′ = dxA·t² + dxB·t + cx is a quadratic: its minimum over [a, b] is at an end or the vertex.
        var slope = Swift.min(derivativeX(atT: a), derivativeX(atT: b))
        let vertex = -dxB / (2 * dxA)
        if dxA != 0, vertex > a, vertex < b { slope = Swift.min(slope, derivativeX(atT: vertex)) }
        slope *= 1 - 0x1p-40
        guard slope > 0 else { return (0, 0) }
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
        return bound.isFinite ? (bound, slope) : (0, 0)
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
    /// vertical tangent (x′ → 0) it is sub-ulp from anywhere (building the table of
    /// cubic-bezier(1e-300, ·, 1, ·) meets x′(1) = 3e-300 at t = 1 for x = 1/128, and without the
    /// premise would keep t = 1). With a ≤ 1/8, |δ|·|x″|/x′ ≤ 1/8 forces the Newton step q = r/x′
    /// within 1/15 of δ (for Halley's
    /// δ = q/(1 − u), u = q·x″/2x′; Chebyshev's δ = −q(1 + u) would also need |u| ≤ 1/16),
    /// and then Kantorovich's theorem (h = M₂|q|/x′ ≤ 1.14a ≤ 1/2 with M₂ ≥ |x″| over t ± 2|q|)
    /// puts the root within 2|q|/(1 + √(1 − 2h)) ≤ 1.09|q| ≤ 1.16|δ| of t: e ≤ 2|δ| holds.
    /// (``chebyshevStep(_:from:row:_:)`` checks |u| ≤ 1/16 itself.)
    ///
    /// The bound is for the step in exact arithmetic; the step as computed is off by a few ulps of
    /// itself, which `|δ| ≤ 2⁻¹⁰·t` keeps under 2⁻⁶⁰·t. Without that condition a Halley step from
    /// t = 2.5e-155 towards a root at 8.9e-308 (x1 = 0.4, x2 = 0, x = 1.07e-307) cancels to
    /// t + δ = 4.1e-171, the rounding error of δ and no closer, and would pass: its exact error
    /// bound, ~10⁻⁴⁶⁵, underflows to 0.
    @inline(__always)
    func converged(step: Double, reciprocal: Double, curvature: Double, at t: Double, constant: Double) -> Bool {
        let size = abs(step)
        let w = size * reciprocal
        let a = (abs(curvature) + thirdDerivative * size) * w
        // thirdDerivative = 2M₃, so M₃/6 = thirdDerivative/12.
        return a <= 0.125 && size <= 0x1p-10 * t
            && 8 * size * (a * a / constant + thirdDerivative * size * w * (1.0 / 12)) <= 0x1p-58 * t
    }
}
