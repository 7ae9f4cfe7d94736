import Foundation
import MotionFitting
import MotionIO
import Testing
import MotionTestSupport

/// scripts/reference/keyframe_fit_reference.py: the dense design matrix written from SPEC §4,
/// solved by numpy.linalg.lstsq (SVD).
struct KeyframeFitReference: Decodable {
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        var name: String
        var times, values, endTimes: [Double]
        var initialValue: Double
        var keyframeValues: [Double]
        var rmse, maxError, condition: Double
        var testDescription: String { name }
    }

    var cases: [Case]

    static let table = Repository.referenceTable(KeyframeFitReference.self, "keyframe_fit.json")
}

@Suite("Keyframe fit against numpy lstsq")
struct KeyframeFitReferenceTests {
    /// The fitted values equal the least-squares optimum to 1e-9 relative to the values' scale;
    /// for the ill-conditioned case (condition number ~1e5, the normal equations' ~1e10) the
    /// refinement step keeps the agreement at the 1e-9 level too.
    @Test(arguments: KeyframeFitReference.table.cases)
    func matchesLeastSquaresOptimum(_ reference: KeyframeFitReference.Case) throws {
        let fit = try KeyframeFitting.fit(Recording(times: reference.times, values: reference.values), endTimes: reference.endTimes)
        let expected = [reference.initialValue] + reference.keyframeValues
        let actual = [fit.initialValue] + fit.keyframes.map(\.to)
        let scale = expected.map(abs).max() ?? 1
        let worst = zip(actual, expected).map { abs($0 - $1) / scale }.max() ?? 0
        print("\(reference.name): condition \(reference.condition), worst relative difference \(worst)")
        #expect(worst <= 1e-9)
        #expect(abs(fit.quality.rmse - reference.rmse) <= 1e-9 * max(reference.rmse, scale * 1e-6))
    }
}
