extension CubicBezier {
    /// x(t), correctly rounded but for a few units in the 100th bit.
    public func x(atT t: Double) -> Double { compensatedResidual(t, minus: 0) }

    /// y(t), correctly rounded but for a few units in the 100th bit (before ±∞ for huge y).
    public func y(atT t: Double) -> Double {
        if t == 0 { return 0 }
        if t == 1 { return 1 }
        let (head, tail) = Self.compensatedHorner(t, a: (ayH, ayHH, ayHL, ayL), b: (byH, byL), c: (cyH, cyL))
        return (head + tail) * yUnscale
    }

    /// dx/dt at t, in Bernstein form so that it is exactly 0 at an end whose control point
    /// lies on it (SwiftUI's velocity conventions hinge on that zero).
    public func derivativeX(atT t: Double) -> Double { Self.derivative(x1, x2, end: 1, t) }

    /// dy/dt at t (Bernstein form, see ``derivativeX(atT:)``).
    public func derivativeY(atT t: Double) -> Double {
        Self.derivative(y1 / yUnscale, y2 / yUnscale, end: 1 / yUnscale, t) * yUnscale
    }

    /// d²x/dt² at t.
    public func secondDerivativeX(atT t: Double) -> Double { Self.secondDerivative(x1, x2, end: 1, t) }

    /// d²y/dt² at t.
    public func secondDerivativeY(atT t: Double) -> Double {
        Self.secondDerivative(y1 / yUnscale, y2 / yUnscale, end: 1 / yUnscale, t) * yUnscale
    }

    /// 3[(1−t)²p₁ + 2(1−t)t(p₂ − p₁) + t²(end − p₂)].
    private static func derivative(_ p1: Double, _ p2: Double, end: Double, _ t: Double) -> Double {
        let s = 1 - t
        return 3 * (s * s * p1 + 2 * s * t * (p2 - p1) + t * t * (end - p2))
    }

    /// 6[(1−t)(p₂ − 2p₁) + t(end − 2p₂ + p₁)].
    private static func secondDerivative(_ p1: Double, _ p2: Double, end: Double, _ t: Double) -> Double {
        6 * ((1 - t) * (p2 - 2 * p1) + t * (end - 2 * p2 + p1))
    }
}
