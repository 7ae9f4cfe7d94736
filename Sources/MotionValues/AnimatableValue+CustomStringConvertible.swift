/// `12.5` for a number, `{x: 1.0, y: -2.0}` for named numbers, `0` for the shapeless zero.
extension AnimatableValue: CustomStringConvertible {
    public var description: String {
        if let pairs { return "{" + pairs.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + "}" }
        return components.first.map { "\($0)" } ?? "0"
    }
}
