import Foundation

/// File-name arithmetic on POSIX paths, without NSString (whose path methods crash on some
/// one-character names in swift-corelibs-foundation).
package enum FilePath {
    /// The part before the last `/` (`""` for a bare name, `/` for a file at the root).
    package static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        let head = path[..<slash]
        return head.isEmpty ? "/" : String(head)
    }

    /// An absolute, symlink-resolved path for comparing files (a file that does not exist yet:
    /// absolute, not resolved).
    package static func canonical(_ path: String) -> String {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        return path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// The directory entry `path` names: its directory made canonical, its last component kept.
    /// What a write that replaces the file (a rename) replaces, where ``canonical(_:)`` follows
    /// a link at the end to its target.
    package static func entry(_ path: String) -> String {
        let directory = directory(of: path)
        return join(canonical(directory.isEmpty ? "." : directory), fileName(of: path))
    }

    /// The part after the last `/`.
    package static func fileName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// The file name's extension without the dot (`""` when none; a leading dot is not one).
    package static func fileExtension(of path: String) -> String {
        let name = fileName(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// The file name without its extension.
    package static func stem(of path: String) -> String {
        let name = fileName(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// `name` in `directory` (`name` itself when the directory is empty).
    package static func join(_ directory: String, _ name: String) -> String {
        if directory.isEmpty { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
