import MotionAnimations
import MotionSprings
import RealModule
import Testing

/// The spring parameters of the spring animations: SwiftUI's defaults and its bounce →
/// damping-fraction map.
@Suite("Spring animations' parameters")
struct SpringAnimationParameterTests {
    @Test func legacyAnimations() {
        #expect(Animation.spring.spring == Spring(response: 0.5, dampingRatio: 0.825))
        #expect(Animation.interactiveSpring.spring == Spring(response: 0.15, dampingRatio: 0.86))
        #expect(Animation.interactiveSpring.blendDuration == 0.25)
        // spring(duration:bounce:) → dampingFraction 1/(b+1) for b < 0, else 1 − b.
        #expect(Animation.spring(duration: 0.4, bounce: -0.2).spring!.dampingRatio.isApproximatelyEqual(to: 1.25, relativeTolerance: 1e-14))
        #expect(Animation.spring(duration: 0.4, bounce: 0.2).spring!.dampingRatio.isApproximatelyEqual(to: 0.8, relativeTolerance: 1e-14))
        // SPEC §2.1: bounce > 1 gives ζ = 0, for the Animation's spring as for Spring(duration:bounce:).
        #expect(Animation.spring(duration: 0.4, bounce: 1.5).spring!.dampingRatio == 0)
        #expect(Animation.spring(duration: 0.4, bounce: 1.5).spring == Spring(duration: 0.4, bounce: 1.5))
        let interpolating = Animation.interpolatingSpring(stiffness: 100, damping: 30, initialVelocity: 2)
        #expect(interpolating.spring!.regime == .overdamped)
        #expect(interpolating.initialVelocity == 2)
    }

    /// The animation itself keeps SwiftUI's inlined map, 1 − b without the cut at b > 1: the
    /// integrator then runs with a negative damping fraction.
    @Test func bounceAboveOneKeepsSwiftUIsDampingFraction() throws {
        let fluid = try #require(Animation.spring(duration: 0.4, bounce: 1.5).base as? FluidSpringAnimation)
        #expect(fluid.dampingFraction == -0.5)
        #expect(fluid.response == 0.4)
        #expect(Animation.dampingFraction(bounce: -0.5) == 2)
    }

    @Test func presetsAndDefaults() throws {
        func fluid(_ animation: Animation) throws -> FluidSpringAnimation {
            try #require(animation.base as? FluidSpringAnimation)
        }
        #expect(try fluid(.smooth) == FluidSpringAnimation(response: 0.5, dampingFraction: 1, blendDuration: 0))
        #expect(try fluid(.snappy) == FluidSpringAnimation(response: 0.5, dampingFraction: 0.85, blendDuration: 0))
        #expect(try fluid(.bouncy) == FluidSpringAnimation(response: 0.5, dampingFraction: 0.7, blendDuration: 0))
        #expect(try fluid(.bouncy(duration: 0.6, extraBounce: 0.1)).dampingFraction.isApproximatelyEqual(to: 0.6, relativeTolerance: 1e-15))
        #expect(try fluid(.interactiveSpring(duration: 0.15, extraBounce: 0, blendDuration: 0.25)).dampingFraction
                    .isApproximatelyEqual(to: 0.85, relativeTolerance: 1e-15))
        #expect(Animation.spring(Spring(duration: 0.3, bounce: 0.2)).spring!.dampingRatio.isApproximatelyEqual(to: 0.8, relativeTolerance: 1e-14))
        // Animation.default: the documented iOS 17 spring unless asked otherwise.
        #expect(Animation.default == .default(.ios17))
        #expect(Animation.default.spring == Spring(response: 0.55, dampingRatio: 1))
        #expect(Animation.default(.legacy).spring == Spring(response: 0.5, dampingRatio: 0.825))
        #expect(Animation.default(.pre17).spring == nil)
        #expect(DefaultAnimationVersion.pre17.base == .easeInOut(duration: 0.35))
        // interpolatingSpring(duration:bounce:) is k = (2π/d)², c = 2√k·ζ, m = 1.
        let interpolating = try #require(Animation.interpolatingSpring(duration: 0.5, bounce: 0.2).base as? SpringAnimation)
        #expect(interpolating.stiffness.isApproximatelyEqual(to: 16 * .pi * .pi, relativeTolerance: 1e-15))
        #expect(interpolating.damping.isApproximatelyEqual(to: 2 * 4 * .pi * 0.8, relativeTolerance: 1e-15))
        #expect(interpolating.mass == 1)
    }

    /// Modifiers wrap; equal animations are equal, different ones are not.
    @Test func equality() {
        #expect(Animation.easeIn.delay(0.1) == .easeIn.delay(0.1))
        #expect(Animation.easeIn.delay(0.1) != .easeIn.delay(0.2))
        #expect(Animation.easeIn.delay(0.1) != .easeIn.speed(0.1))
        #expect(Animation.linear == .timingCurve(0, 0, 1, 1))
        #expect(Animation.spring != .smooth)
    }
}
