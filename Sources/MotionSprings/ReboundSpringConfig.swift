/// Rebound's `SpringConfig` (Facebook Rebound, Origami): tension and friction on a unit mass,
/// or Origami's values, or bounciness and speed.
///
/// Source: rebound-js `src/OrigamiValueConverter.js`, `src/BouncyConversion.js`, `src/SpringConfig.js`.
/// tension = (o − 30)·3.62 + 194, friction = (o − 8)·3 + 25. (rebound-java maps an Origami value
/// of exactly 0 to 0; this follows rebound-js, where the maps are linear everywhere.)
public struct ReboundSpringConfig: Sendable, Hashable {
    /// The stiffness on a unit mass, k/m, in 1/s².
    public var tension: Double
    /// The damping on a unit mass, c/m, in 1/s.
    public var friction: Double

    public init(tension: Double, friction: Double) {
        self.tension = tension
        self.friction = friction
    }

    /// `SpringConfig.fromOrigamiTensionAndFriction`.
    public init(origamiTension: Double, origamiFriction: Double) {
        self.init(tension: (origamiTension - 30) * 3.62 + 194, friction: (origamiFriction - 8) * 3 + 25)
    }

    /// Rebound's default: Origami (40, 7), i.e. tension 230.2, friction 22.
    public static let `default` = ReboundSpringConfig(origamiTension: 40, origamiFriction: 7)

    /// `SpringConfig.fromBouncinessAndSpeed` (rebound-js `BouncyConversion`).
    public init(bounciness: Double, speed: Double) {
        func normalise(_ value: Double, _ start: Double, _ end: Double) -> Double { (value - start) / (end - start) }
        func project(_ n: Double, _ start: Double, _ end: Double) -> Double { start + n * (end - start) }
        func linear(_ t: Double, _ start: Double, _ end: Double) -> Double { t * end + (1 - t) * start }
        func quadraticOut(_ t: Double, _ start: Double, _ end: Double) -> Double { linear(2 * t - t * t, start, end) }
        func noBounce(_ x: Double) -> Double {
            if x <= 18 { return 0.0007 * x * x * x - 0.031 * x * x + 0.64 * x + 1.28 }
            if x <= 44 { return 0.000044 * x * x * x - 0.006 * x * x + 0.36 * x + 2 }
            return 0.00000045 * x * x * x - 0.000332 * x * x + 0.1078 * x + 5.84
        }
        let b = project(normalise(bounciness / 1.7, 0, 20), 0, 0.8)
        let s = normalise(speed / 1.7, 0, 20)
        let bouncyTension = project(s, 0.5, 200)
        let bouncyFriction = quadraticOut(b, noBounce(bouncyTension), 0.01)
        self.init(origamiTension: bouncyTension, origamiFriction: bouncyFriction)
    }

    /// The Rebound equivalent of `spring` (a unit mass with stiffness k/m and damping c/m): exact.
    public init(_ spring: Spring) {
        self.init(tension: spring.naturalFrequency * spring.naturalFrequency, friction: 2 * spring.decayRate)
    }

    /// The spring with this motion.
    public var spring: Spring { Spring(physicalMass: 1, stiffness: tension, damping: friction) }

    /// Origami's tension value, (tension − 194)/3.62 + 30.
    public var origamiTension: Double { (tension - 194) / 3.62 + 30 }
    /// Origami's friction value, (friction − 25)/3 + 8.
    public var origamiFriction: Double { (friction - 25) / 3 + 8 }
}
