import MotionIO

extension JSONValue {
    /// Encodes this value through a Codable encoder (numbers, strings, arrays, objects).
    func encodeNumbers(to encoder: any Encoder) throws {
        switch self {
        case .object(let pairs):
            var object = encoder.container(keyedBy: AnyKey.self)
            for (key, value) in pairs { try value.encodeNumbers(to: object.superEncoder(forKey: AnyKey(key))) }
        case .array(let items):
            var list = encoder.unkeyedContainer()
            for item in items { try item.encodeNumbers(to: list.superEncoder()) }
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
