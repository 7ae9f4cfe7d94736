/// SwiftUI's spring `Animation`s, the legacy vocabulary many codebases still use:
/// `.spring(response:dampingFraction:blendDuration:)`, `.interactiveSpring(...)`,
/// `.interpolatingSpring(mass:stiffness:damping:initialVelocity:)` and `.spring(duration:bounce:blendDuration:)`.
///
/// An `Animation` here is its ``spring`` plus the two settings SwiftUI keeps beside it. The
/// blend duration only matters when SwiftUI merges animations, which MotionLab does not model.
public struct Animation: Sendable, Hashable {
    /// The spring that drives the animation.
    public var spring: Spring
    /// SwiftUI's blend duration, kept for completeness.
    public var blendDuration: Double
    /// The initial velocity of an interpolating spring, in value units per second.
    public var initialVelocity: Double

    public init(spring: Spring, blendDuration: Double = 0, initialVelocity: Double = 0) {
        self.spring = spring
        self.blendDuration = blendDuration
        self.initialVelocity = initialVelocity
    }

    /// `Animation.spring`: response 0.5, damping fraction 0.825.
    public static let spring = Animation.spring(response: 0.5, dampingFraction: 0.825)

    /// `Animation.spring(response:dampingFraction:blendDuration:)`.
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0) -> Animation {
        Animation(spring: Spring(response: response, dampingRatio: dampingFraction), blendDuration: blendDuration)
    }

    /// `Animation.spring(duration:bounce:blendDuration:)`: response = duration and the damping
    /// fraction of ``Spring/dampingRatio(forBounce:)``, as `Spring(duration:bounce:)` maps it.
    public static func spring(duration: Double = 0.5, bounce: Double = 0, blendDuration: Double = 0) -> Animation {
        spring(response: duration, dampingFraction: Spring.dampingRatio(forBounce: bounce), blendDuration: blendDuration)
    }

    /// `Animation.interactiveSpring`: response 0.15, damping fraction 0.86.
    public static let interactiveSpring = Animation.interactiveSpring()

    /// `Animation.interactiveSpring(response:dampingFraction:blendDuration:)`.
    public static func interactiveSpring(response: Double = 0.15, dampingFraction: Double = 0.86, blendDuration: Double = 0.25) -> Animation {
        Animation(spring: Spring(response: response, dampingRatio: dampingFraction), blendDuration: blendDuration)
    }

    /// `Animation.interpolatingSpring(mass:stiffness:damping:initialVelocity:)`: a physical
    /// spring; overdamping is kept, not clamped to critical.
    public static func interpolatingSpring(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0) -> Animation {
        Animation(spring: Spring(mass: mass, stiffness: stiffness, damping: damping, allowOverDamping: true),
                  initialVelocity: initialVelocity)
    }

    /// `Animation.smooth`, `.snappy`, `.bouncy`: the presets of ``Spring``.
    public static let smooth = Animation(spring: .smooth)
    public static let snappy = Animation(spring: .snappy)
    public static let bouncy = Animation(spring: .bouncy)
}
