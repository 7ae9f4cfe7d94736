extension CubicBezier {
    /// t for each x (clamped to [0, 1]), in order; sorted or not.
    ///
    /// Sortedness is not needed and not exploited: each solve already starts from a table guess
    /// close enough for a single certified step, so a warm start from the previous point could
    /// not remove that step and would chain the solves together.
    public func solveT(forX xs: [Double]) -> [Double] {
        var out = [Double](repeating: 0, count: xs.count)
        solveT(forX: xs, into: &out)
        return out
    }

    /// t for each x written into `output`, which must have at least `xs.count` elements.
    public func solveT(forX xs: [Double], into output: inout [Double]) {
        precondition(output.count >= xs.count, "output has \(output.count) elements; \(xs.count) needed")
        expansions.withUnsafeBufferPointer { rows in
            xs.withUnsafeBufferPointer { input in
                output.withUnsafeMutableBufferPointer { out in
                    inPasses(input, out, rows, bound: 15, value: false)
                }
            }
        }
    }

    /// y for each x (clamped to [0, 1]), bit for bit as ``y(forX:)-(Double)`` gives it.
    public func y(forX xs: [Double]) -> [Double] {
        var out = [Double](repeating: 0, count: xs.count)
        expansions.withUnsafeBufferPointer { rows in
            xs.withUnsafeBufferPointer { input in
                out.withUnsafeMutableBufferPointer { out in
                    inPasses(input, out, rows, bound: 18, value: true)
                }
            }
        }
        return out
    }

    /// t (or y, when `value`) for each x of `input` into `out`, the fast path's work split into
    /// passes over blocks of x: the guess and residual, then the step (and y), then the per-call
    /// path for the x the fast path does not take (outside (0, 1), or |r| not below the row's
    /// slot `bound`). Each pass's dependent chain is a fraction of the whole, so the processor
    /// overlaps many more x at once than in one loop, where a call's chain through the division
    /// to y fills its window. The results are the per-call ones bit for bit: the same operations
    /// on the same operands.
    @inline(__always)
    private func inPasses(
        _ input: UnsafeBufferPointer<Double>, _ out: UnsafeMutableBufferPointer<Double>,
        _ rows: UnsafeBufferPointer<Double>, bound: Int, value: Bool
    ) {
        let block = 512
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 3 * block) { scratch in
            withUnsafeTemporaryAllocation(of: (row: Int, fast: Bool).self, capacity: block) { rowsOf in
                let t0s = scratch.baseAddress!, ss = t0s + block, rs = ss + block
                var start = 0
                while start < input.count {
                    let count = Swift.min(block, input.count - start)
                    // The guess and the exact residual. Outside (0, 1) a placeholder (the middle
                    // of the first row), so that the next passes run without a branch; the last
                    // pass overwrites what they compute there and wherever |r| is not below the
                    // bound.
                    for j in 0..<count {
                        let x = input[start &+ j]
                        let inside = Self.isInside(x)
                        let (t0, s, r, row) = expandedResidual(inside ? x : 0.5, rows)
                        (t0s[j], ss[j], rs[j]) = (t0, s, r)
                        rowsOf[j] = (row, inside && abs(r) < rows[row &+ bound])
                    }
                    // The step to t₁.
                    for j in 0..<count {
                        let t0 = t0s[j]
                        out[start &+ j] = t0 + expandedCorrection(from: t0, residual: rs[j])
                    }
                    // y at t₁.
                    if value {
                        for j in 0..<count {
                            out[start &+ j] = expandedValue(t: out[start &+ j], t0: t0s[j], s: ss[j], row: rowsOf[j].row, rows)
                        }
                    }
                    // Everything else, as one call would.
                    for j in 0..<count where !rowsOf[j].fast {
                        let x = input[start &+ j]
                        out[start &+ j] = value ? solveWithValue(x, rows).y : solve(x, rows)
                    }
                    start += count
                }
            }
        }
    }

    /// dy/dx for each x (clamped to [0, 1]), with the conventions of ``slope(forX:)``.
    public func slope(forX xs: [Double]) -> [Double] {
        solveT(forX: xs.map { $0.isNaN ? $0 : Swift.min(Swift.max($0, 0), 1) }).map(slope(atT:))
    }
}
