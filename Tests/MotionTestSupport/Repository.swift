import Foundation

/// The repository the tests run in: its root, found from this file's path, and the committed
/// data files the tests compare against (reference tables, recordings, worked examples).
public enum Repository {
    /// The repository's root directory (the one holding `Package.swift`).
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The file or directory at `path`, relative to the repository's root (e.g. `data/recordings`).
    ///
    /// - Parameter path: a path relative to the root, `/`-separated.
    public static func url(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }

    /// The reference table `data/reference/<name>` decoded as `type`; a table that cannot be read
    /// stops the tests with its path and the reason (every test of it would be meaningless).
    ///
    /// - Parameters:
    ///   - type: the table's `Decodable` shape.
    ///   - name: the file's name in `data/reference`, e.g. `springs.json`.
    public static func referenceTable<Table: Decodable>(_ type: Table.Type, _ name: String) -> Table {
        let url = url("data/reference/\(name)")
        do {
            return try JSONDecoder().decode(type, from: Data(contentsOf: url))
        } catch {
            fatalError("cannot read the reference table \(url.path): \(error)")
        }
    }
}
