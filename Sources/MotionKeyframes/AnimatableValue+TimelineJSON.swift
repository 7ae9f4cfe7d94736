import MotionJSON

/// A timeline's value in JSON: a number, or an object of numbers.
extension AnimatableValue {
    /// The value `json` holds, with the timeline reader's rules: a finite number, or an object of
    /// at least one finite number, its properties in the document's order; errors name `path`.
    init(timelineJSON json: JSONValue, at path: String) throws(PathError) {
        let shape = "a number or an object of numbers such as {\"x\": 0, \"scale\": 1}"
        switch json {
        case .number, .integer:
            self = .scalar(try json.number(at: path, mustBe: "a finite number"))
        case .object(let pairs):
            // Any key, but each once.
            _ = try json.strictMembers(at: path, describedAs: "an object of numbers", allowed: pairs.map(\.0))
            guard !pairs.isEmpty else { throw PathError(path: path, message: "must name at least one property") }
            var properties: [Property] = []
            for (name, value) in pairs {
                properties.append(Property(name, try value.number(at: JSONValue.join(path, name), mustBe: "a finite number")))
            }
            self = .properties(properties)
        default:
            throw PathError(path: path, message: "must be \(shape); got \(json.kindDescription)")
        }
    }

    /// The value as timeline JSON: a number, or an object of numbers.
    public var json: JSONValue {
        guard let pairs else { return .number(self[nil] ?? 0) }
        return .object(pairs.map { ($0.name, .number($0.value)) })
    }
}
