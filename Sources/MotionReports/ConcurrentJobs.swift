import Foundation

/// Independent jobs run on every core, their results kept in order: how a report fits several
/// recordings at once.
public enum ConcurrentJobs {
    /// `body(0)`, …, `body(count − 1)` on every core; the results in index order. When jobs fail,
    /// the error of the lowest index is rethrown (after every job has run), so the error a run
    /// reports does not depend on which thread finished first.
    ///
    /// - Parameters:
    ///   - count: how many jobs (0 or more).
    ///   - body: the job of an index; called once per index, from several threads at once.
    public static func map<T: Sendable>(_ count: Int, _ body: @Sendable (Int) throws -> T) throws -> [T] {
        let results = Slots<T>(max(count, 0))
        DispatchQueue.concurrentPerform(iterations: max(count, 0)) { i in
            results.set(i, Result { try body(i) })
        }
        return try results.values.map { try $0!.get() }
    }

    /// The slots `map` fills from several threads.
    private final class Slots<T>: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var values: [Result<T, any Error>?]
        init(_ count: Int) { values = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ value: Result<T, any Error>) {
            lock.lock()
            values[index] = value
            lock.unlock()
        }
    }
}

/// The fractions done of several jobs running at once, reported as their mean: one progress
/// line for a run of ``ConcurrentJobs/map(_:_:)``.
public final class ProgressShares: @unchecked Sendable {
    private let lock = NSLock()
    private var fractions: [Double]
    private let report: @Sendable (Double) -> Void

    /// Shares of `count` jobs, all at 0.
    ///
    /// - Parameters:
    ///   - count: how many jobs (fewer than 1 counts as 1).
    ///   - report: called with the mean fraction done after every ``set(_:_:)``, never from two
    ///     threads at once.
    public init(count: Int, report: @escaping @Sendable (Double) -> Void) {
        fractions = Array(repeating: 0, count: max(count, 1))
        self.report = report
    }

    /// Records that job `job` is `fraction` done and reports the mean over the jobs.
    ///
    /// - Parameters:
    ///   - job: the job's index, in `0..<count`.
    ///   - fraction: how much of it is done, in [0, 1].
    public func set(_ job: Int, _ fraction: Double) {
        lock.lock()
        defer { lock.unlock() }
        fractions[job] = fraction
        report(fractions.reduce(0, +) / Double(fractions.count))
    }
}
