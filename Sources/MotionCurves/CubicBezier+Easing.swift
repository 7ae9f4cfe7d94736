extension CubicBezier {
    /// y at the t that solves x(t) = x; x clamped to [0, 1], so y(0) = 0 and y(1) = 1 exactly.
    ///
    /// Not inlinable, like ``solveT(forX:)-(Double)``: the call carries x and `self` only.
    public func y(forX x: Double) -> Double {
        expansions.withUnsafeBufferPointer { solveWithValue(x, $0).y }
    }

    /// dy/dx at the t that solves x(t) = x (x clamped to [0, 1]), with SwiftUI's conventions:
    /// where dx/dt and dy/dt are both 0, 1 at the start and 0 at the end; ±∞ where only dx/dt is 0.
    public func slope(forX x: Double) -> Double {
        slope(atT: solveT(forX: x.isNaN ? x : Swift.min(Swift.max(x, 0), 1)))
    }

    /// dy/dx at t with SwiftUI's conventions (see ``slope(forX:)-(Double)``).
    public func slope(atT t: Double) -> Double {
        let dx = derivativeX(atT: t), dy = derivativeY(atT: t)
        if dx == 0 {
            // Both vanish where an end's control point coincides with it: real SwiftUI gives 1 at
            // the start (easeOut at 0) and 0 at the end (easeIn at 1). The limit is
            // ``limitingSlope(atT:)``.
            if dy == 0 { return t < 0.5 ? 1 : 0 }
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
