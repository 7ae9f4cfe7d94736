/// The points `from, from + step, …` up to `to`, as a person writes them: a grid given in
/// decimals (0 to 1 by 0.1) is the doubles nearest those decimals (0.3, not the
/// 0.30000000000000004 that 3 × 0.1 rounds to).
public enum UniformGrid {
    /// The number of points from `from` to `to` (inclusive within a billionth of a step).
    public static func count(from: Double, to: Double, step: Double) -> Double {
        ((to - from) / step + 1e-9).rounded(.down) + 1
    }

    /// The grid's points. When `from` and `step` are short decimals (at most 15 significant
    /// digits together), point i is the double nearest the decimal from + i·step, computed as
    /// one correctly rounded division of integers; otherwise from + i·step, multiplied rather
    /// than accumulated so that the last point does not drift.
    ///
    /// - Precondition: `from`, `to` finite, `step` > 0 and `count(from:to:step:)` representable.
    public static func points(from: Double, to: Double, step: Double) -> [Double] {
        let n = Int(count(from: from, to: to, step: step))
        guard n > 0 else { return [] }
        if let scale = decimalScale(from, step) {
            let (a, b) = ((from * scale).rounded(), (step * scale).rounded())
            // Exact integers as long as the last one stays below 2^53.
            if abs(a) + b * Double(n - 1) < 0x1p53 {
                return (0..<n).map { (a + Double($0) * b) / scale }
            }
        }
        return (0..<n).map { from + Double($0) * step }
    }

    /// 10^d for the fewest decimals d ≤ 15 in which both numbers are written exactly (as their
    /// shortest round-trip text), or nil.
    static func decimalScale(_ values: Double...) -> Double? {
        var decimals = 0
        for v in values {
            let (digits, exponent) = DecimalText.decimalDigits(of: v.magnitude)
            if v == 0 { continue }
            decimals = max(decimals, digits.count - 1 - exponent)
        }
        guard decimals <= 15 else { return nil }
        var scale = 1.0
        for _ in 0..<max(decimals, 0) { scale *= 10 }
        // Both must be exact integers at this scale.
        for v in values where (v * scale).rounded() / scale != v { return nil }
        return scale
    }
}
