/// Where a JSON document breaks a strict reader's rules: the path of the offending value
/// (`transactions[0].value.y`) and the rule, phrased to follow the path.
public struct JSONShapeProblem: Error, Sendable, Hashable {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }
}

extension JSONValue {
    /// `path.key`, or `key` at the top level.
    public static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The members of an object whose every key is one of `allowed` and none appears twice —
    /// what the strict readers of scenarios and manifests want; otherwise the problem at the
    /// object (`must be a check (an object)`) or at the key (`is not a key of …`, `appears twice`).
    public func strictMembers(at path: String, describedAs what: String, allowed: [String]) -> Result<[String: JSONValue], JSONShapeProblem> {
        guard case .object(let pairs) = self else {
            return .failure(JSONShapeProblem(path: path, message: "must be \(what) (an object); got \(kindDescription)"))
        }
        var result: [String: JSONValue] = [:]
        for (key, item) in pairs {
            guard result[key] == nil else { return .failure(JSONShapeProblem(path: Self.join(path, key), message: "appears twice")) }
            result[key] = item
        }
        // Every unknown key is named at once, the first one as the error's path.
        let unknown = pairs.map(\.0).filter { !allowed.contains($0) }
        if let first = unknown.first {
            let others = unknown.dropFirst().map { "'\($0)'" }
            let nor = others.isEmpty ? "" : "; nor \(others.count == 1 ? "is" : "are") \(others.joined(separator: ", "))"
            return .failure(JSONShapeProblem(path: Self.join(path, first),
                                             message: "is not a key of \(what)\(nor) (allowed: \(allowed.joined(separator: ", ")))"))
        }
        return .success(result)
    }

    /// What the value is, for messages: `null`, `the number 3`, `the string "abc"`, `an array` …
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool(let b): "\(b)"
        case .number(let x): x.isFinite ? "the number \(JSONValue.format(x))" : "a number too large for a double"
        case .integer(let i): "the number \(i)"
        case .string(let s): "the string \"\(s.count > 40 ? String(s.prefix(40)) + "…" : s)\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}
