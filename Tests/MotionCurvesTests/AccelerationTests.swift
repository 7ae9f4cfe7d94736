import MotionCurves
import Testing

/// The timing curves' second derivative d²(output)/d(progress)², against mpmath: the 60-digit
/// curve y(x) (x(t) = p solved by bracketed root finding) differentiated twice numerically, and
/// the closed forms at the ends.
@Suite("Timing curves: exact acceleration")
struct AccelerationTests {
    /// ((x1, y1, x2, y2), progress, mpmath's d²y/dx²).
    static let mpmath: [((Double, Double, Double, Double), Double, Double)] = [
        ((0.42, 0, 0.58, 1), 0.1, 4.2434471844603971),
        ((0.42, 0, 0.58, 1), 0.3, 3.9650261975772252),
        ((0.42, 0, 0.58, 1), 0.5, 0),
        ((0.42, 0, 0.58, 1), 0.77, -4.3842178519645039),
        ((0.42, 0, 1, 1), 0.25, 1.9685736861173965),
        ((0.42, 0, 1, 1), 0.6, 1.1888890742847718),
        ((0, 0, 0.58, 1), 0.2, -1.0874900224608186),
        ((0, 0, 0.58, 1), 0.9, -2.7919137006917565),
        ((0.1, -0.6, 0.7, 1.8), 0.15, 7.5074880146310959),
        ((0.1, -0.6, 0.7, 1.8), 0.5, -2.3212046078694701),
        ((0.1, -0.6, 0.7, 1.8), 0.85, -11.02930790689013),
    ]

    @Test func bezierInteriorMatchesMpmath() {
        for ((x1, y1, x2, y2), p, expected) in Self.mpmath {
            let curve = UnitCurve.bezier(startControlPoint: UnitPoint(x: x1, y: y1), endControlPoint: UnitPoint(x: x2, y: y2))
            let actual = curve.exactAcceleration(at: p)
            #expect(abs(actual - expected) <= 1e-9 * max(1, abs(expected)), "(\(x1), \(y1), \(x2), \(y2)) at \(p): \(actual)")
        }
    }

    /// At an end whose control point is off it: y″/x′² (y′ = 0 there for the presets): for easeIn
    /// and easeInOut at 0, 6/1.26²; for easeInOut at 1, −6/1.26². At an end whose control point
    /// coincides with it the slope turns while the progress stops: +∞ at easeIn's end, −∞ at
    /// easeOut's start (mpmath: 7.80, 75.1, 749 at 1 − 10⁻³, 10⁻⁵, 10⁻⁷; the negatives at easeOut's 10⁻³, 10⁻⁵).
    @Test func ends() {
        let k = 6 / (1.26 * 1.26)
        #expect(abs(UnitCurve.easeIn.exactAcceleration(at: 0) - k) <= 1e-13 * k)
        #expect(abs(UnitCurve.easeInOut.exactAcceleration(at: 0) - k) <= 1e-13 * k)
        #expect(abs(UnitCurve.easeInOut.exactAcceleration(at: 1) + k) <= 1e-13 * k)
        #expect(UnitCurve.easeIn.exactAcceleration(at: 1) == .infinity)
        #expect(UnitCurve.easeOut.exactAcceleration(at: 0) == -.infinity)
        #expect(UnitCurve.linear.exactAcceleration(at: 0.3) == 0)
    }

    /// Circular curves: (1 − p²)^(−3/2) and −(p(2 − p))^(−3/2), against mpmath's second derivative
    /// of 1 − √(1 − p²) at 0.3 and of √(p(2 − p)) at 0.4.
    @Test func circular() {
        #expect(abs(UnitCurve.circularEaseIn.exactAcceleration(at: 0.3) - 1.1519613590350751) <= 1e-14)
        #expect(abs(UnitCurve.circularEaseOut.exactAcceleration(at: 0.4) + 1.953125) <= 1e-14)
        // In-out: the ease-in half at 2p, scaled by 2.
        #expect(abs(UnitCurve.circularEaseInOut.exactAcceleration(at: 0.15) - 2 * 1.1519613590350751) <= 1e-14)
    }
}
