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

extension CubicBezier {
    /// d²y/dx² at t: (y″x′ − y′x″)/x′³, the rate at which the slope turns per unit of x.
    ///
    /// Where dx/dt and dy/dt both vanish (an end whose control point coincides with it) the
    /// slope still turns while x stops moving, so the limit is ±∞ (0 when the slope does not
    /// turn there); where only dx/dt vanishes (a vertical tangent) there is no second derivative:
    /// NaN.
    public func slopeRate(atT t: Double) -> Double {
        let dx = derivativeX(atT: t), dy = derivativeY(atT: t)
        let ddx = secondDerivativeX(atT: t), ddy = secondDerivativeY(atT: t)
        if dx != 0 { return (ddy * dx - dy * ddx) / (dx * dx * dx) }
        guard dy == 0 else { return .nan }
        // With τ = t − t₀: x′ ≈ x″τ, and the slope (y″ + y‴τ/2)/(x″ + x‴τ/2) turns at
        // (y‴x″ − y″x‴)/(2x″²) per unit t, so d²y/dx² ≈ that over x″τ, whose sign τ gives: > 0
        // after the start, < 0 before the end.
        let dddx = 6 * (1 - 3 * x2 + 3 * x1), dddy = 6 * (1 - 3 * y2 + 3 * y1)
        let turn = dddy * ddx - ddy * dddx
        guard turn != 0, ddx != 0 else { return 0 }
        let sign = turn * ddx * (t < 0.5 ? 1 : -1)
        return sign > 0 ? .infinity : -.infinity
    }
}
