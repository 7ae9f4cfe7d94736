import MotionFitting
import Testing

/// The fits' argument ranges, the ones every front end (command line, C ABI) shares: each end of
/// each range, and the values just outside it, which name the argument, the range and the value.
@Suite("Fit argument ranges")
struct FitArgumentsTests {
    @Test("keyframe counts 1…100000", arguments: [1, 2, 99_999, 100_000])
    func keyframeCountsInRange(count: Int) throws {
        #expect(try FitArguments.keyframeCount(count) == count)
    }

    @Test("keyframe counts outside 1…100000", arguments: [Int.min, -3, 0, 100_001, Int.max])
    func keyframeCountsOutOfRange(count: Int) {
        #expect(throws: FitArgumentError(argument: "keyframes", requirement: "must be in 1…100000; got \(count)")) {
            try FitArguments.keyframeCount(count)
        }
    }

    @Test("tolerances: finite and > 0", arguments: [Double.leastNonzeroMagnitude, 1e-9, 1.5, Double.greatestFiniteMagnitude])
    func tolerances(value: Double) throws {
        #expect(try FitArguments.tolerance(value) == value)
    }

    @Test("tolerances that are not finite or not > 0", arguments: [0.0, -0.0, -1.0, .infinity, -.infinity, .nan])
    func badTolerances(value: Double) {
        do {
            _ = try FitArguments.tolerance(value)
            Issue.record("\(value) was accepted")
        } catch {
            #expect(error.message == "tolerance must be a finite number > 0; got \(value)")
        }
    }

    @Test("CSS tolerances in the open interval (0, 1)", arguments: [0.0, 1.0, -0.5, 1.5, .nan, .infinity])
    func cssTolerances(value: Double) throws {
        do {
            _ = try FitArguments.cssTolerance(value)
            Issue.record("\(value) was accepted")
        } catch {
            #expect(error.argument == "css-tolerance")
            #expect(error.message == "css-tolerance must be in (0, 1); got \(value)")
        }
        #expect(try FitArguments.cssTolerance(0.005) == 0.005)
        #expect(try FitArguments.cssTolerance(1.0.nextDown) == 1.0.nextDown)
    }
}
