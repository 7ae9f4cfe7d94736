/// A scenario document that breaks a rule: where, and which rule.
///
/// `path` is written as in the document (`transactions[1].animation.duration`, empty for the
/// document as a whole). When the value at `path` is a SwiftUI expression, `column` is the
/// position in that expression (from 1, in Unicode scalars) and `expression` is its text.
public struct AnimationScenarioError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Where the rule is broken.
    public var path: String
    /// The position in the expression at `path`, if the error is inside one.
    public var column: Int?
    /// The expression at `path`, if the error is inside one.
    public var expression: String?
    /// The rule, phrased to follow the path (`must be ≥ 0; got -1.0`).
    public var message: String

    public init(path: String, column: Int? = nil, expression: String? = nil, message: String) {
        self.path = path
        self.column = column
        self.expression = expression
        self.message = message
    }

    /// The path, the message and, inside an expression, the expression with a caret under the column.
    public var description: String {
        let head = path.isEmpty ? message : "\(path) \(message)"
        guard let column, let expression else { return head }
        let location = path.isEmpty ? "column \(column)" : "\(path), column \(column)"
        return "\(location): \(message)\n  \(expression)\n  " + String(repeating: " ", count: max(0, column - 1)) + "^"
    }
}
