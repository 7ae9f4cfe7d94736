/// A timeline JSON document that breaks a rule: where, and which rule.
///
/// `path` is written as in the document: `tracks[0].keyframes[2].duration`.
public struct TimelineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Where the rule is broken, as written in the document; empty for the document as a whole.
    public var path: String
    /// The rule, phrased to follow the path (`must be ≥ 0; got -1.0`).
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    init(_ codingPath: [any CodingKey], _ message: String) {
        self.init(path: TimelineError.format(codingPath), message: message)
    }

    public var description: String { path.isEmpty ? message : "\(path) \(message)" }

    static func format(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
        }
        return text
    }
}
