import MotionJSON

/// A timeline's value in JSON: a number, or an object of numbers.
extension AnimatableValue: Codable {
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let x = try? single.decode(Double.self) {
            guard x.isFinite else { throw PathError(decoder.codingPath, "must be finite; got \(x)") }
            self = .scalar(x)
            return
        }
        guard let object = try? decoder.container(keyedBy: AnyKey.self) else {
            throw PathError(decoder.codingPath, "must be a number or an object of numbers such as {\"x\": 0, \"scale\": 1}")
        }
        // JSONDecoder does not report the document's key order, so properties are sorted by name
        // here; ``TimelineDocument/decode(json:)`` restores the document's order.
        var properties: [Property] = []
        for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
            let value = try object.number(key.stringValue, required: true, "a finite number")!
            properties.append(Property(key.stringValue, value))
        }
        guard !properties.isEmpty else { throw PathError(decoder.codingPath, "must name at least one property") }
        self = .properties(properties)
    }

    public func encode(to encoder: any Encoder) throws {
        if let pairs {
            var object = encoder.container(keyedBy: AnyKey.self)
            for p in pairs { try object.encode(p.value, forKey: AnyKey(p.name)) }
        } else {
            var single = encoder.singleValueContainer()
            try single.encode(self[nil] ?? 0)
        }
    }

    /// The value as timeline JSON: a number, or an object of numbers.
    public var json: JSONValue {
        guard let pairs else { return .number(self[nil] ?? 0) }
        return .object(pairs.map { ($0.name, .number($0.value)) })
    }
}
