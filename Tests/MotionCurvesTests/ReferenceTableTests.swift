import Foundation
import MotionCurves
import Testing

/// The bezier inverse, values and velocities against the mpmath table (≈10⁴ points over degenerate,
/// overshooting, near-vertical, named and random curves).
@Suite("Reference table (mpmath, 50 digits)")
struct ReferenceTableTests {
    @Test func tableIsLargeEnough() {
        let count = Reference.curves.map(\.points.count).reduce(0, +)
            + Reference.circular.map(\.points.count).reduce(0, +)
        #expect(count >= 10_000)
    }

    /// |x(t) − x| ≤ 4 ulp(x) in exact arithmetic, checked as tLow ≤ t ≤ tHigh (x(t) is monotone).
    @Test(arguments: Reference.curves)
    func solvedParameterIsWithinFourULPs(_ curve: Reference.Curve) throws {
        let c = curve.controlPoints
        let bezier = try CubicBezier(x1: c[0], y1: c[1], x2: c[2], y2: c[3])
        var worst = 0.0, worstX = 0.0
        for p in curve.points {
            let t = bezier.solveT(forX: p.x)
            let offset = t - p.t  // exact: both lie within a few ulps of each other
            #expect(offset >= -p.tLowGap && offset <= p.tHighGap,
                    "x = \(p.x): t = \(t), exact \(p.t), allowed [-\(p.tLowGap), +\(p.tHighGap)]")
            // The window is ±4 ulp(x) in x: report the error in ulps of x (first order).
            let gap = offset < 0 ? p.tLowGap : p.tHighGap
            if gap > 0, 4 * abs(offset) / gap > worst { (worst, worstX) = (4 * abs(offset) / gap, p.x) }
        }
        print("\(curve.name): worst |x(t) − x| ≈ \(String(format: "%.2f", worst)) ulp(x) at x = \(worstX)")
    }

    /// Not part of the contract, measured: how often t is the correctly rounded root. The misses
    /// lie where x(t) is so flat that several doubles give nearly the same x(t); 99 % guards
    /// against a regression that stays within 4 ulp but loses the last bit everywhere.
    @Test func correctlyRoundedShare() throws {
        var exact = 0, total = 0
        for curve in Reference.curves {
            let c = curve.controlPoints
            let bezier = try CubicBezier(x1: c[0], y1: c[1], x2: c[2], y2: c[3])
            for p in curve.points where p.x >= Double.leastNormalMagnitude {
                total += 1
                if bezier.solveT(forX: p.x) == p.t { exact += 1 }
            }
        }
        print("correctly rounded t for \(exact) of \(total) normal x")
        #expect(Double(exact) >= 0.99 * Double(total), "\(exact) of \(total)")
    }

    /// The batch API gives the same t as one-at-a-time solves, sorted or shuffled.
    @Test(arguments: Reference.curves)
    func batchMatchesScalar(_ curve: Reference.Curve) throws {
        let c = curve.controlPoints
        let bezier = try CubicBezier(x1: c[0], y1: c[1], x2: c[2], y2: c[3])
        var xs = curve.points.map(\.x)
        #expect(bezier.solveT(forX: xs) == xs.map(bezier.solveT(forX:)))
        xs.reverse()
        #expect(bezier.solveT(forX: xs) == xs.map(bezier.solveT(forX:)))
        #expect(bezier.y(forX: xs) == xs.map(bezier.y(forX:)))
    }

    /// y within |dy/dx|·4·ulp(x) + 2 ulp(y) (the table's tolerance: the range of y over the
    /// permitted 4-ulp window, widened by two ulps).
    @Test(arguments: Reference.curves)
    func values(_ curve: Reference.Curve) {
        let c = curve.controlPoints
        let unit = UnitCurve.bezier(startControlPoint: UnitPoint(x: c[0], y: c[1]),
                                    endControlPoint: UnitPoint(x: c[2], y: c[3]))
        for p in curve.points {
            let y = unit.value(at: p.x)
            #expect(abs(y - p.y) <= p.yTolerance, "x = \(p.x): y = \(y), exact \(p.y), tolerance \(p.yTolerance)")
        }
    }

    /// SwiftUI's velocity: (dy/dt)/(dx/dt), 1 where both vanish, ±∞ where only dx/dt does.
    @Test(arguments: Reference.curves)
    func velocities(_ curve: Reference.Curve) {
        let c = curve.controlPoints
        let unit = UnitCurve.bezier(startControlPoint: UnitPoint(x: c[0], y: c[1]),
                                    endControlPoint: UnitPoint(x: c[2], y: c[3]))
        for p in curve.points {
            let v = unit.velocity(at: p.x)
            #expect(!v.isNaN, "x = \(p.x): NaN velocity")
            if p.velocity.isInfinite {
                // An infinite exact velocity: the solver may land on a neighbour with a huge one.
                #expect(v.sign == p.velocity.sign && (v.isInfinite || p.velocityTolerance == nil),
                        "x = \(p.x): velocity \(v), exact \(p.velocity)")
            } else if let tolerance = p.velocityTolerance {
                #expect(abs(v - p.velocity) <= tolerance,
                        "x = \(p.x): velocity \(v), exact \(p.velocity), tolerance \(tolerance)")
            }
        }
    }

    @Test(arguments: ["circularEaseIn", "circularEaseOut", "circularEaseInOut"])
    func circularCurves(_ name: String) throws {
        let curve = try UnitCurve.named(name)
        let points = try #require(Reference.circular.first { $0.name == name }).points
        for p in points {
            let y = curve.value(at: p.progress)
            #expect(abs(y - p.value) <= p.valueTolerance, "\(name)(\(p.progress)) = \(y), exact \(p.value)")
            let v = curve.velocity(at: p.progress)
            if let tolerance = p.velocityTolerance {
                #expect(abs(v - p.velocity) <= tolerance, "\(name)′(\(p.progress)) = \(v), exact \(p.velocity)")
            } else {
                #expect(v == p.velocity, "\(name)′(\(p.progress)) = \(v), exact \(p.velocity)")
            }
        }
    }

    /// Extrapolation outside [0, 1] along the end tangents with Chromium's special cases.
    @Test(arguments: Reference.css)
    func cssExtrapolation(_ curve: Reference.CSSCurve) throws {
        let c = curve.controlPoints
        let function = try CSSTimingFunction(x1: c[0], y1: c[1], x2: c[2], y2: c[3])
        // (y2 − 1)/(x2 − 1) rounds twice in double: a few ulps.
        #expect(abs(function.startGradient - curve.gradients[0]) <= 4 * curve.gradients[0].ulp)
        #expect(abs(function.endGradient - curve.gradients[1]) <= 4 * curve.gradients[1].ulp)
        for p in curve.points {
            let y = function.value(at: p.x)
            #expect(abs(y - p.value) <= p.tolerance, "\(curve.name)(\(p.x)) = \(y), exact \(p.value)")
            #expect(abs(function.velocity(at: p.x) - p.gradient) <= 4 * p.gradient.ulp)
        }
    }
}
