#if canImport(Foundation)
import Foundation
#endif

/// A number is a one-component vector; its squared magnitude is x².
extension Double: VectorArithmetic {
    @inlinable
    public mutating func scale(by rhs: Double) { self *= rhs }

    @inlinable
    public var magnitudeSquared: Double { self * self }
}

/// A `Float` scales by the rounded factor and reports its square in double precision, as
/// SwiftUI's conformance does.
extension Float: VectorArithmetic {
    @inlinable
    public mutating func scale(by rhs: Double) { self *= Float(rhs) }

    @inlinable
    public var magnitudeSquared: Double { Double(self * self) }
}

#if canImport(Foundation)
/// A `CGFloat` is a one-component vector (a `Double` on 64-bit platforms).
extension CGFloat: VectorArithmetic {
    @inlinable
    public mutating func scale(by rhs: Double) { self *= CGFloat(rhs) }

    @inlinable
    public var magnitudeSquared: Double { Double(self * self) }
}
#endif
