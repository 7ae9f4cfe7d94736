import Foundation

/// One frame as FFmpeg's log describes it: its `showinfo` line, its time in seconds, and whether
/// FFmpeg dropped it as identical to the frame before (then its pixels are not on the output).
struct LoggedFrame: Sendable {
    var line: FrameLogParser.FrameLine
    var time: Double
    var dropped: Bool
}

/// Reads FFmpeg's standard error on its own thread, parsing each frame's line, so that the
/// frames on standard output can be matched with their timestamps by index.
///
/// With `keptFilter` set, the chain logs every frame with one `showinfo`, then `freezedetect`
/// logs a `freeze_end` line for each frame that differs from the last one it let through, and a
/// second `showinfo` (at position `keptFilter`) logs each frame that reaches the output. FFmpeg
/// passes one frame through the whole chain before it takes the next, so a frame other than the
/// first is kept exactly when a `freeze_end` line follows its own line before the next frame's;
/// the first frame is always kept. The output's lines must then name the kept frames' times in
/// order (in the output's own time base), else the log is out of step and reading stops.
final class FrameLogReader: @unchecked Sendable {
    private let handle: FileHandle
    private let keptFilter: Int?
    private let condition = NSCondition()
    private var entries: [Int: Result<LoggedFrame, CaptureError>] = [:]
    /// The last frame logged, while it is not known whether it is kept.
    private var undecided: LoggedFrame?
    /// Kept frames whose output line has not come yet, oldest first.
    private var expected: [LoggedFrame] = []
    private var seenFrame = false
    private var finished = false
    private var failed: CaptureError?
    private var done = DispatchSemaphore(value: 0)
    /// The last line FFmpeg wrote that was not a frame's (its error message, when it failed).
    private(set) var lastMessage: String?

    /// A reader of `handle`; `keptFilter` is the chain position of the `showinfo` that logs the
    /// frames reaching the output when repeats are dropped, `nil` when none are.
    init(handle: FileHandle, keptFilter: Int? = nil) {
        self.handle = handle
        self.keptFilter = keptFilter
    }

    func start() {
        let thread = Thread { [self] in run() }
        thread.start()
    }

    /// Frame `index`, waiting for it; `nil` when the log ended without it.
    func frame(_ index: Int) -> Result<LoggedFrame, CaptureError>? {
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
        var parser = FrameLogParser(), output = FrameLogParser()
        var unread = [UInt8]()
        let fd = handle.fileDescriptor
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, 65536) }
            if n <= 0 { break }
            unread.append(contentsOf: buffer[0..<n])
            while let newline = unread.firstIndex(of: 10) {
                let line = String(decoding: unread[..<newline], as: UTF8.self)
                unread.removeSubrange(...newline)
                handle(line: line, parser: &parser, output: &output)
            }
        }
        if !unread.isEmpty { handle(line: String(decoding: unread, as: UTF8.self), parser: &parser, output: &output) }
        condition.lock()
        // The last frame, with no freeze_end line after it, was dropped.
        if let last = undecided { entries[last.line.index] = .success(last) }
        undecided = nil
        finished = true
        condition.broadcast()
        condition.unlock()
        done.signal()
    }

    private func handle(line: String, parser: inout FrameLogParser, output: inout FrameLogParser) {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        if keptFilter != nil, trimmed.contains("lavfi.freezedetect.") {
            guard trimmed.contains("lavfi.freezedetect.freeze_end") else { return }
            condition.lock()
            if let kept = undecided { expected.append(kept) }
            undecided = nil
            condition.unlock()
            return
        }
        let isOutput = keptFilter.map { trimmed.contains("Parsed_showinfo_\($0) ") } ?? false
        let read: FrameLogParser.FrameLine?
        do {
            if isOutput { read = try output.read(Substring(trimmed)) } else { read = try parser.read(Substring(trimmed)) }
        } catch {
            condition.lock()
            failed = error
            condition.broadcast()
            condition.unlock()
            return
        }
        guard let frame = read else {
            if !trimmed.isEmpty && !trimmed.contains("Parsed_showinfo") { lastMessage = trimmed }
            return
        }
        let time = (isOutput ? output : parser).seconds(frame.pts) ?? .nan
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        guard keptFilter != nil else {
            entries[frame.index] = .success(LoggedFrame(line: frame, time: time, dropped: false))
            return
        }
        if isOutput {
            // The output's time base may be finer than the stream's: its times are rounded to it.
            guard let kept = expected.first, abs(kept.time - time) <= 1e-6 * max(1, abs(time)) else {
                failed = .undecodable("FFmpeg's output is out of step with its log of all frames at the frame it logged at \(time) s")
                return
            }
            expected.removeFirst()
            entries[kept.line.index] = .success(LoggedFrame(line: kept.line, time: kept.time, dropped: false))
        } else {
            if let dropped = undecided { entries[dropped.line.index] = .success(dropped) }
            let logged = LoggedFrame(line: frame, time: time, dropped: true)
            if seenFrame {
                undecided = logged
            } else {
                seenFrame = true
                undecided = nil
                expected.append(logged)
            }
        }
    }
}
