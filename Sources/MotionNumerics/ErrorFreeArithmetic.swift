/// Error-free transformations (Knuth's TwoSum, Dekker's TwoProduct) without fused multiply-add.
///
/// Swift on x86-64 without a `-target-cpu` that has FMA lowers `addingProduct` to a call into
/// libm, which costs more than Dekker's splitting. These use only `+`, `−`, `×`, so they stay
/// inline and exact for operands well inside the exponent range (|a| < 2^996).
public enum ErrorFree {
    /// Veltkamp's splitter 2^27 + 1: `a = high + low` with each half holding 26 bits.
    @inlinable public static var splitter: Double { 134_217_729 }

    /// `a` as the sum of two halves whose products are exact.
    @inlinable @inline(__always)
    public static func split(_ a: Double) -> (high: Double, low: Double) {
        let c = splitter * a
        let high = c - (c - a)
        return (high, a - high)
    }

    /// The rounding error of `product = fl(a × b)`, given both operands split.
    @inlinable @inline(__always)
    public static func productError(
        _ product: Double, _ aHigh: Double, _ aLow: Double, _ bHigh: Double, _ bLow: Double
    ) -> Double {
        ((aHigh * bHigh - product) + aHigh * bLow + aLow * bHigh) + aLow * bLow
    }

    /// The rounding error of `sum = fl(a + b)`, for any order of magnitudes.
    @inlinable @inline(__always)
    public static func sumError(_ sum: Double, _ a: Double, _ b: Double) -> Double {
        let z = sum - a
        return (a - (sum - z)) + (b - z)
    }

    /// `a × b` exactly, as an unevaluated sum.
    @inlinable
    public static func product(_ a: Double, _ b: Double) -> DoubleDouble {
        let p = a * b
        let (ah, al) = split(a), (bh, bl) = split(b)
        return DoubleDouble(high: p, low: productError(p, ah, al, bh, bl))
    }
}

/// An unevaluated sum `high + low` with |low| ≤ ulp(high)/2: about 106 significant bits.
/// Used to hold the polynomial coefficients of a bezier exactly.
public struct DoubleDouble: Sendable {
    public var high: Double
    public var low: Double

    @inlinable
    public init(high: Double, low: Double = 0) {
        self.high = high
        self.low = low
    }

    /// The sum, renormalised; relative error about 2^-105.
    @inlinable
    public static func + (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
        let s = a.high + b.high
        let e = ErrorFree.sumError(s, a.high, b.high) + (a.low + b.low)
        let high = s + e
        return DoubleDouble(high: high, low: e - (high - s))
    }

    @inlinable
    public static prefix func - (a: DoubleDouble) -> DoubleDouble {
        DoubleDouble(high: -a.high, low: -a.low)
    }

    @inlinable
    public static func - (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble { a + (-b) }

    /// Multiplication by a power of two or a small integer whose product stays exact in two parts.
    @inlinable
    public static func * (k: Double, a: DoubleDouble) -> DoubleDouble {
        ErrorFree.product(k, a.high) + DoubleDouble(high: k * a.low)
    }
}
