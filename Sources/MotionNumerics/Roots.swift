/// Root finding on a bracket.
public enum Roots {
    /// The root of `f` in the closed interval between `a` and `b`, by Newton steps safeguarded
    /// with bisection.
    ///
    /// `f(a)` and `f(b)` must not have the same strict sign. Each iteration takes the Newton step
    /// from the better end when it stays inside the bracket and shrinks it by at least half of
    /// the previous step; otherwise it bisects. Where the Newton point lies within two ulps of an
    /// end of the bracket (converged from one side, or onto an end evaluated before), the next
    /// point is that end moved two ulps inwards, then four, eight … while those land on the same
    /// side: that closes the bracket in a few values where bisecting it down from the other end
    /// took dozens. The bracket always contains the root, so the result is correct to within the
    /// bracket width at exit, which is a few ulps unless `absoluteTolerance` allows more. Never
    /// returns NaN for a finite bracket.
    ///
    /// - Parameters:
    ///   - a: one end of the bracket, finite.
    ///   - b: the other end, finite, on either side of `a`.
    ///   - absoluteTolerance: stop once the bracket is narrower than this (0: to the last bits).
    ///   - maxIterations: an upper bound; bisection alone needs at most ~1100 halvings for doubles.
    ///   - f: returns the function value and its derivative at a point.
    /// - Returns: `nil` when the ends do not bracket a sign change or are not finite.
    public static func newtonBisection(
        between a: Double, and b: Double,
        absoluteTolerance: Double = 0,
        maxIterations: Int = 200,
        _ f: (Double) -> (value: Double, derivative: Double)
    ) -> Double? {
        guard a.isFinite, b.isFinite else { return nil }
        return newtonBisection(between: a, and: b, values: (f(a).value, f(b).value), start: nil,
                               absoluteTolerance: absoluteTolerance, maxIterations: maxIterations, f)
    }

    /// ``newtonBisection(between:and:absoluteTolerance:maxIterations:_:)`` for a caller that
    /// already has `f(a)` and `f(b)` and a good first iterate: `start`, when it lies strictly
    /// inside the bracket (else the midpoint). The result is the same root; a start close to it
    /// saves the evaluations the first bisections would spend.
    ///
    /// - Parameters:
    ///   - a: one end of the bracket, finite.
    ///   - b: the other end, finite.
    ///   - values: `f(a).value` and `f(b).value`.
    ///   - start: the first point to evaluate, or nil for the midpoint.
    ///   - absoluteTolerance: stop once the bracket is narrower than this (0: to the last bits).
    ///   - maxIterations: an upper bound on the iterations.
    ///   - f: returns the function value and its derivative at a point.
    /// - Returns: `nil` when the ends do not bracket a sign change or are not finite.
    public static func newtonBisection(
        between a: Double, and b: Double,
        values: (a: Double, b: Double),
        start: Double?,
        absoluteTolerance: Double = 0,
        maxIterations: Int = 200,
        _ f: (Double) -> (value: Double, derivative: Double)
    ) -> Double? {
        guard a.isFinite, b.isFinite else { return nil }
        let (fa, fb) = values
        if fa == 0 { return a }
        if fb == 0 { return b }
        guard fa.isFinite, fb.isFinite, (fa < 0) != (fb < 0) else { return nil }
        // Keep `lo` where f < 0 and `hi` where f > 0.
        var lo = fa < 0 ? a : b
        var hi = fa < 0 ? b : a
        var x = 0.5 * (lo + hi)
        if let start, start.isFinite, (start - lo) * (start - hi) < 0 { x = start }
        var previousStep = abs(hi - lo)
        var step = previousStep
        // The distance of the last point from the end it probed inside (0: it was no probe).
        var probe = 0.0
        var probedFromLo = false
        for _ in 0..<maxIterations {
            let (fx, dfx) = f(x)
            if fx == 0 { return x }
            if fx < 0 { lo = x } else { hi = x }
            // A probe that crossed the root has closed the bracket to its distance.
            if probe > 0 && (fx < 0) != probedFromLo { probe = 0 }
            let width = abs(hi - lo)
            let resolution = 2 * Swift.max(lo.ulp, hi.ulp)
            if width <= absoluteTolerance || width <= resolution {
                return 0.5 * (lo + hi)
            }
            let newton = x - fx / dfx
            // Newton puts the root within the resolution of an end of the bracket: it has
            // converged from one side, or onto an end evaluated before. The other end has not
            // moved, and Newton steps are rounding noise or overshoot the near end, so bisecting
            // down from the far end would take dozens of halvings. Instead probe just inside the
            // near end, twice as far each time a probe lands on the same side.
            let nearest = abs(newton - lo) <= abs(newton - hi) ? lo : hi
            if newton.isFinite && abs(newton - nearest) <= resolution {
                let distance = probe > 0 ? 2 * probe : resolution
                if distance < width {
                    (probe, probedFromLo) = (distance, nearest == lo)
                    previousStep = step
                    step = distance
                    let other = nearest == lo ? hi : lo
                    x = nearest + (other > nearest ? distance : -distance)
                    continue
                }
            }
            probe = 0
            let inside = newton.isFinite && (newton - lo) * (newton - hi) < 0
            if inside && abs(newton - x) * 2 < previousStep {
                previousStep = step
                step = abs(newton - x)
                x = newton
            } else {
                previousStep = step
                step = width / 2
                x = lo + (hi - lo) / 2
            }
        }
        return x
    }
}
