/// A value an animation moves: a number, or named numbers in a fixed order (SwiftUI's
/// `AnimatablePair`, with names).
///
/// Arithmetic is component by component. ``zero`` is shapeless, the additive identity of every
/// shape, because an animation's state starts at `zero` before it has seen the value it animates;
/// any other two operands must have the same number of components.
public struct AnimatableValue: Sendable, Hashable {
    /// The component names in order, or nil for a number.
    public internal(set) var names: [String]?
    /// The components in order: one for a number, none for ``zero``.
    public internal(set) var components: [Double]

    private init(names: [String]?, components: [Double]) {
        self.names = names
        self.components = components
    }

    /// A number.
    public static func scalar(_ value: Double) -> AnimatableValue {
        AnimatableValue(names: nil, components: [value])
    }

    /// Named numbers, in the order given.
    public static func vector(_ pairs: [(String, Double)]) -> AnimatableValue {
        AnimatableValue(names: pairs.map(\.0), components: pairs.map(\.1))
    }

    /// The number, if this is one.
    public var scalar: Double? {
        names == nil && components.count == 1 ? components[0] : nil
    }

    /// The named components in order, if this is a vector.
    public var pairs: [(name: String, value: Double)]? {
        guard let names else { return nil }
        return zip(names, components).map { (name: $0, value: $1) }
    }

    /// The component called `name`, if there is one.
    public subscript(name: String) -> Double? {
        guard let index = names?.firstIndex(of: name) else { return nil }
        return components[index]
    }

    /// This value's shape (names, or a number) with other components.
    func withComponents(_ components: [Double]) -> AnimatableValue {
        AnimatableValue(names: names, components: components)
    }

    /// The shapeless zero.
    static let shapelessZero = AnimatableValue(names: nil, components: [])
}
