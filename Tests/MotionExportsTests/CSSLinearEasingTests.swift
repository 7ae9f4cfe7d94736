import Foundation
import MotionExports
import MotionTestSupport
import PropertyBased
import Testing

/// The CSS `linear()` text, read back as a browser reads it, must be within its stated error of
/// the motion it approximates, and must start at 0 and end at 1.
@Suite("CSS linear() easing")
struct CSSLinearEasingTests {
    /// A damped oscillator from 0 towards 1 (closed form), cut at `cut` seconds: it does not end at 1.
    static func spring(decay: Double, frequency: Double, cut: Double) -> (Double) -> Double {
        { p in
            let t = p * cut
            return 1 - exp(-decay * t) * (cos(frequency * t) + decay / frequency * sin(frequency * t))
        }
    }

    static func check(_ curve: @escaping (Double) -> Double, tolerance: Double) throws {
        let easing = CSSLinearEasing(approximating: curve, tolerance: tolerance)
        let parsed = try CSSLinearReader(easing.description)
        #expect(parsed.points.first!.y == 0 && parsed.points.last!.y == 1, "\(easing)")
        #expect(parsed.points.first!.x == 0 && parsed.points.last!.x == 1)
        var worst = 0.0
        for i in 0...20_000 {
            let p = Double(i) / 20_000
            worst = max(worst, abs(parsed.value(p) - curve(p)))
        }
        // The stated error is measured on a finite grid; between its points the curve can bend a
        // little further. It must hold to within 2 % of itself and never exceed the tolerance by more.
        #expect(worst <= max(easing.maxError, tolerance) * 1.02 + 1e-12,
                "printed text is off by \(worst), stated \(easing.maxError), tolerance \(tolerance)")
        #expect(easing.maxError <= tolerance * 1.02 || worst > tolerance,
                "stated error \(easing.maxError) above tolerance \(tolerance) although the text is within it")
    }

    @Test(arguments: [0.05, 0.01, 0.005, 0.001, 0.0002])
    func springCutBeforeSettling(tolerance: Double) throws {
        // ζ = 0.3, ω0 = 12.57: cut where the envelope is ~1e-3 — the curve ends at 0.999…, not 1.
        try Self.check(Self.spring(decay: 3.77, frequency: 11.99, cut: 1.83), tolerance: tolerance)
    }

    @Test func smoothstepAndEaseOut() throws {
        try Self.check({ $0 * $0 * (3 - 2 * $0) }, tolerance: 0.001)
        try Self.check({ sin($0 * .pi / 2) }, tolerance: 0.001)
        try Self.check({ $0 }, tolerance: 0.001)
    }

    @Test func linearMotionNeedsTwoStops() throws {
        let easing = CSSLinearEasing(approximating: { $0 }, tolerance: 0.001)
        #expect(easing.description == "linear(0, 1)")
        #expect(easing.maxError == 0)
    }

    @Test func randomSprings() async throws {
        await propertyCheck(count: 60, input: Gen.double(in: 0.5...8), Gen.double(in: 3...30), Gen.double(in: 0.0005...0.02)) { decay, frequency, tolerance in
            try Self.check(Self.spring(decay: decay, frequency: frequency, cut: 7 / decay), tolerance: tolerance)
        }
    }
}
