import Foundation

/// Tells a video from a recording CSV, so every command that reads a recording can take a
/// screen recording in its place.
public enum VideoFile {
    /// File name extensions of the containers screen recorders write.
    public static let extensions: Set<String> = ["mp4", "m4v", "mov", "qt", "mkv", "webm", "avi", "gif", "ts", "m2ts",
                                                 "mts", "flv", "3gp", "y4m", "mpg", "mpeg", "wmv", "ogv", "apng"]

    /// Whether `header` (a file's first bytes, 12 or more) starts like a video container:
    /// ISO base media (MP4, MOV: a `ftyp`, `moov`, `mdat`, `wide` or `free` box), Matroska/WebM,
    /// AVI, GIF, FLV, MPEG program and transport streams, Ogg, YUV4MPEG.
    ///
    /// - Parameter header: the first bytes of the file.
    public static func hasVideoMagic(_ header: [UInt8]) -> Bool {
        func ascii(_ text: String, at offset: Int) -> Bool {
            let bytes = Array(text.utf8)
            return header.count >= offset + bytes.count && Array(header[offset..<offset + bytes.count]) == bytes
        }
        if ["ftyp", "moov", "mdat", "wide", "free", "skip", "pnot"].contains(where: { ascii($0, at: 4) }) { return true }
        if header.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return true }              // Matroska, WebM
        if ascii("RIFF", at: 0) && ascii("AVI ", at: 8) { return true }
        if ascii("GIF87a", at: 0) || ascii("GIF89a", at: 0) || ascii("FLV", at: 0) || ascii("OggS", at: 0) { return true }
        if ascii("YUV4MPEG2", at: 0) { return true }
        if header.starts(with: [0x00, 0x00, 0x01, 0xBA]) { return true }              // MPEG program stream
        if header.count >= 189 && header[0] == 0x47 && header[188] == 0x47 { return true } // MPEG transport stream
        return false
    }

    /// Whether the file at `path` is a video: by its first bytes, or by its extension (so a
    /// damaged `.mp4` is reported as a video that cannot be decoded, not as a bad CSV).
    /// Standard input (`-`) is never one.
    ///
    /// - Parameter path: the file.
    public static func isVideo(_ path: String) -> Bool {
        guard path != "-" else { return false }
        // A pipe, a FIFO or a process substitution is read once, by its reader: opening it here
        // would consume or cut off its bytes, so it goes by its name (a CSV's, usually).
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return hasVideoExtension(path) }
        guard let handle = FileHandle(forReadingAtPath: path) else { return hasVideoExtension(path) }
        defer { try? handle.close() }
        let header = [UInt8]((try? handle.read(upToCount: 256)) ?? Data())
        return hasVideoMagic(header) || hasVideoExtension(path)
    }

    /// Whether `path` ends in one of ``extensions`` (any case).
    ///
    /// - Parameter path: the file's path.
    public static func hasVideoExtension(_ path: String) -> Bool {
        extensions.contains((path as NSString).pathExtension.lowercased())
    }
}
