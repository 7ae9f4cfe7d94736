extension CubicBezier {
    /// The share of `xs` in (0, 1) solved on the fast path — the table's guess, the local
    /// expansion's residual and one step that certifies itself — rather than by the
    /// extended-precision or bracketed paths; 1 when there are none.
    @_spi(Diagnostics)
    public func fastPathShare(forX xs: [Double]) -> Double {
        certifiedShare(xs, bound: 15)
    }

    /// The share of `xs` in (0, 1) whose value ``y(forX:)-(Double)`` takes on the fast path (the
    /// row's value bound passed) rather than through the run-time tests and compensated Horner;
    /// 1 when there are none.
    @_spi(Diagnostics)
    public func fastValueShare(forX xs: [Double]) -> Double {
        certifiedShare(xs, bound: 18)
    }

    /// The share of `xs` in (0, 1) whose fast step passes the row's slot `bound`.
    private func certifiedShare(_ xs: [Double], bound: Int) -> Double {
        let inside = xs.filter { $0 > 0 && $0 < 1 }
        guard !inside.isEmpty else { return 1 }
        let fast = expansions.withUnsafeBufferPointer { rows in
            inside.reduce(0) { count, x in count + (expandedStep(x, rows, bound: bound).certified ? 1 : 0) }
        }
        return Double(fast) / Double(inside.count)
    }
}
