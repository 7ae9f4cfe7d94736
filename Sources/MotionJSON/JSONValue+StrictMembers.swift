extension JSONValue {
    /// `path.key`, or `key` at the top level.
    public static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The members of an object whose every key is one of `allowed` and none appears twice —
    /// what the strict readers of scenarios and manifests want.
    ///
    /// - Parameters:
    ///   - path: where this value is in the document, for the error.
    ///   - what: what the object is, for the messages (`a check`).
    ///   - allowed: every key the object may have.
    /// - Throws: a ``PathError`` at the object (`must be a check (an object)`) or at the key
    ///   (`is not a key of …`, `appears twice`).
    public func strictMembers(at path: String, describedAs what: String, allowed: [String]) throws(PathError) -> [String: JSONValue] {
        guard case .object(let pairs) = self else {
            throw PathError(path: path, message: "must be \(what) (an object); got \(kindDescription)")
        }
        var result: [String: JSONValue] = [:]
        for (key, item) in pairs {
            guard result[key] == nil else { throw PathError(path: Self.join(path, key), message: "appears twice") }
            result[key] = item
        }
        // Every unknown key is named at once, the first one as the error's path.
        let unknown = pairs.map(\.0).filter { !allowed.contains($0) }
        if let first = unknown.first {
            let others = unknown.dropFirst().map { "'\($0)'" }
            let nor = others.isEmpty ? "" : "; nor \(others.count == 1 ? "is" : "are") \(others.joined(separator: ", "))"
            throw PathError(path: Self.join(path, first),
                            message: "is not a key of \(what)\(nor) (allowed: \(allowed.joined(separator: ", ")))")
        }
        return result
    }

    /// The number this value is, when it is finite and `valid` accepts it — how the strict readers
    /// read every number of a document.
    ///
    /// - Parameters:
    ///   - path: where this value is in the document, for the error.
    ///   - rule: what is accepted, for the message (`a finite number ≥ 0`).
    ///   - valid: whether a finite number is accepted; every one, unless given.
    /// - Throws: a ``PathError`` at `path`: `must be <rule>; got <what was found>` — the kind of a
    ///   value that is not a number (`the string "ten"`), else the number itself, or
    ///   `a number too large for a double` for one that overflowed (`NaN (not a number)` for YAML's `.nan`).
    public func number(at path: String, mustBe rule: String, where valid: (Double) -> Bool = { _ in true }) throws(PathError) -> Double {
        let x: Double
        switch self {
        case .number(let n): x = n
        case .integer(let i): x = Double(i)
        default: throw PathError(path: path, message: "must be \(rule); got \(kindDescription)")
        }
        guard x.isFinite, valid(x) else {
            throw PathError(path: path, message: "must be \(rule); got \(x.isFinite ? JSONValue.format(x) : Self.nonFinite(x))")
        }
        return x
    }

    /// A number that is not finite, for messages: JSON text overflows to ±∞; NaN comes only from
    /// a YAML `.nan`.
    static func nonFinite(_ x: Double) -> String {
        x.isNaN ? "NaN (not a number)" : "a number too large for a double"
    }

    /// What the value is, for messages: `null`, `the number 3`, `the string "abc"`, `an array` …
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool(let b): "\(b)"
        case .number(let x): x.isFinite ? "the number \(JSONValue.format(x))" : Self.nonFinite(x)
        case .integer(let i): "the number \(i)"
        case .string(let s): "the string \"\(s.count > 40 ? String(s.prefix(40)) + "…" : s)\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}
