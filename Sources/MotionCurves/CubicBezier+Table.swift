extension CubicBezier {
    /// The inverse's Hermite pieces, and whether the first and last pieces had an end slope
    /// capped (see ``startSingularity``); each node is solved by the bracketed path from the previous
    /// node's root, so construction is about 127 short solves.
    /// Each interval's row also holds its certificate bound (see ``stride``); the lower bounds on
    /// x′ behind those bounds come back separately, for ``buildExpansions(slopes:)``.
    func buildTable() -> (table: [Double], startSeries: Bool, endSeries: Bool, slopes: [Double]) {
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
        // dt/du at each node, u = 128·x: 1/(128·x′(t)), ∞ at vertical tangents.
        let slopes = roots.map { t -> Double in
            let d = derivativeX(atT: t)
            return d > 0 ? 1 / (Double(n) * d) : .infinity
        }
        var coefficients = [Double]()
        coefficients.reserveCapacity(Self.stride * n + 1)
        var certificateSlopes = [Double]()
        certificateSlopes.reserveCapacity(n)
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
            let certificate = certificate(lo: t0, hi: t1)
            coefficients.append(certificate.bound)
            certificateSlopes.append(certificate.slope)
        }
        coefficients.append(1)
        // A capped slope at t = 0 or 1 (infinite at a vertical tangent) means the piece starts out
        // linear where t(x) does not: there t(x) ≈ x/x′(0) only for x ≪ 1/128, and beyond that
        // follows √x or ∛x, so the series guess is far closer than the piece.
        return (coefficients, slopes[0] > 3 * roots[1], slopes[n] > 3 * (1 - roots[n - 1]), certificateSlopes)
    }
}
