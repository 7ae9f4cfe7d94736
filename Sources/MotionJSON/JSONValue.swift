/// A JSON document with ordered object keys, for output whose layout is a public contract.
///
/// Numbers are written in Swift's shortest round-trip form, so `Double(text)` gives back the
/// same bits. JSON has no infinities: ±∞ are written as the strings `"inf"` / `"-inf"` (the
/// convention of MotionLab's command line), and NaN as `null`.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case integer(Int)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.number(a), .number(b)): a == b || (a.isNaN && b.isNaN)
        case let (.integer(a), .integer(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.object(a), .object(b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// A number, or `null` when absent.
    public static func optional(_ value: Double?) -> JSONValue {
        value.map(JSONValue.number) ?? .null
    }

    /// The value for `key` when this is an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    /// The text of this value: compact, or indented by two spaces.
    public func serialized(pretty: Bool = true) -> String {
        var out = ""
        write(into: &out, pretty: pretty, indent: 0)
        return out
    }

    private func write(into out: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .integer(let i): out += String(i)
        case .number(let x): out += JSONValue.format(x)
        case .string(let s): JSONValue.quote(s, into: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            // Arrays of scalars stay on one line; they are usually vectors of parameters.
            let flat = !pretty || items.allSatisfy(\.isScalar)
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += flat ? (pretty ? ", " : ",") : "," }
                if !flat { out += "\n" + String(repeating: "  ", count: indent + 1) }
                item.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            if !flat { out += "\n" + String(repeating: "  ", count: indent) }
            out += "]"
        case .object(let pairs):
            if pairs.isEmpty { out += "{}"; return }
            out += "{"
            for (i, (key, value)) in pairs.enumerated() {
                if i > 0 { out += "," }
                if pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
                JSONValue.quote(key, into: &out)
                out += pretty ? ": " : ":"
                value.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { out += "\n" + String(repeating: "  ", count: indent) }
            out += "}"
        }
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    /// A double as JSON text: shortest round-trip digits; ±∞ as strings, NaN as null.
    public static func format(_ x: Double) -> String {
        if x.isNaN { return "null" }
        if x == .infinity { return "\"inf\"" }
        if x == -.infinity { return "\"-inf\"" }
        if x == 0 { return x.sign == .minus ? "-0.0" : "0.0" }
        return x.description
    }

    private static func quote(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20:
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
