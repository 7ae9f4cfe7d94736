/// Figma's custom spring easing (`EasingFunctionSpring`: mass, stiffness, damping, initialVelocity).
///
/// Source: figma/plugin-typings `plugin-api.d.ts`. Figma also names presets (Gentle, Quick,
/// Bouncy, Slow) but publishes no physical values for them, so MotionLab does not guess them.
public struct FigmaSpring: Sendable, Hashable {
    public var mass: Double
    public var stiffness: Double
    public var damping: Double

    public init(mass: Double, stiffness: Double, damping: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// The Figma equivalent of `spring`: exact for every regime.
    public init(_ spring: Spring) {
        self.init(mass: spring.mass, stiffness: spring.physicalStiffness, damping: spring.damping)
    }

    /// The spring with this motion.
    public var spring: Spring { Spring(physicalMass: mass, stiffness: stiffness, damping: damping) }
}
