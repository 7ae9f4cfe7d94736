import MotionSprings
import RealModule
import Testing

/// Each vocabulary's defaults are the platform's documented ones, its forms accept only their own
/// parameters, and errors use the platform's words.
@Suite("Spring platforms")
struct SpringPlatformTests {
    /// (platform, documented default stiffness k and damping c for mass 1).
    /// Android SpringForce: STIFFNESS_MEDIUM 1500, DAMPING_RATIO_MEDIUM_BOUNCY 0.5 → c = 2·0.5·√1500.
    /// Compose spring(): DampingRatioNoBouncy 1, StiffnessMedium 1500 → c = 2·√1500.
    /// Core Animation CASpringAnimation and Motion: stiffness 100, damping 10.
    /// react-spring config.default: tension 170, friction 26.
    @Test(arguments: [
        (SpringPlatform.android, 1500.0, 1500.0.squareRoot()),
        (.compose, 1500, 2 * 1500.0.squareRoot()),
        (.coreAnimation, 100, 10),
        (.motion, 100, 10),
        (.reactSpring, 170, 26),
    ])
    func defaults(platform: SpringPlatform, stiffness: Double, damping: Double) throws {
        let spring = try platform.resolve(.init()).spring
        #expect(spring.physicalStiffness.isApproximatelyEqual(to: stiffness, relativeTolerance: 1e-12), "\(spring.physicalStiffness)")
        #expect(spring.damping.isApproximatelyEqual(to: damping, relativeTolerance: 1e-12), "\(spring.damping)")
    }

    @Test func formsAcceptOnlyTheirOwnParameters() {
        #expect(SpringPlatform.motion.accepted(given: ["visualDuration"]) == ["visualDuration", "bounce"])
        #expect(SpringPlatform.motion.accepted(given: []) == ["mass", "stiffness", "damping"])
        #expect(SpringPlatform.rebound.accepted(given: ["speed"]) == ["bounciness", "speed"])
        #expect(SpringPlatform.reactSpring.accepted(given: ["frequency"]) == ["frequency", "dampingRatio", "mass"])
    }

    @Test func errorsUseThePlatformsWords() {
        var p = SpringPlatform.Parameters()
        p.tension = -5
        #expect(throws: SpringParameterError.self) { try SpringPlatform.reactSpring.resolve(p) }
        do {
            _ = try SpringPlatform.reactSpring.resolve(p)
        } catch {
            #expect(error.parameter == "tension")
        }
        // Flutter has no default stiffness: the error says it must be given.
        do {
            _ = try SpringPlatform.flutter.resolve(.init())
            Issue.record("flutter without stiffness resolved")
        } catch {
            #expect(error.parameter == "stiffness" && error.value.isNaN)
        }
    }
}
