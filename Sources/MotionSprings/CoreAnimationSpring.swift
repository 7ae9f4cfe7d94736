/// Core Animation's `CASpringAnimation` and UIKit's `UISpringTimingParameters`: mass, stiffness,
/// damping and an initial velocity measured in units of the animation's distance per second.
///
/// Sources: Apple's documentation of `CASpringAnimation` (defaults mass 1, stiffness 100,
/// damping 10, initialVelocity 0) and `UISpringTimingParameters.initialVelocity` ("normalized to
/// the total distance of the animation"). Apple documents no formula for
/// `init(perceptualDuration:bounce:)`; it is taken to be SwiftUI's `Spring(duration:bounce:)`,
/// which the iOS 17 APIs were introduced beside.
public struct CoreAnimationSpring: Sendable, Hashable {
    public var mass: Double
    public var stiffness: Double
    public var damping: Double
    /// Initial velocity in distances per second: v0 = initialVelocity·(to − from).
    public var initialVelocity: Double

    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
    }

    /// `CASpringAnimation(perceptualDuration:bounce:)` (assumed to be SwiftUI's mapping).
    public init(perceptualDuration: Double, bounce: Double, initialVelocity: Double = 0) {
        let spring = Spring(duration: perceptualDuration, bounce: bounce)
        self.init(mass: spring.mass, stiffness: spring.physicalStiffness, damping: spring.damping,
                  initialVelocity: initialVelocity)
    }

    /// The Core Animation equivalent of `spring` moving a distance `target` with initial velocity
    /// `v0` (in value units per second). A zero distance cannot carry a relative velocity.
    public init(_ spring: Spring, target: Double = 1, initialVelocity v0: Double = 0) {
        self.init(mass: spring.mass, stiffness: spring.physicalStiffness, damping: spring.damping,
                  initialVelocity: target == 0 ? 0 : v0 / target)
    }

    /// The spring with this motion (Core Animation's `allowsOverdamping` = true).
    public var spring: Spring { Spring(physicalMass: mass, stiffness: stiffness, damping: damping) }

    /// The initial velocity in value units per second for a move of `distance`.
    public func absoluteInitialVelocity(distance: Double) -> Double { initialVelocity * distance }
}
