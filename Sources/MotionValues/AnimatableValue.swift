/// A value known only at run time: a number, or named numbers in a fixed order (`{"x": 0,
/// "scale": 1}`) — what a JSON timeline, scenario or recording holds where Swift code would have
/// a `Double` or a struct of animatable properties.
///
/// The command line, the JSON documents and the reports use it at their boundary and run the
/// typed engine on it: it is ``VectorArithmetic`` (component by component, like an
/// ``AnimatablePair`` with names) and ``Animatable`` (its own data), and a keyframe track reaches
/// one named property through ``subscript(component:)``.
///
/// ``zero`` is shapeless, the additive identity of every shape, because an animation's state
/// starts at `zero` before it has seen the value it animates; any other two operands of
/// arithmetic must have the same number of components.
public struct AnimatableValue: Sendable, Hashable {
    /// One named number of a value with properties.
    public struct Property: Sendable, Hashable {
        /// The property's name.
        public var name: String
        /// Its value.
        public var value: Double

        /// The property `name` with `value`.
        public init(_ name: String, _ value: Double) {
            self.name = name
            self.value = value
        }
    }

    /// The component names in order, or nil for a number.
    public internal(set) var names: [String]?
    /// The components in order: one for a number, none for ``zero``.
    public internal(set) var components: [Double]

    init(names: [String]?, components: [Double]) {
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

    /// Named properties, in the order given.
    public static func properties(_ list: [Property]) -> AnimatableValue {
        AnimatableValue(names: list.map(\.name), components: list.map(\.value))
    }

    /// The number, if this is one.
    public var scalar: Double? {
        names == nil && components.count == 1 ? components[0] : nil
    }

    /// The named components in order, if this value has names.
    public var pairs: [(name: String, value: Double)]? {
        guard let names else { return nil }
        return zip(names, components).map { (name: $0, value: $1) }
    }

    /// The named properties in order, if this value has names.
    public var properties: [Property]? {
        guard let names else { return nil }
        return zip(names, components).map { Property($0, $1) }
    }

    /// The property names in order (empty for a number).
    public var propertyNames: [String] { names ?? [] }

    /// The component called `name`, if there is one.
    public subscript(name: String) -> Double? {
        guard let index = names?.firstIndex(of: name) else { return nil }
        return components[index]
    }

    /// The value of `property`, `nil` naming the number of a scalar value.
    public subscript(property: String?) -> Double? {
        guard let property else { return scalar }
        return self[property]
    }

    /// The number stored under `property` (`nil`: the number of a scalar), as a writable place: a
    /// `KeyframeTrack(\AnimatableValue[component: "x"])` animates one named property of a dynamic
    /// value through the typed engine. Reading a missing property gives 0; writing one that is
    /// not there does nothing; a scalar value takes any write as its number.
    public subscript(component property: String?) -> Double {
        get { self[property] ?? 0 }
        set {
            if names == nil {
                components = [newValue]
            } else if let index = names?.firstIndex(where: { $0 == property }) {
                components[index] = newValue
            }
        }
    }

    /// This value's shape (names, or a number) with other components.
    func withComponents(_ components: [Double]) -> AnimatableValue {
        AnimatableValue(names: names, components: components)
    }

    /// The shapeless zero.
    static let shapelessZero = AnimatableValue(names: nil, components: [])
}

/// Its own animatable data, as every ``VectorArithmetic`` value's.
extension AnimatableValue: Animatable {}
