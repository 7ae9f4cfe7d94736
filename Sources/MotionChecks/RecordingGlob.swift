import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Expands the recordings of a check: a plain path stands for itself; a pattern with `*`, `?`
/// or `[…]` matches files component by component with POSIX `fnmatch` (a leading `.` is matched
/// only explicitly), and a `**` component matches any number of directories, none included.
/// Matches come back sorted, so runs and reports are in a stable order.
public enum RecordingGlob {
    /// Whether `pattern` has wildcard characters.
    public static func isPattern(_ pattern: String) -> Bool {
        pattern.contains { $0 == "*" || $0 == "?" || $0 == "[" }
    }

    /// The regular files `pattern` matches, sorted; a plain path is returned as it is, whether or
    /// not it exists (reading it reports what is wrong).
    public static func expand(_ pattern: String) -> [String] {
        guard isPattern(pattern) else { return [pattern] }
        let absolute = pattern.hasPrefix("/")
        let components = pattern.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var found: [String] = []
        match(components[...], in: absolute ? "/" : "", into: &found)
        return Array(Set(found)).sorted()
    }

    private static func match(_ components: ArraySlice<String>, in directory: String, into found: inout [String]) {
        guard let component = components.first else { return }
        let rest = components.dropFirst()
        let fm = FileManager.default
        func path(_ name: String) -> String { directory.isEmpty ? name : directory.hasSuffix("/") ? directory + name : directory + "/" + name }
        func isDirectory(_ path: String) -> Bool {
            var flag: ObjCBool = false
            return fm.fileExists(atPath: path, isDirectory: &flag) && flag.boolValue
        }
        let listing = directory.isEmpty ? "." : directory
        if component == "**" {
            // Zero directories, then every subdirectory (not hidden ones), recursively.
            match(rest, in: directory, into: &found)
            for name in ((try? fm.contentsOfDirectory(atPath: listing)) ?? []).sorted() where !name.hasPrefix(".") {
                let next = path(name)
                if isDirectory(next) { match(components, in: next, into: &found) }
            }
            return
        }
        if !isPattern(component) {
            let next = path(component)
            if rest.isEmpty {
                if fm.fileExists(atPath: next) && !isDirectory(next) { found.append(next) }
            } else if isDirectory(next) {
                match(rest, in: next, into: &found)
            }
            return
        }
        for name in ((try? fm.contentsOfDirectory(atPath: listing)) ?? []) where fnmatch(component, name, FNM_PERIOD) == 0 {
            let next = path(name)
            if rest.isEmpty {
                if !isDirectory(next) { found.append(next) }
            } else if isDirectory(next) {
                match(rest, in: next, into: &found)
            }
        }
    }
}
