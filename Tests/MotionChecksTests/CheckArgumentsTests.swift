import MotionChecks
import Testing

@Suite("Check run arguments")
struct CheckArgumentsTests {
    @Test("jobs in 1…1024 are accepted", arguments: [1, 2, 1024])
    func jobs(count: Int) throws {
        #expect(try CheckRunner.checkedConcurrency(count) == count)
    }

    @Test("jobs outside 1…1024 name the range and the value", arguments: [0, -1, 1025])
    func badJobs(count: Int) {
        #expect(throws: CheckArgumentError("jobs must be in 1…1024; got \(count)")) {
            try CheckRunner.checkedConcurrency(count)
        }
    }
}
