extension CubicBezier {
    /// Up to two Halley steps from the guess, then the bracketed path. Every residual evaluated here
    /// has an exact sign, so each iterate narrows the bracket handed over: a wild first step (from a
    /// guess far off) cannot throw away what the points already visited have shown.
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
    @inline(__always)
    func halleyStep(at t: Double, residual r: Double)
        -> (step: Double, reciprocal: Double, curvature: Double, valid: Bool) {
        let d1 = (dxA * t + dxB) * t + dxC
        let d2 = ddxA * t + dxB
        let reciprocal = 1 / d1
        let denominator = 2 * d1 - r * reciprocal * d2
        return (-2 * r / denominator, reciprocal, d2, d1 > 0 && denominator > 0)
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
    static func midpoint(_ lo: Double, _ hi: Double) -> Double {
        if lo * 4 < hi {
            let a = lo.bitPattern, b = hi.bitPattern
            return Double(bitPattern: a + (b - a) / 2)
        }
        return lo + (hi - lo) / 2
    }
}
