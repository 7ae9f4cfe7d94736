extension JSONValue: Encodable {
    /// Encodes this value through any `Encoder`: objects as keyed containers (in their order),
    /// arrays as unkeyed ones, scalars as single values, so a type whose JSON is a ``JSONValue``
    /// can be `Encodable` by handing its value on.
    ///
    /// - Parameter encoder: the encoder to write into.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let pairs):
            var object = encoder.container(keyedBy: MemberKey.self)
            for (key, value) in pairs { try value.encode(to: object.superEncoder(forKey: MemberKey(stringValue: key))) }
        case .array(let items):
            var list = encoder.unkeyedContainer()
            for item in items { try item.encode(to: list.superEncoder()) }
        case .number(let x):
            var single = encoder.singleValueContainer(); try single.encode(x)
        case .integer(let i):
            var single = encoder.singleValueContainer(); try single.encode(i)
        case .string(let s):
            var single = encoder.singleValueContainer(); try single.encode(s)
        case .bool(let b):
            var single = encoder.singleValueContainer(); try single.encode(b)
        case .null:
            var single = encoder.singleValueContainer(); try single.encodeNil()
        }
    }
}

/// An object member's key, any string.
private struct MemberKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
