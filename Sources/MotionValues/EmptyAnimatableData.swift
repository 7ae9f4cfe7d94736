/// The data of a value with nothing to animate (SwiftUI's `EmptyAnimatableData`): every
/// operation does nothing and its magnitude is 0.
@frozen
public struct EmptyAnimatableData: VectorArithmetic, Sendable, Hashable {
    @inlinable
    public init() {}

    @inlinable
    public static var zero: EmptyAnimatableData { EmptyAnimatableData() }

    @inlinable
    public static func + (lhs: EmptyAnimatableData, rhs: EmptyAnimatableData) -> EmptyAnimatableData { lhs }

    @inlinable
    public static func - (lhs: EmptyAnimatableData, rhs: EmptyAnimatableData) -> EmptyAnimatableData { lhs }

    @inlinable
    public mutating func scale(by rhs: Double) {}

    @inlinable
    public var magnitudeSquared: Double { 0 }
}
