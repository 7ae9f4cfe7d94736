/// A number is a one-component vector; its squared magnitude is x².
extension Double: VectorArithmetic {
    @inlinable
    public mutating func scale(by rhs: Double) { self *= rhs }

    @inlinable
    public var magnitudeSquared: Double { self * self }
}
