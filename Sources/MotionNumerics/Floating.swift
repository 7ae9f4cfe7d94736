/// Helpers for reasoning about floating-point accuracy.
public enum Floating {
    /// The number of representable doubles strictly between `a` and `b`, plus one; 0 when equal.
    ///
    /// Counts across zero (+0 and −0 are the same point). Useful to state accuracy in ulps.
    /// Returns `UInt64.max` when either is NaN.
    public static func ulpDistance(_ a: Double, _ b: Double) -> UInt64 {
        guard !a.isNaN, !b.isNaN else { return .max }
        if a == b { return 0 }
        func ordered(_ x: Double) -> Int64 {
            let bits = Int64(bitPattern: x.bitPattern)
            return bits < 0 ? Int64.min &- bits : bits
        }
        let (x, y) = (ordered(a), ordered(b))
        return x > y ? UInt64(bitPattern: x &- y) : UInt64(bitPattern: y &- x)
    }
}
