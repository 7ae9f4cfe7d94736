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

extension JSONValue: Decodable {
    /// Reads whatever value a `Decoder` holds, so a type whose reader takes a ``JSONValue`` can be
    /// `Decodable` by handing the value on: objects, arrays, `null`, booleans, numbers (as
    /// doubles) and strings.
    ///
    /// A decoder does not report the order of an object's keys, so they come in name order, and a
    /// key given twice is seen once; ``parse(_:)`` keeps both.
    ///
    /// - Parameter decoder: the decoder to read from.
    public init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: MemberKey.self) {
            var pairs: [(String, JSONValue)] = []
            for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                pairs.append((key.stringValue, try object.decode(JSONValue.self, forKey: key)))
            }
            self = .object(pairs)
        } else if var list = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !list.isAtEnd { items.append(try list.decode(JSONValue.self)) }
            self = .array(items)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let b = try? single.decode(Bool.self) {
                self = .bool(b)
            } else if let x = try? single.decode(Double.self) {
                self = .number(x)
            } else {
                self = .string(try single.decode(String.self))
            }
        }
    }
}

/// An object member's key, any string.
struct MemberKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
