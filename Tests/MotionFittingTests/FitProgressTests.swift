import Foundation
import MotionFitting
import MotionIO
import Testing

@Suite("Fit progress")
struct FitProgressTests {
    /// A spring-like step with a little deterministic ripple, long enough for the subset stages.
    static func recording(_ n: Int) -> Recording {
        let times = (0..<n).map { Double($0) / Double(n - 1) }
        let values = times.enumerated().map { i, t in
            t < 0.1 ? 0 : 10 * (1 - exp(-9 * (t - 0.1)) * cos(25 * (t - 0.1))) + 0.01 * Double(i % 7 - 3)
        }
        return Recording(times: times, values: values, channel: "y")
    }

    static func check(_ fractions: [Double]) {
        #expect(!fractions.isEmpty)
        #expect(zip(fractions, fractions.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(fractions.allSatisfy { $0 >= 0 && $0 <= 1 })
        #expect(fractions.last == 1)
    }

    @Test func keyframeToleranceSearch() throws {
        for n in [300, 4_500] {
            var fractions: [Double] = []
            _ = try KeyframeFitting.fit(Self.recording(n), tolerance: 0.1) { fractions.append($0) }
            Self.check(fractions)
        }
    }

    @Test func spring() throws {
        var fractions: [Double] = []
        _ = try SpringFitting.fit(Self.recording(4_500)) { fractions.append($0) }
        Self.check(fractions)
    }

    @Test func bezier() throws {
        var fractions: [Double] = []
        _ = try BezierFitting.fit(Self.recording(4_500)) { fractions.append($0) }
        Self.check(fractions)
    }
}
