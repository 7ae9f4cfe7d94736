import Foundation
import MotionCapture
import MotionJSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The kinds of input file a report reads, recognised by extension and, failing that, content.
public enum ReportInputKind: String, Sendable, CaseIterable {
    /// A recording CSV: a header whose first column is `time` or `t`.
    case recording
    /// A timeline JSON document.
    case timeline

    /// The kind of the file at `path`: `.csv` and a video (by its first bytes or extension; the
    /// commands track it) are recordings, `.json` and `.css` a timeline
    /// (imported when it is Lottie, CSS or Web Animations); any other name is recognised by its
    /// first meaningful line (`{`, `[`, `@` or a CSS comment starts a timeline, a `time,…` or
    /// `t,…` header a recording, the comma possibly a semicolon or a tab).
    ///
    /// - Throws: `PathError` when the path does not exist, is a directory, cannot be
    ///   read (by `access(2)` or, as for outputs, by its permission bits — so `chmod 000` is
    ///   honoured even for root), or is neither kind.
    public static func detect(path: String) throws(PathError) -> ReportInputKind {
        try checkReadable(path)
        switch ReportPath.fileExtension(of: path).lowercased() {
        case "csv": return .recording
        case "json", "css": return .timeline
        default: break
        }
        // A video is a recording: the commands track it first.
        if VideoFile.isVideo(path) { return .recording }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw PathError(file: path, message: "not readable (permission denied)")
        }
        defer { try? handle.close() }
        let head: Data
        do { head = try handle.read(upToCount: 4096) ?? Data() } catch {
            throw PathError(file: path, message: "cannot be read: \(error.localizedDescription)")
        }
        let text = String(decoding: head, as: UTF8.self)
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if trimmed.hasPrefix("{") || trimmed.hasPrefix("[") || trimmed.hasPrefix("@") || trimmed.hasPrefix("/*") { return .timeline }
            // A comma, semicolon or tab after the first column's name (the recording reader detects which).
            let separators: Set<Character> = [",", ";", "\t"]
            let first = trimmed.split(maxSplits: 1, whereSeparator: { separators.contains($0) }).first
                .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            if trimmed.contains(where: { separators.contains($0) }), first == "time" || first == "t" { return .recording }
            break
        }
        throw PathError(file: path, message: "unknown file type: expected a recording CSV (.csv, header 'time,…') or a timeline (.json: timeline JSON, or Lottie, CSS @keyframes, Web Animations JSON)")
    }

    /// Throws unless `path` is an existing regular file this process may read.
    public static func checkReadable(_ path: String) throws(PathError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw PathError(file: path, message: "no such file")
        }
        guard !isDirectory.boolValue else {
            throw PathError(file: path, message: "is a directory, not a file; give the recording CSV or timeline JSON files in it")
        }
        var info = stat()
        guard FileManager.default.isReadableFile(atPath: path), stat(path, &info) == 0, info.st_mode & (S_IRUSR | S_IRGRP | S_IROTH) != 0 else {
            throw PathError(file: path, message: "not readable (permission denied)")
        }
    }
}
