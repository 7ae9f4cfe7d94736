/// Component-wise arithmetic; the squared magnitude sums the squares left to right.
extension AnimatableValue: VectorArithmetic {
    /// The shapeless zero: adding it to a value gives that value.
    public static var zero: AnimatableValue { shapelessZero }

    public static func + (lhs: AnimatableValue, rhs: AnimatableValue) -> AnimatableValue {
        if rhs.components.isEmpty { return lhs }
        if lhs.components.isEmpty { return rhs }
        precondition(lhs.components.count == rhs.components.count, "AnimatableValue: adding values of different shapes")
        var sum = lhs.components
        for i in sum.indices { sum[i] = sum[i] + rhs.components[i] }
        return lhs.names == nil ? rhs.withComponents(sum) : lhs.withComponents(sum)
    }

    public static func - (lhs: AnimatableValue, rhs: AnimatableValue) -> AnimatableValue {
        if rhs.components.isEmpty { return lhs }
        if lhs.components.isEmpty { return rhs.withComponents(rhs.components.map { 0 - $0 }) }
        precondition(lhs.components.count == rhs.components.count, "AnimatableValue: subtracting values of different shapes")
        var difference = lhs.components
        for i in difference.indices { difference[i] = difference[i] - rhs.components[i] }
        return lhs.names == nil ? rhs.withComponents(difference) : lhs.withComponents(difference)
    }

    public mutating func scale(by rhs: Double) {
        for i in components.indices { components[i] = components[i] * rhs }
    }

    public var magnitudeSquared: Double {
        guard let first = components.first else { return 0 }
        var total = first * first
        for a in components.dropFirst() { total = total + a * a }
        return total
    }
}
