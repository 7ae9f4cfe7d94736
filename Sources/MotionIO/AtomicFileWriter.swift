import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MotionJSON

/// Writes files atomically: each file is written to a temporary file in its own
/// directory and renamed over the destination, so a reader sees the old file or the new one,
/// never a half-written one; on any failure the temporary files are removed.
///
/// Before anything is written, every destination is checked: it must not be a directory or one
/// of the inputs the files were made from, its directory must exist and be writable, and an existing file is
/// replaced only when it is writable — both for this process (`access(2)`, as
/// `FileManager.isWritableFile` checks) and by its permission bits, so a file marked read-only
/// (`chmod 444`) is refused even for root, whom `access(2)` lets write anything.
///
/// A failure is a `PathError` whose `file` is the destination: `out.html: is a directory; give a
/// file name`. Nothing was written then: no partial file, no temporary file.
public enum AtomicFileWriter {
    /// Writes every file, or none.
    ///
    /// - Parameters:
    ///   - files: each file's path and text.
    ///   - inputs: paths the files were made from; none may be overwritten.
    public static func write(_ files: [(path: String, contents: String)], inputs: [String] = []) throws(PathError) {
        var seen = Set<String>()
        for file in files {
            try check(file.path, inputs: inputs)
            guard seen.insert(FilePath.canonical(file.path)).inserted else {
                throw PathError(file: file.path, message: "would be written twice")
            }
        }
        // Write every temporary file first; rename only when all are complete.
        var temporaries: [String] = []
        do {
            for file in files { temporaries.append(try writeTemporary(file.contents, beside: file.path)) }
        } catch {
            for t in temporaries { unlink(t) }
            throw error
        }
        var renamed: [(path: String, existed: Bool)] = []
        for (index, file) in files.enumerated() {
            let existed = FileManager.default.fileExists(atPath: file.path)
            if rename(temporaries[index], file.path) != 0 {
                let reason = String(cString: strerror(errno))
                for t in temporaries[index...] { unlink(t) }
                // Files this call created would be orphans of a report that was not written.
                for r in renamed where !r.existed { unlink(r.path) }
                throw PathError(file: file.path, message: "cannot be written: \(reason)")
            }
            renamed.append((file.path, existed))
        }
    }

    /// Throws unless `path` can be (over)written by this process without overwriting one of `inputs`.
    ///
    /// - Parameters:
    ///   - path: the file to write.
    ///   - inputs: paths that must not be overwritten.
    public static func check(_ path: String, inputs: [String] = []) throws(PathError) {
        let fm = FileManager.default
        guard !path.isEmpty else { throw PathError(file: path, message: "an empty output path") }
        if path.hasSuffix("/") { throw PathError(file: path, message: "is a directory; give a file name") }
        var isDirectory: ObjCBool = false
        let directory = FilePath.directory(of: path).isEmpty ? "." : FilePath.directory(of: path)
        guard fm.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw PathError(file: path, message: "cannot be written: directory \(directory) does not exist")
        }
        guard isDirectory.boolValue else {
            throw PathError(file: path, message: "cannot be written: \(directory) is not a directory")
        }
        guard fm.isWritableFile(atPath: directory), hasOwnerWriteBit(directory) else {
            throw PathError(file: path, message: "cannot be written: directory \(directory) is not writable")
        }
        if fm.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { throw PathError(file: path, message: "is a directory; give a file name") }
            if inputs.contains(where: { FilePath.canonical($0) == FilePath.canonical(path) }) {
                throw PathError(file: path, message: "is an input of the report; refusing to overwrite it")
            }
            guard fm.isWritableFile(atPath: path), hasOwnerWriteBit(path) else {
                throw PathError(file: path, message: "exists and is read-only; not overwritten (remove it or choose another --out)")
            }
        }
    }

    /// Whether the permission bits let the owner write (root ignores them; this does not).
    private static func hasOwnerWriteBit(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return info.st_mode & S_IWUSR != 0
    }

    /// Writes `contents` to a new file (exclusive create, mode 0644 less the umask) in the
    /// directory of `path`, flushed to disk; returns its path.
    private static func writeTemporary(_ contents: String, beside path: String) throws(PathError) -> String {
        let directory = FilePath.directory(of: path)
        let base = FilePath.fileName(of: path)
        for attempt in 0..<100 {
            let name = ".\(base).\(getpid())-\(attempt)-\(UInt32.random(in: 0...UInt32.max)).tmp"
            let temporary = FilePath.join(directory, name)
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            if fd < 0 {
                if errno == EEXIST { continue }
                throw PathError(file: path, message: "cannot be written: \(String(cString: strerror(errno)))")
            }
            var failure: String? = nil
            var bytes = Array(contents.utf8)
            var offset = 0
            while offset < bytes.count {
                let n = bytes.withUnsafeMutableBytes { systemWrite(fd, $0.baseAddress! + offset, $0.count - offset) }
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    break
                }
                offset += n
            }
            bytes = []
            if failure == nil && fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
            if close(fd) != 0 && failure == nil { failure = String(cString: strerror(errno)) }
            if let failure {
                unlink(temporary)
                throw PathError(file: path, message: "cannot be written: \(failure)")
            }
            return temporary
        }
        throw PathError(file: path, message: "cannot be written: no free temporary file name")
    }
}

/// write(2), named apart from the many `write` methods in scope.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(fd, buffer, count)
    #else
    Darwin.write(fd, buffer, count)
    #endif
}
