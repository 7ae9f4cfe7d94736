import MotionIO

extension KeyframeValue: Codable {
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let x = try? single.decode(Double.self) {
            guard x.isFinite else { throw TimelineError(decoder.codingPath, "must be finite; got \(x)") }
            self = .scalar(x)
            return
        }
        guard let object = try? decoder.container(keyedBy: AnyKey.self) else {
            throw TimelineError(decoder.codingPath, "must be a number or an object of numbers such as {\"x\": 0, \"scale\": 1}")
        }
        // JSONDecoder does not report the document's key order, so properties are sorted by name
        // here; ``TimelineDocument/decode(json:)`` restores the document's order.
        var properties: [Property] = []
        for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
            let value = try object.number(key.stringValue, required: true, "a finite number")!
            properties.append(Property(key.stringValue, value))
        }
        guard !properties.isEmpty else { throw TimelineError(decoder.codingPath, "must name at least one property") }
        self = .properties(properties)
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .scalar(let x):
            var single = encoder.singleValueContainer()
            try single.encode(x)
        case .properties(let list):
            var object = encoder.container(keyedBy: AnyKey.self)
            for p in list { try object.encode(p.value, forKey: AnyKey(p.name)) }
        }
    }

    /// The value as timeline JSON: a number, or an object of numbers.
    public var json: JSONValue {
        switch self {
        case .scalar(let x): .number(x)
        case .properties(let list): .object(list.map { ($0.name, .number($0.value)) })
        }
    }
}
