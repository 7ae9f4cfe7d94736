import MotionCurves
import MotionExports
import Testing

/// The export arguments' ranges, the ones every front end (command line, C ABI) shares: each end of
/// each range, the values just outside it, and the exact message, which names the argument, the
/// range and the value (expected texts written out here, not built by the code under test).
@Suite("Export argument ranges")
struct ExportArgumentsTests {
    /// A value and the message it must be rejected with, or `nil` when it is accepted.
    @Test("curve durations in [1e-6, 1e6] seconds", arguments: [
        (1e-6, nil), (0.35, nil), (1e6, nil),
        (1e-6.nextDown, "curve-duration must be in [1e-06, 1e+06] seconds; got 9.999999999999997e-07"),
        (1e6.nextUp, "curve-duration must be in [1e-06, 1e+06] seconds; got 1000000.0000000001"),
        (Double.leastNonzeroMagnitude, "curve-duration must be in [1e-06, 1e+06] seconds; got 5e-324"),
        (Double.greatestFiniteMagnitude, "curve-duration must be in [1e-06, 1e+06] seconds; got 1.7976931348623157e+308"),
        (0.0, "curve-duration must be in [1e-06, 1e+06] seconds; got 0.0"),
        (-0.0, "curve-duration must be in [1e-06, 1e+06] seconds; got -0.0"),
        (.infinity, "curve-duration must be in [1e-06, 1e+06] seconds; got inf"),
        (.nan, "curve-duration must be in [1e-06, 1e+06] seconds; got nan"),
    ] as [(Double, String?)])
    func curveDurations(value: Double, message: String?) {
        expect({ () throws(ExportError) in try ExportArguments.curveDuration(value) }, value, message)
    }

    @Test("tolerances: finite and > 0", arguments: [
        (Double.leastNonzeroMagnitude, nil), (1e-3, nil), (2.5, nil), (Double.greatestFiniteMagnitude, nil),
        (0.0, "tolerance must be a finite number > 0; got 0.0"),
        (-1.0, "tolerance must be a finite number > 0; got -1.0"),
        (-.infinity, "tolerance must be a finite number > 0; got -inf"),
        (.infinity, "tolerance must be a finite number > 0; got inf"),
        (.nan, "tolerance must be a finite number > 0; got nan"),
    ] as [(Double, String?)])
    func tolerances(value: Double, message: String?) {
        expect({ () throws(ExportError) in try ExportArguments.tolerance(value) }, value, message)
    }

    @Test("frame rates in (0, 1000]", arguments: [
        (Double.leastNonzeroMagnitude, nil), (24.0, nil), (60.0, nil), (1000.0, nil), (999.9999999999999, nil),
        (0.0, "fps must be in (0, 1000]; got 0.0"),
        (-30.0, "fps must be in (0, 1000]; got -30.0"),
        (1000.0000000000001, "fps must be in (0, 1000]; got 1000.0000000000001"),
        (1e6, "fps must be in (0, 1000]; got 1000000.0"),
        (.infinity, "fps must be in (0, 1000]; got inf"),
        (.nan, "fps must be in (0, 1000]; got nan"),
    ] as [(Double, String?)])
    func frameRates(value: Double, message: String?) {
        expect({ () throws(ExportError) in try ExportArguments.fps(value) }, value, message)
    }

    @Test("names: any but the empty one")
    func names() throws {
        #expect(try ExportArguments.name("m") == "m")
        #expect(try ExportArguments.name("card slide") == "card slide")
        #expect(throws: ExportError("name must not be empty")) { try ExportArguments.name("") }
    }

    @Test("bezier control points: x1 and x2 in [0, 1], |y| ≤ 1e100, 4 finite numbers", arguments: [
        ([0.0, -2.0, 1.0, 3.0], nil), ([0.25, 0.1, 0.25, 1.0], nil), ([1.0, 1e100, 0.0, -1e100], nil),
        ([-5e-324, 0.0, 1.0, 1.0], "bezier x1 and x2 must be in [0, 1]; got -5e-324 and 1.0"),
        ([0.0, 0.0, 1.0000000000000002, 1.0], "bezier x1 and x2 must be in [0, 1]; got 0.0 and 1.0000000000000002"),
        ([0.5, 1.0000000000000002e100, 0.5, 1.0], "bezier y1 must be in [-1e100, 1e100] (beyond, the curve's values and velocities overflow); got 1.0000000000000002e100"),
        ([0.5, 0.0, 0.5, -1e101], "bezier y2 must be in [-1e100, 1e100] (beyond, the curve's values and velocities overflow); got -1e101"),
        ([0.5, 0.0, .nan, 1.0], "bezier: item 3 must be a finite number; got nan"),
        ([0.5, 0.0, 0.5], "bezier needs exactly 4 numbers x1,y1,x2,y2; got 3"),
    ] as [([Double], String?)])
    func beziers(points: [Double], message: String?) throws {
        let curve: UnitCurve
        do {
            curve = try ExportArguments.curve(named: nil, bezier: points)
        } catch {
            #expect(error.message == message)
            return
        }
        #expect(message == nil, "\(points) was accepted")
        let p = try #require(curve.controlPoints)
        #expect([p.start.x, p.start.y, p.end.x, p.end.y] == points)
    }

    @Test("curves by name: SwiftUI's names, another name with the valid ones; a name or control points, one of them")
    func namedCurves() throws {
        #expect(try ExportArguments.curve(named: "easeInOut", bezier: nil) == .easeInOut)
        for (name, bezier, message) in [("linear", [0.5, 0, 0.5, 1], "curve: give a curve's name or bezier control points, not both"),
                                        (nil, nil, "curve: give a curve's name or bezier control points x1,y1,x2,y2")] as [(String?, [Double]?, String)] {
            #expect(throws: ExportError(message)) { try ExportArguments.curve(named: name, bezier: bezier) }
        }
        do {
            _ = try ExportArguments.curve(named: "ease", bezier: nil)
            Issue.record("'ease' was accepted")
        } catch {
            #expect(error.message.hasPrefix("curve: "))
            #expect(error.message.contains("'ease'") && error.message.contains("easeInOut"), "\(error.message)")
        }
    }

    /// Checks that `check` returns `value` when `message` is `nil`, else throws exactly `message`.
    private func expect(_ check: () throws(ExportError) -> Double, _ value: Double, _ message: String?,
                        sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let accepted = try check()
            #expect(message == nil, "\(value) was accepted", sourceLocation: sourceLocation)
            #expect(accepted == value, sourceLocation: sourceLocation)
        } catch {
            #expect(error.message == message, sourceLocation: sourceLocation)
        }
    }
}
