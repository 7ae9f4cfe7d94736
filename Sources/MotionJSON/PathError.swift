/// Where an input breaks a rule, and which rule: the one error of MotionLab's readers and writers.
///
/// The location is as much as is known: the file (`file`), the JSON path of the offending value in
/// the document (`path`, such as `tracks[0].keyframes[2].duration`) and, when that value is an
/// expression, the column in it (`column`, with the text in `expression`). The message is the
/// rule, phrased to follow the location (`must be a finite number ≥ 0; got -1.0`). The description puts them
/// together as the command line prints them:
///
/// - `tracks[0].keyframes[2].duration must be a finite number ≥ 0; got -1.0` — a path in a document;
/// - `out/: is a directory; give a file name` — a file;
/// - `ci.json: checks[0] needs "recordings": a path, a glob or a list of them` — a path in a file;
/// - `column 22: expected ',' or ')'; found …` — a position in an expression, which with a path
///   and its text is followed by the expression and a caret under the column.
public struct PathError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file the input came from or goes to; `nil` when the error is about a document alone.
    public var file: String?
    /// The JSON path of the offending value, as written in the document; empty for the document
    /// (or the file) as a whole.
    public var path: String
    /// The position of the offending token (from 1, in Unicode scalars) in the expression at
    /// `path`, when the error is inside one; one past the end when the text ends too early.
    public var column: Int?
    /// The expression at `path` that `column` points into, when the error is inside one.
    public var expression: String?
    /// What is wrong, phrased to follow the location.
    public var message: String

    /// An error at a location.
    ///
    /// - Parameters:
    ///   - file: the file the input came from or goes to; `nil` for a document alone.
    ///   - path: the JSON path of the offending value; empty for the whole document or file.
    ///   - column: the position in the expression at `path` (from 1), when the error is inside one.
    ///   - expression: the text of that expression, shown with a caret under `column`.
    ///   - message: the rule that is broken, phrased to follow the location.
    public init(file: String? = nil, path: String = "", column: Int? = nil, expression: String? = nil, message: String) {
        self.file = file
        self.path = path
        self.column = column
        self.expression = expression
        self.message = message
    }

    /// The location and the message; inside an expression, also the expression with a caret
    /// under the column.
    public var description: String {
        let prefix = file.map { "\($0): " } ?? ""
        guard let column else { return prefix + (path.isEmpty ? message : "\(path) \(message)") }
        let location = path.isEmpty ? "column \(column)" : "\(path), column \(column)"
        let head = prefix + "\(location): \(message)"
        guard let expression else { return head }
        return head + "\n  \(expression)\n  " + String(repeating: " ", count: max(0, column - 1)) + "^"
    }
}
