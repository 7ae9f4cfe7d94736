import MotionJSON
import Yams

/// A YAML document that is not a JSON-shaped value: the line and column (1-based) and why.
public struct YAMLDocumentError: Error, Sendable, Hashable, CustomStringConvertible {
    public var line: Int?
    public var column: Int?
    public var message: String

    public var description: String {
        guard let line else { return message }
        return "line \(line)\(column.map { ", column \($0)" } ?? ""): \(message)"
    }
}

extension JSONValue {
    /// Reads a YAML document (through Yams, libyaml) as the JSON value it denotes: mappings keep
    /// their order, scalars take the type YAML's core schema resolves (`1` an integer, `1.5` and
    /// `.inf` numbers, `true` a boolean, `null` and `~` null, everything else a string).
    /// Mapping keys must be strings; anchors and aliases (`&band`, `*band`) stand for the value
    /// they name; a merge key (`<<: *defaults`, or a list of aliases) adds the named mappings' keys
    /// that the mapping does not give itself (the earlier of several merged mappings wins), as
    /// YAML's merge type says; tags beyond the core schema and several documents are errors.
    public static func parse(yaml text: String) throws(YAMLDocumentError) -> JSONValue {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw YAMLDocumentError(error)
        } catch {
            throw YAMLDocumentError(line: nil, column: nil, message: "\(error)")
        }
        guard let root else { throw YAMLDocumentError(line: nil, column: nil, message: "is empty") }
        return try convert(root, depth: 0)
    }

    private static func convert(_ node: Node, depth: Int) throws(YAMLDocumentError) -> JSONValue {
        guard depth < JSONValue.maximumDepth else {
            throw YAMLDocumentError(at: node.mark, "nests deeper than \(JSONValue.maximumDepth) levels")
        }
        switch node {
        case .scalar(let scalar):
            switch Tag.Name(rawValue: node.tag.rawValue) {
            case .null: return .null
            case .bool:
                guard let value = Bool.construct(from: scalar) else { throw YAMLDocumentError(at: scalar.mark, "'\(scalar.string)' is not a boolean") }
                return .bool(value)
            case .int:
                if let value = Int.construct(from: scalar) { return .integer(value) }
                guard let value = Double.construct(from: scalar) else { throw YAMLDocumentError(at: scalar.mark, "'\(scalar.string)' is not a number") }
                return .number(value)
            case .float:
                guard let value = Double.construct(from: scalar) else { throw YAMLDocumentError(at: scalar.mark, "'\(scalar.string)' is not a number") }
                return .number(value)
            case .str, .implicit, .nonSpecific:
                return .string(scalar.string)
            default:
                throw YAMLDocumentError(at: scalar.mark, "the tag \(node.tag.rawValue) is not supported (strings, numbers, booleans and null only)")
            }
        case .sequence(let sequence):
            var items: [JSONValue] = []
            for item in sequence { items.append(try convert(item, depth: depth + 1)) }
            return .array(items)
        case .mapping(let mapping):
            var pairs: [(String, JSONValue)] = [], merged: [(String, JSONValue)] = []
            for (key, value) in mapping {
                guard case .scalar(let keyScalar) = key else { throw YAMLDocumentError(at: key.mark, "a mapping key must be a string") }
                // A plain `<<` is YAML's merge key; a quoted one is an ordinary key.
                guard keyScalar.string == "<<", keyScalar.style == .plain else {
                    pairs.append((keyScalar.string, try convert(value, depth: depth + 1)))
                    continue
                }
                let sources: [JSONValue]
                switch try convert(value, depth: depth + 1) {
                case .object(let members): sources = [.object(members)]
                case .array(let items): sources = items
                default: sources = []
                }
                guard !sources.isEmpty else { throw YAMLDocumentError(at: value.mark, "a merge key (<<) takes a mapping or a list of mappings") }
                for source in sources {
                    guard case .object(let members) = source else {
                        throw YAMLDocumentError(at: value.mark, "a merge key (<<) takes a mapping or a list of mappings; got \(source.kindDescription) in it")
                    }
                    merged += members
                }
            }
            var given = Set(pairs.map(\.0))
            for (key, value) in merged where given.insert(key).inserted { pairs.append((key, value)) }
            return .object(pairs)
        case .alias(let alias):
            throw YAMLDocumentError(at: alias.mark, "aliases (*name) are not supported; write the value out")
        }
    }
}

extension YAMLDocumentError {
    init(at mark: Mark?, _ message: String) {
        self.init(line: mark.map(\.line), column: mark.map(\.column), message: message)
    }

    init(_ error: YamlError) {
        switch error {
        case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
            self.init(at: mark, problem)
        case let .duplicatedKeysInMapping(duplicates, context):
            self.init(at: context.mark, "repeats the key\(duplicates.count == 1 ? "" : "s") \(duplicates.joined(separator: ", "))")
        default:
            self.init(line: nil, column: nil, message: "\(error)")
        }
    }
}
