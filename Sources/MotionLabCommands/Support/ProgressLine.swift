import Foundation

/// A progress line on stderr — `checked 120/1000 recordings` — redrawn in place at most ten
/// times a second, and erased when the work is done; silent when disabled.
final class ProgressLine: @unchecked Sendable {
    private let enabled: Bool
    private let noun: String
    private let lock = NSLock()
    private var lastDraw = Date.distantPast
    private var drawn = false
    private let started = Date()

    init(enabled: Bool, noun: String) {
        self.enabled = enabled
        self.noun = noun
    }

    func update(_ done: Int, _ total: Int) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        let now = Date()
        // A run under a second shows nothing; after that, ten redraws a second at most.
        guard now.timeIntervalSince(started) >= 1, done == total || now.timeIntervalSince(lastDraw) >= 0.1 else { return }
        lastDraw = now
        drawn = true
        FileHandle.standardError.write(Data("\r\u{1B}[Kchecked \(done)/\(total) \(noun)".utf8))
    }

    func finish() {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        if drawn { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
