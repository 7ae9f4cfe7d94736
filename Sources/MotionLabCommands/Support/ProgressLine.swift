import Foundation

/// A progress line on stderr — `checked 120/1000 recordings`, or `fitting a spring 42 %` —
/// redrawn in place at most ten times a second, and erased when the work is done; silent when
/// disabled, and for work done within a second.
final class ProgressLine: @unchecked Sendable {
    private let enabled: Bool
    private let label: String
    private let lock = NSLock()
    private var lastDraw = Date.distantPast
    private var drawn = false
    private let started = Date()

    /// A line counting items: `checked done/total noun`.
    init(enabled: Bool, noun: String) {
        self.enabled = enabled
        self.label = noun
    }

    /// A line showing a fraction: `label N %`.
    init(enabled: Bool, label: String) {
        self.enabled = enabled
        self.label = label
    }

    /// The result of `work`, shown by a line labelled `label` (when `enabled`) that is erased as
    /// soon as the work ends or throws, before whatever the caller prints next.
    static func showing<T>(_ enabled: Bool, label: String, _ work: (ProgressLine) throws -> T) rethrows -> T {
        let line = ProgressLine(enabled: enabled, label: label)
        defer { line.finish() }
        return try work(line)
    }

    /// Whether a line is wanted: with `--progress`, or when stderr is a terminal.
    static func wanted(_ flag: Bool) -> Bool {
        flag || isatty(STDERR_FILENO) == 1
    }

    func update(_ done: Int, _ total: Int) {
        draw("checked \(done)/\(total) \(label)", final: done == total)
    }

    /// Shows `fraction` (0 … 1) of the work as a whole percentage.
    func update(fraction: Double) {
        let percent = Int((min(max(fraction, 0), 1) * 100).rounded(.down))
        draw("\(label) \(percent) %", final: fraction >= 1)
    }

    /// Shows `text` as it is.
    func message(_ text: String) {
        draw(text, final: false)
    }

    private func draw(_ text: String, final: Bool) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        let now = Date()
        // A run under a second shows nothing; after that, ten redraws a second at most.
        guard now.timeIntervalSince(started) >= 1, final || now.timeIntervalSince(lastDraw) >= 0.1 else { return }
        lastDraw = now
        drawn = true
        FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
    }

    func finish() {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        if drawn { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
