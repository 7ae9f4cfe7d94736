/// Root finding on a bracket.
public enum Roots {
    /// The root of `f` in the closed interval between `a` and `b`, by Newton steps safeguarded
    /// with bisection.
    ///
    /// `f(a)` and `f(b)` must not have the same strict sign. Each iteration takes the Newton step
    /// from the better end when it stays inside the bracket and shrinks it by at least half of
    /// the previous step; otherwise it bisects. The bracket always contains the root, so the
    /// result is correct to within the bracket width at exit, which is a few ulps unless
    /// `absoluteTolerance` allows more. Never returns NaN for a finite bracket.
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
        for _ in 0..<maxIterations {
            let (fx, dfx) = f(x)
            if fx == 0 { return x }
            if fx < 0 { lo = x } else { hi = x }
            let width = abs(hi - lo)
            if width <= absoluteTolerance || width <= 2 * Swift.max(lo.ulp, hi.ulp) {
                return 0.5 * (lo + hi)
            }
            let newton = x - fx / dfx
            let inside = newton.isFinite && (newton - lo) * (newton - hi) < 0
            if inside && abs(newton - x) * 2 < previousStep {
                previousStep = step
                step = abs(newton - x)
                if newton == x { return x }
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
