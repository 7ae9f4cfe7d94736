/// A manifest that cannot be used: the file, where in it (a path such as
/// `checks[0].expect.spring.bounce.max`, or a line and column for a syntax error) and why.
public struct CheckManifestError: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    /// The JSON path of the offending value; empty for the document as a whole.
    public var path: String
    public var message: String

    public init(file: String, path: String = "", message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    public var description: String {
        path.isEmpty ? "\(file): \(message)" : "\(file): \(path) \(message)"
    }
}
