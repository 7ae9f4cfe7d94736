/// A manifest of motion regression checks, read from JSON or YAML with
/// ``load(path:)`` or ``decode(_:directory:file:)``.
public struct CheckManifest: Sendable {
    /// The checks, in the manifest's order.
    public var checks: [CheckSpecification]
    /// The directory relative paths are resolved against: the manifest's own ("" for the
    /// current directory).
    public var directory: String

    public init(checks: [CheckSpecification], directory: String = "") {
        self.checks = checks
        self.directory = directory
    }

    /// `path` resolved against the manifest's directory (absolute paths are kept).
    public func resolve(_ path: String) -> String {
        Self.join(directory, path)
    }

    static func join(_ directory: String, _ path: String) -> String {
        if path.hasPrefix("/") || directory.isEmpty || directory == "." { return path }
        return directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }
}
