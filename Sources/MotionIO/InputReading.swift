import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading an input by streaming it, whatever it is: a regular file, a pipe, a FIFO (`mkfifo`),
/// `/dev/stdin` or a process substitution (`<(cmd)`, a `/dev/fd/N` path). Nothing is asked of
/// the file beforehand — not its size, not whether it is a regular file — so anything this
/// process can open and read works, and what cannot be read fails with the reason the system
/// gives (`open(2)`'s errno), naming the path.
public enum InputReading {
    /// The bytes ``nextBlock(of:path:size:)`` reads at once by default.
    public static let blockSize = 1 << 16

    /// The file at `path`, opened for reading (closed when the handle is released).
    ///
    /// - Throws: ``InputReadError`` when the path does not exist, is a directory, may not be
    ///   read (permission denied), or cannot be opened for another reason (the system's words).
    public static func open(_ path: String) throws(InputReadError) -> FileHandle {
        let descriptor = path.withCString { systemOpen($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw InputReadError(path: path, reason: .init(errorNumber: errno)) }
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            close(descriptor)
            throw InputReadError(path: path, reason: .directory)
        }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Every byte of the file at `path`, read block by block to its end (a pipe's writer may
    /// still be writing when this starts).
    public static func contents(of path: String) throws(InputReadError) -> Data {
        let handle = try open(path)
        var data = Data()
        while let block = try nextBlock(of: handle, path: path) { data.append(block) }
        return data
    }

    /// The next bytes of `handle` (at most `size`), or `nil` at its end; `path` names it in an error.
    public static func nextBlock(of handle: FileHandle, path: String, size: Int = blockSize) throws(InputReadError) -> Data? {
        var buffer = [UInt8](repeating: 0, count: size)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, size) }
            if count > 0 { return Data(buffer[0..<count]) }
            if count == 0 { return nil }
            if errno != EINTR { throw InputReadError(path: path, reason: .init(errorNumber: errno)) }
        }
    }
}

/// An input that cannot be read, and why; its description names the path.
public struct InputReadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Why the input cannot be read.
    public enum Reason: Equatable, Sendable {
        case noSuchFile
        case directory
        case permissionDenied
        /// Any other failure, in the system's words.
        case failed(String)

        /// The reason an `open(2)` or `read(2)` failed with `errorNumber`.
        init(errorNumber: Int32) {
            switch errorNumber {
            case ENOENT, ENOTDIR: self = .noSuchFile
            case EISDIR: self = .directory
            case EACCES, EPERM: self = .permissionDenied
            default: self = .failed(String(cString: strerror(errorNumber)))
            }
        }
    }

    /// The input's path, as given.
    public var path: String
    /// Why it cannot be read.
    public var reason: Reason

    /// What is wrong, without the path.
    public var message: String {
        switch reason {
        case .noSuchFile: "no such file"
        case .directory: "is a directory, not a file"
        case .permissionDenied: "not readable (permission denied)"
        case .failed(let words): "cannot be read: \(words)"
        }
    }

    public var description: String { "\(path): \(message)" }
}

/// `open(2)`, under a name that does not clash with ``InputReading/open(_:)``.
private func systemOpen(_ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 {
    open(path, flags)
}
