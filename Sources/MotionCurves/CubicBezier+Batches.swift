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
                    for k in input.indices { out[k] = solve(input[k], rows) }
                }
            }
        }
    }

    /// y for each x (clamped to [0, 1]).
    public func y(forX xs: [Double]) -> [Double] {
        var out = [Double](repeating: 0, count: xs.count)
        expansions.withUnsafeBufferPointer { rows in
            xs.withUnsafeBufferPointer { input in
                out.withUnsafeMutableBufferPointer { out in
                    for k in input.indices { out[k] = solveWithValue(input[k], rows).y }
                }
            }
        }
        return out
    }

    /// dy/dx for each x (clamped to [0, 1]), with the conventions of ``slope(forX:)``.
    public func slope(forX xs: [Double]) -> [Double] {
        solveT(forX: xs.map { $0.isNaN ? $0 : Swift.min(Swift.max($0, 0), 1) }).map(slope(atT:))
    }
}
