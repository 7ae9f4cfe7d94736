/// Motion's (formerly Framer Motion) spring options: stiffness, damping, mass, or
/// visualDuration and bounce.
///
/// Source: motion `packages/motion-dom/src/animation/generators/spring/index.ts` (`getSpringOptions`)
/// and `defaults.ts`. The visualDuration path uses mass 1, root = 2π/(1.2·visualDuration),
/// stiffness = root², damping = 2·clamp(0.05, 1, 1 − bounce)·√stiffness — so it can express
/// neither ζ < 0.05 nor an overdamped spring.
public struct MotionSpring: Sendable, Hashable {
    public var stiffness: Double
    public var damping: Double
    public var mass: Double

    /// Motion's defaults: stiffness 100, damping 10, mass 1.
    public init(stiffness: Double = 100, damping: Double = 10, mass: Double = 1) {
        self.stiffness = stiffness
        self.damping = damping
        self.mass = mass
    }

    /// Motion's `visualDuration` + `bounce` options, with Motion's ζ clamp to [0.05, 1].
    public init(visualDuration: Double, bounce: Double = 0) {
        let root = 2 * Double.pi / (visualDuration * 1.2)
        let stiffness = root * root
        let zeta = min(max(1 - bounce, 0.05), 1)
        self.init(stiffness: stiffness, damping: 2 * zeta * stiffness.squareRoot(), mass: 1)
    }

    /// The Motion equivalent of `spring` in stiffness/damping/mass: exact for every regime.
    public init(_ spring: Spring) {
        self.init(stiffness: spring.physicalStiffness, damping: spring.damping, mass: spring.mass)
    }

    /// The spring with this motion.
    public var spring: Spring { Spring(physicalMass: mass, stiffness: stiffness, damping: damping) }

    /// The `visualDuration` and `bounce` that give `spring`'s motion, and a note when Motion's
    /// clamp makes that impossible (then the values are the nearest Motion accepts).
    public static func visualDurationAndBounce(of spring: Spring) -> (visualDuration: Double, bounce: Double, note: String?) {
        let visualDuration = 2 * Double.pi / (1.2 * spring.naturalFrequency)
        let zeta = spring.physicalDampingRatio
        if zeta > 1 {
            return (visualDuration, 0, "Motion's visualDuration/bounce clamps ζ to ≤ 1: this overdamped spring (ζ = \(zeta)) is only expressible with stiffness/damping/mass")
        }
        if zeta < 0.05 {
            return (visualDuration, 0.95, "Motion's visualDuration/bounce clamps ζ to ≥ 0.05 (bounce ≤ 0.95): ζ = \(zeta) is only expressible with stiffness/damping/mass")
        }
        return (visualDuration, 1 - zeta, nil)
    }
}
