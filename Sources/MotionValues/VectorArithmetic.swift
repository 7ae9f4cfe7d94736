/// A value an animation can move: SwiftUI's `VectorArithmetic`.
///
/// Animations only add, subtract and scale values, component by component, so any vector
/// space works. `magnitudeSquared` (the sum of the squared components) feeds the fluid
/// spring's finish test and SwiftUI's spring settling estimate, nothing else.
public protocol VectorArithmetic: AdditiveArithmetic {
    /// Multiplies every component by `rhs`.
    mutating func scale(by rhs: Double)

    /// The sum of the squared components.
    var magnitudeSquared: Double { get }
}

extension VectorArithmetic {
    /// A copy with every component multiplied by `rhs`.
    @inlinable
    public func scaled(by rhs: Double) -> Self {
        var copy = self
        copy.scale(by: rhs)
        return copy
    }
}
