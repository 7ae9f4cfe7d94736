import Foundation

/// Reads FFmpeg's standard error on its own thread, parsing each frame's line, so that the
/// frames on standard output can be matched with their timestamps by index.
final class FrameLogReader: @unchecked Sendable {
    private let handle: FileHandle
    private let condition = NSCondition()
    private var entries: [Int: Result<(FrameLogParser.FrameLine, Double), CaptureError>] = [:]
    private var finished = false
    private var failed: CaptureError?
    private var done = DispatchSemaphore(value: 0)
    /// The last line FFmpeg wrote that was not a frame's (its error message, when it failed).
    private(set) var lastMessage: String?

    init(handle: FileHandle) { self.handle = handle }

    func start() {
        let thread = Thread { [self] in run() }
        thread.start()
    }

    /// The line of frame `index`, waiting for it; `nil` when the log ended without it.
    func frame(_ index: Int) -> Result<(FrameLogParser.FrameLine, Double), CaptureError>? {
        condition.lock()
        defer { condition.unlock() }
        while entries[index] == nil && failed == nil && !finished { condition.wait() }
        if let entry = entries.removeValue(forKey: index) { return entry }
        if let failed { return .failure(failed) }
        return nil
    }

    /// Waits until the log has been read to its end.
    func wait() { done.wait() }

    private func run() {
        var parser = FrameLogParser()
        var pending = [UInt8]()
        let fd = handle.fileDescriptor
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, 65536) }
            if n <= 0 { break }
            pending.append(contentsOf: buffer[0..<n])
            while let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                handle(line: line, parser: &parser)
            }
        }
        if !pending.isEmpty { handle(line: String(decoding: pending, as: UTF8.self), parser: &parser) }
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
        done.signal()
    }

    private func handle(line: String, parser: inout FrameLogParser) {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        do {
            guard let frame = try parser.read(Substring(trimmed)) else {
                if !trimmed.isEmpty && !trimmed.contains("Parsed_showinfo") { lastMessage = trimmed }
                return
            }
            let time = parser.seconds(frame.pts) ?? .nan
            condition.lock()
            entries[frame.index] = .success((frame, time))
            condition.broadcast()
            condition.unlock()
        } catch {
            condition.lock()
            failed = error
            condition.broadcast()
            condition.unlock()
        }
    }
}
