import MotionSprings
import RealModule
import Testing

/// Other platforms' spring vocabularies as input: expected values from the platforms' documented
/// numbers and from closed forms worked out here (a bisection of Motion's settling envelope).
@Suite("Spring vocabularies as input")
struct SpringVocabularyInputTests {
    /// ω0 with ζ/√(1 − ζ²)·e^(−ζω0T) = 0.001 (e^(−ω0T)(1 + ω0T) = 0.001 at ζ = 1), by bisection.
    static func envelopeRoot(zeta: Double, duration t: Double) -> Double {
        func f(_ w: Double) -> Double {
            zeta < 1 ? zeta / (1 - zeta * zeta).squareRoot() * Double.exp(-zeta * w * t) - 0.001 : Double.exp(-w * t) * (1 + w * t) - 0.001
        }
        var (lo, hi) = (1e-9, 1e6)
        for _ in 0..<300 { let m = (lo + hi) / 2; if f(m) > 0 { lo = m } else { hi = m } }
        return (lo + hi) / 2
    }

    @Test("Motion duration + bounce: Motion's settling envelope, ζ clamped to [0.05, 1], duration to [0.01, 10] s", arguments: [
        (0.8, 0.25, 0.75, 0.8), (0.5, 0.3, 0.7, 0.5), (0.3, 0, 1, 0.3), (2, 0.1, 0.9, 2),
        (0.5, 0.99, 0.05, 0.5), (0.5, -0.5, 1, 0.5), (20, 0.2, 0.8, 10), (0.001, 0.2, 0.8, 0.01),
    ])
    func motionDuration(duration: Double, bounce: Double, zeta: Double, clampedDuration: Double) throws {
        var p = SpringPlatform.Parameters()
        (p.duration, p.bounce) = (duration, bounce)
        let resolution = try SpringPlatform.motion.resolve(p)
        #expect(resolution.form == "motion-duration-bounce")
        let w = Self.envelopeRoot(zeta: zeta, duration: clampedDuration)
        #expect(resolution.spring.physicalStiffness.isApproximatelyEqual(to: w * w, relativeTolerance: 1e-9), "\(resolution.spring.physicalStiffness) vs \(w * w)")
        #expect(resolution.spring.damping.isApproximatelyEqual(to: 2 * zeta * w, relativeTolerance: 1e-9))
        #expect(resolution.spring.mass == 1)
        #expect(resolution.notes.isEmpty == (zeta == 1 - bounce && clampedDuration == duration))
    }

    @Test("Flutter withDampingRatio and withDurationAndBounce (Apple's documented 157.9 / 17.6 for 0.5 s, bounce 0.3)")
    func flutter() throws {
        var ratio = SpringPlatform.Parameters()
        (ratio.mass, ratio.stiffness, ratio.dampingRatio) = (2, 100, 0.5)
        let a = try SpringPlatform.flutter.resolve(ratio)
        #expect(a.form == "flutter-dampingRatio")
        // damping = ratio·2·√(m·k) = 0.5·2·√200.
        #expect(a.spring.damping.isApproximatelyEqual(to: 200.0.squareRoot(), relativeTolerance: 1e-12))
        #expect(a.spring.mass == 2)
        var bounce = SpringPlatform.Parameters()
        (bounce.duration, bounce.bounce) = (0.5, 0.3)
        let b = try SpringPlatform.flutter.resolve(bounce)
        #expect(b.form == "flutter-duration-bounce")
        // k = 4π²/0.25, c = 2·0.7·√k.
        #expect(b.spring.physicalStiffness.isApproximatelyEqual(to: 16 * Double.pi * Double.pi, relativeTolerance: 1e-12))
        #expect(b.spring.damping.isApproximatelyEqual(to: 1.4 * 4 * Double.pi, relativeTolerance: 1e-12))
        #expect(abs(b.spring.physicalStiffness - 157.9) < 0.05 && abs(b.spring.damping - 17.6) < 0.05)
        var bad = SpringPlatform.Parameters()
        (bad.duration, bad.bounce) = (0.5, 1)
        #expect(throws: SpringParameterError.self) { _ = try SpringPlatform.flutter.resolve(bad) }
    }

    @Test("react-spring presets: tension and friction from react-spring's constants.ts", arguments: [
        ("default", 170.0, 26.0), ("gentle", 120, 14), ("wobbly", 180, 12), ("stiff", 210, 20), ("slow", 280, 60), ("molasses", 280, 120),
    ])
    func reactSpringPreset(name: String, tension: Double, friction: Double) throws {
        var p = SpringPlatform.Parameters()
        p.preset = name
        let resolution = try SpringPlatform.reactSpring.resolve(p)
        #expect(resolution.form == "react-spring-preset")
        #expect(resolution.spring.physicalStiffness.isApproximatelyEqual(to: tension, relativeTolerance: 1e-12))
        #expect(resolution.spring.damping.isApproximatelyEqual(to: friction, relativeTolerance: 1e-12))
    }

    @Test("Compose/Android named constants: StiffnessHigh 10000 … VeryLow 50, DampingRatio HighBouncy 0.2 … NoBouncy 1", arguments: [
        ("high", "highBouncy", 10_000.0, 0.2), ("medium", "mediumBouncy", 1500, 0.5), ("mediumLow", "lowBouncy", 400, 0.75),
        ("Low", "NoBouncy", 200, 1), ("very-low", "no_bouncy", 50, 1), ("StiffnessVeryLow", "DampingRatioLowBouncy", 50, 0.75),
    ])
    func composeNames(stiffness: String, dampingRatio: String, k: Double, zeta: Double) throws {
        var p = SpringPlatform.Parameters()
        (p.stiffnessName, p.dampingRatioName) = (stiffness, dampingRatio)
        let spring = try SpringPlatform.compose.resolve(p).spring
        #expect(spring.physicalStiffness.isApproximatelyEqual(to: k, relativeTolerance: 1e-12))
        #expect(spring.physicalDampingRatio.isApproximatelyEqual(to: zeta, relativeTolerance: 1e-12))
    }

    @Test("Errors name the option and list the valid names")
    func errors() {
        var p = SpringPlatform.Parameters()
        p.stiffnessName = "huge"
        #expect(throws: SpringParameterError.self) { _ = try SpringPlatform.compose.resolve(p) }
        p = SpringPlatform.Parameters()
        (p.stiffness, p.stiffnessName) = (100, "low")
        #expect(throws: SpringParameterError.self) { _ = try SpringPlatform.android.resolve(p) }
        p = SpringPlatform.Parameters()
        p.preset = "bouncy"
        do { _ = try SpringPlatform.reactSpring.resolve(p); Issue.record("no error") } catch {
            #expect(error.parameter == "preset" && error.validRange.contains("wobbly"))
        }
    }
}
