extension CubicBezier {
    /// The share of `xs` in (0, 1) solved on the fast path — the table's guess and one step that
    /// certifies itself — rather than by the bracketed fallback; 1 when there are none.
    @_spi(Diagnostics)
    public func fastPathShare(forX xs: [Double]) -> Double {
        let inside = xs.filter { $0 > 0 && $0 < 1 }
        guard !inside.isEmpty else { return 1 }
        let fast = table.withUnsafeBufferPointer { table in
            inside.reduce(0) { count, x in
                let (t0, base) = guess(x, table)
                return count + (chebyshevStep(x, from: t0, row: base, table).certified ? 1 : 0)
            }
        }
        return Double(fast) / Double(inside.count)
    }
}
