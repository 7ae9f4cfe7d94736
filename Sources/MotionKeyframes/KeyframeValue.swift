/// A timeline's value: one number, or named numbers such as `{"x": 0, "scale": 1}` — the
/// stand-in for SwiftUI's generic `Value` (a `Double`, or a struct of animatable properties).
public enum KeyframeValue: Sendable, Hashable, CustomStringConvertible {
    case scalar(Double)
    /// Named properties, in the order given.
    case properties([Property])

    public struct Property: Sendable, Hashable {
        public var name: String
        public var value: Double
        public init(_ name: String, _ value: Double) {
            self.name = name
            self.value = value
        }
    }

    /// The value of `property` (`nil` names the scalar).
    public subscript(property: String?) -> Double? {
        switch self {
        case .scalar(let x): return property == nil ? x : nil
        case .properties(let list): return property.flatMap { name in list.first { $0.name == name }?.value }
        }
    }

    /// The property names, in order (empty for a scalar).
    public var propertyNames: [String] {
        if case .properties(let list) = self { return list.map(\.name) }
        return []
    }

    /// A copy with `property` set to `value`.
    func setting(_ property: String?, to value: Double) -> KeyframeValue {
        switch self {
        case .scalar: return .scalar(value)
        case .properties(var list):
            if let i = list.firstIndex(where: { $0.name == property }) { list[i].value = value }
            return .properties(list)
        }
    }

    public var description: String {
        switch self {
        case .scalar(let x): return "\(x)"
        case .properties(let list): return "{" + list.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + "}"
        }
    }
}

extension KeyframeValue {
    /// The number stored under `property` (`nil`: the scalar), as a writable place: a
    /// `KeyframeTrack(\KeyframeValue[component: "x"])` animates one named property of a dynamic
    /// value through the typed engine. Reading a missing property gives 0; writing one that is
    /// not there does nothing.
    public subscript(component property: String?) -> Double {
        get { self[property] ?? 0 }
        set { self = setting(property, to: newValue) }
    }
}
