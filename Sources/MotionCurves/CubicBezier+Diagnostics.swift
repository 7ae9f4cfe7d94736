extension CubicBezier {
    /// The share of `xs` in (0, 1) solved on the fast path — the table's guess, the local
    /// expansion's residual and one step that certifies itself — rather than by the
    /// extended-precision or bracketed paths; 1 when there are none.
    @_spi(Diagnostics)
    public func fastPathShare(forX xs: [Double]) -> Double {
        let inside = xs.filter { $0 > 0 && $0 < 1 }
        guard !inside.isEmpty else { return 1 }
        let fast = expansions.withUnsafeBufferPointer { rows in
            inside.reduce(0) { count, x in count + (expandedStep(x, rows).certified ? 1 : 0) }
        }
        return Double(fast) / Double(inside.count)
    }
}
