import MotionCurves
import Testing

/// The control points every front end accepts for a bezier: four finite numbers, |y| ≤ 1e100 at
/// both ends of the bound, just beyond it, and the exact messages (written out here).
@Suite("Bezier control point checks")
struct ControlPointCheckTests {
    @Test("accepted as given", arguments: [
        [0.0, 1e100, 1.0, -1e100], [-3.0, 0.5, 7.0, 1.0], [0.42, 0, 1, 1],
    ])
    func accepted(points: [Double]) throws {
        #expect(try UnitCurve.checkedControlPoints(points) == points)
    }

    @Test("rejected with the argument, the item or coordinate, the range and the value", arguments: [
        ([0.5, 1.0000000000000002e100, 0.5, 1.0], "--bezier",
         "--bezier y1 must be in [-1e100, 1e100] (beyond, the curve's values and velocities overflow); got 1.0000000000000002e100"),
        ([0.5, 0.0, 0.5, -1.0000000000000002e100], "bezier",
         "bezier y2 must be in [-1e100, 1e100] (beyond, the curve's values and velocities overflow); got -1.0000000000000002e100"),
        ([.infinity, 0.0, 0.5, 1.0], "bezier", "bezier: item 1 must be a finite number; got inf"),
        ([0.5, 0.0, 0.5, .nan], "bezier", "bezier: item 4 must be a finite number; got nan"),
        ([0.5, 0.0, 0.5, 1.0, 0.0], "bezier", "bezier needs exactly 4 numbers x1,y1,x2,y2; got 5"),
        ([], "bezier", "bezier needs exactly 4 numbers x1,y1,x2,y2; got 0"),
    ] as [([Double], String, String)])
    func rejected(points: [Double], argument: String, message: String) {
        do {
            _ = try UnitCurve.checkedControlPoints(points, argument: argument)
            Issue.record("\(points) was accepted")
        } catch {
            #expect(error.description == message)
        }
    }
}
