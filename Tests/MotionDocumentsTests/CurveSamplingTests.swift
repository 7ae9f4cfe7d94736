import MotionCurves
import MotionDocuments
import MotionJSON
import Testing

/// The `curve` document's sampling: names and control points as written by hand from each
/// curve's definition (CSS Easing's keyword table, SwiftUI's named curves), SwiftUI's clamping
/// against CSS's extrapolation along the end tangent, and inverses.
@Suite("Curve sampling")
struct CurveSamplingTests {
    @Test("SwiftUI: easeIn is cubic-bezier(0.42, 0, 1, 1); its inverse swaps x and y; progress is clamped")
    func swiftUI() throws {
        let curve = CurveSampling(UnitCurve.easeIn, inverse: false)
        #expect(curve.name == "easeIn" && !curve.css && !curve.inverse)
        #expect(curve.controlPoints == [0.42, 0, 1, 1])
        #expect(curve.value(at: 1.5) == 1 && curve.value(at: -0.5) == 0)
        let inverse = CurveSampling(UnitCurve.easeIn, inverse: true)
        #expect(inverse.name == "easeIn.inverse = bezier(0.0, 0.42, 1.0, 1.0)")
        #expect(inverse.controlPoints == [0, 0.42, 1, 1])
        for p in [0.1, 0.3, 0.5, 0.9] {
            #expect(abs(inverse.value(at: curve.value(at: p)) - p) < 1e-12)
        }
    }

    @Test("CSS: linear extrapolates along its slope 1; ease's inverse is cubic-bezier(0.1, 0.25, 1, 0.25)")
    func css() throws {
        let linear = try CurveSampling(CSSTimingFunction(parsing: "linear"), inverse: false)
        #expect(linear.css && linear.name == "linear")
        #expect(abs(linear.value(at: 1.5) - 1.5) < 1e-12 && abs(linear.value(at: -0.5) + 0.5) < 1e-12)
        let inverse = try CurveSampling(CSSTimingFunction(parsing: "ease"), inverse: true)
        #expect(inverse.name == "inverse of ease = cubic-bezier(0.1, 0.25, 1, 0.25)")
        #expect(inverse.controlPoints == [0.1, 0.25, 1, 0.25])
        #expect(inverse.velocity(at: 0.4) == inverse.exactVelocity(at: 0.4))
        // y1 = 1.56 becomes an x outside [0, 1]: CSS cannot write the inverse.
        let overshoot = try CSSTimingFunction(x1: 0.34, y1: 1.56, x2: 0.64, y2: 1)
        #expect(throws: CurveError.self) { try CurveSampling(overshoot, inverse: true) }
    }

    @Test("The document: the curve's description, then one sample per progress value in order")
    func document() throws {
        let document = CurveSampling(UnitCurve.linear, inverse: false).document(at: [0, 0.25, 2])
        #expect(document["curve"] == .object([("name", .string("linear")), ("semantics", .string("swiftui")), ("inverse", .bool(false))]))
        guard case .array(let samples)? = document["samples"] else { Issue.record("no samples in \(document)"); return }
        #expect(samples.map { $0["progress"] } == [.number(0), .number(0.25), .number(2)])
        #expect(samples.map { $0["value"] } == [.number(0), .number(0.25), .number(1)])
    }
}
