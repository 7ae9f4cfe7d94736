import MotionNumerics

extension CubicBezier {
#if arch(x86_64) && !(os(Windows) || os(Android))
    /// x(t)'s power-basis coefficients in x87 extended precision (64-bit significands), from the
    /// double-double pairs on each use: an 80-bit load (FLD m80) is microcoded, slower on the fast
    /// path than two 64-bit loads and an addition.
    @inline(__always)
    var xWide: (a: Float80, b: Float80, c: Float80) {
        (Float80(axH) + Float80(axL), Float80(bxH) + Float80(bxL), Float80(cxH) + Float80(cxL))
    }
#endif

    /// x(t) − x, accurate to far below an ulp of x: in x87 extended precision where it exists
    /// (64-bit significands: the power-basis terms sum to at most 14·x(t) for x1, x2 ∈ [0, 1], so
    /// the error stays under 2^-57·x), else by compensated Horner.
    @inline(__always)
    func residual(_ t: Double, minus x: Double) -> Double {
#if arch(x86_64) && !(os(Windows) || os(Android))
        // Estrin again: (c·t − x) + t²·(b + a·t).
        let wideT = Float80(t)
        let (a, b, c) = xWide
        return Double((c * wideT - Float80(x)) + (wideT * wideT) * (b + a * wideT))
#else
        return compensatedResidual(t, minus: x)
#endif
    }

    /// x(t) − x by compensated Horner on the exact coefficients: the error is a few units of
    /// 2^-100 relative to the terms, so the sign and size of the residual are right even when
    /// it is far below an ulp of x.
    @inline(__always)
    func compensatedResidual(_ t: Double, minus x: Double) -> Double {
        let (head, tail) = Self.compensatedHorner(t, a: (axH, axHH, axHL, axL), b: (bxH, bxL), c: (cxH, cxL))
        // Near the root head ≈ x, so head − x is exact (Sterbenz) and the tail carries the rest.
        return (head - x) + tail
    }

    /// ((a·t + b)·t + c)·t by compensated Horner on coefficients held as head + tail (a's head
    /// also pre-split for exact products): the value as head + tail, where the tail holds the
    /// rounding errors of every step, so head + tail is right to a few units of 2^-100.
    @inline(__always)
    static func compensatedHorner(
        _ t: Double, a: (head: Double, high: Double, low: Double, tail: Double),
        b: (head: Double, tail: Double), c: (head: Double, tail: Double)
    ) -> (head: Double, tail: Double) {
        let (th, tl) = ErrorFree.split(t)
        let p1 = a.head * t
        let e1 = ErrorFree.productError(p1, a.high, a.low, th, tl)
        let s1 = p1 + b.head
        var error = (e1 + ErrorFree.sumError(s1, p1, b.head)) + (a.tail * t + b.tail)
        let (s1h, s1l) = ErrorFree.split(s1)
        let p2 = s1 * t
        let e2 = ErrorFree.productError(p2, s1h, s1l, th, tl)
        let s2 = p2 + c.head
        error = error * t + ((e2 + ErrorFree.sumError(s2, p2, c.head)) + c.tail)
        let (s2h, s2l) = ErrorFree.split(s2)
        let p3 = s2 * t
        let e3 = ErrorFree.productError(p3, s2h, s2l, th, tl)
        return (p3, error * t + e3)
    }
}
