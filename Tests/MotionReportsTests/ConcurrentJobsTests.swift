import Foundation
import MotionReports
import Testing

struct ConcurrentJobsTests {
    /// The results are in index order, whatever order the jobs finish in.
    @Test(arguments: [0, 1, 7, 100])
    func resultsInOrder(count: Int) throws {
        let results = try ConcurrentJobs.map(count) { i in
            if i % 3 == 0 { usleep(200) }
            return i * i
        }
        #expect(results == (0..<count).map { $0 * $0 })
    }

    /// Of several failures the lowest index's is rethrown, even when it finishes last.
    @Test func firstErrorInOrder() {
        struct Failure: Error, Equatable { var index: Int }
        #expect(throws: Failure(index: 2)) {
            _ = try ConcurrentJobs.map(8) { i -> Int in
                if i == 2 { usleep(20_000); throw Failure(index: 2) }
                if i == 5 { throw Failure(index: 5) }
                return i
            }
        }
    }

    /// The reported fraction is the mean over the jobs, and reaches 1 when every job is done.
    @Test func sharesReportTheMean() {
        let seen = Fractions()
        let shares = ProgressShares(count: 4) { seen.append($0) }
        shares.set(0, 1)
        shares.set(3, 0.5)
        shares.set(1, 1)
        shares.set(2, 1)
        shares.set(3, 1)
        #expect(seen.all == [0.25, 0.375, 0.625, 0.875, 1])
    }
}

private final class Fractions: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var all: [Double] = []
    func append(_ x: Double) { lock.lock(); all.append(x); lock.unlock() }
}
