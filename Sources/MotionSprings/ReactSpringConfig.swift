/// react-spring's config: tension, friction, mass — or frequency and damping ratio.
///
/// Source: react-spring `packages/core/src/constants.ts` (presets) and `AnimationConfig.ts`
/// (`frequency`: tension = (2π/frequency)²·mass, friction = 4π·damping·mass/frequency, with
/// frequency clamped to ≥ 0.01 s).
public struct ReactSpringConfig: Sendable, Hashable {
    /// The stiffness k, in mass units per s².
    public var tension: Double
    /// The damping c, in mass units per s.
    public var friction: Double
    /// The mass m.
    public var mass: Double

    public init(tension: Double = 170, friction: Double = 26, mass: Double = 1) {
        self.tension = tension
        self.friction = friction
        self.mass = mass
    }

    /// The `frequency` (undamped period in seconds) and `damping` (ratio) config.
    public init(frequency: Double, damping: Double, mass: Double = 1) {
        let f = max(frequency, 0.01)
        let zeta = max(damping, 0)
        self.init(tension: (2 * .pi / f) * (2 * .pi / f) * mass, friction: 4 * .pi * zeta * mass / f, mass: mass)
    }

    /// The react-spring equivalent of `spring`: exact for every regime.
    public init(_ spring: Spring) {
        self.init(tension: spring.physicalStiffness, friction: spring.damping, mass: spring.mass)
    }

    /// The spring with this motion.
    public var spring: Spring { Spring(physicalMass: mass, stiffness: tension, damping: friction) }

    /// The undamped period 2π·√(m/k), react-spring's `frequency`.
    public var frequency: Double { 2 * .pi * (mass / tension).squareRoot() }
    /// The damping ratio, react-spring's `damping` in the frequency config.
    public var dampingRatio: Double { friction / (2 * (tension * mass).squareRoot()) }

    /// react-spring's named presets.
    public static let presets: [(name: String, config: ReactSpringConfig)] = [
        ("default", ReactSpringConfig(tension: 170, friction: 26)),
        ("gentle", ReactSpringConfig(tension: 120, friction: 14)),
        ("wobbly", ReactSpringConfig(tension: 180, friction: 12)),
        ("stiff", ReactSpringConfig(tension: 210, friction: 20)),
        ("slow", ReactSpringConfig(tension: 280, friction: 60)),
        ("molasses", ReactSpringConfig(tension: 280, friction: 120)),
    ]
}
