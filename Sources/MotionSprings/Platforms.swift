import RealModule

// Other platforms' spring vocabularies, both directions. Each platform models the same
// equation m·x'' + c·x' + k·(x − target) = 0; what differs is the parameters users type and
// the clamps a platform applies. A conversion *from* MotionLab's `Spring` reports, in `note`,
// when the platform cannot express the spring exactly.

extension Spring {
    /// The spring with natural frequency ω0 and damping ratio ζ, overdamping allowed.
    public init(naturalFrequency omega0: Double, dampingRatio zeta: Double, mass: Double = 1) {
        let root = abs(1 - zeta * zeta).squareRoot() * omega0
        self.init(signedFrequency: zeta > 1 ? -root : root, decayRate: zeta * omega0, mass: mass)
    }

    /// The spring with physical mass, stiffness and damping, overdamping allowed — the model
    /// every platform but SwiftUI uses. Unlike SwiftUI's initializer, ω and λ are formed from
    /// ω0 and ζ so that ω carries no cancellation near critical damping beyond that of ζ itself.
    public init(physicalMass mass: Double, stiffness: Double, damping: Double) {
        let omega0 = (stiffness / mass).squareRoot()
        self.init(naturalFrequency: omega0, dampingRatio: damping / (2 * (stiffness * mass).squareRoot()), mass: mass)
    }

    /// The physical damping ratio ζ = λ/ω0 (SwiftUI's ``dampingRatio`` is the same number).
    public var physicalDampingRatio: Double { decayRate / naturalFrequency }
}

/// Android's `SpringForce` (androidx.dynamicanimation) and Jetpack Compose's `spring()`:
/// stiffness and damping ratio on a unit mass.
///
/// Source: androidx `SpringForce.java` and Compose `VectorizedAnimationSpec.kt` / `AnimationSpec.kt`.
/// A spring of mass m maps to the unit-mass spring with the same motion: stiffness k/m.
/// Overdamping (ζ > 1) is allowed on both.
public struct AndroidSpring: Sendable, Hashable {
    /// Stiffness on a unit mass, k/m, in 1/s².
    public var stiffness: Double
    /// Damping ratio ζ.
    public var dampingRatio: Double

    public init(stiffness: Double = AndroidSpring.stiffnessMedium, dampingRatio: Double = AndroidSpring.dampingRatioMediumBouncy) {
        self.stiffness = stiffness
        self.dampingRatio = dampingRatio
    }

    /// The Android equivalent of `spring`: exact for every regime.
    public init(_ spring: Spring) {
        self.init(stiffness: spring.naturalFrequency * spring.naturalFrequency, dampingRatio: spring.physicalDampingRatio)
    }

    /// The spring with this motion.
    public var spring: Spring {
        Spring(naturalFrequency: stiffness.squareRoot(), dampingRatio: dampingRatio)
    }

    /// `STIFFNESS_HIGH` / Compose `StiffnessHigh`.
    public static let stiffnessHigh = 10_000.0
    /// `STIFFNESS_MEDIUM` / `StiffnessMedium` (the default of both).
    public static let stiffnessMedium = 1_500.0
    /// Compose's `StiffnessMediumLow` (Compose only).
    public static let stiffnessMediumLow = 400.0
    /// `STIFFNESS_LOW` / `StiffnessLow`.
    public static let stiffnessLow = 200.0
    /// `STIFFNESS_VERY_LOW` / `StiffnessVeryLow`.
    public static let stiffnessVeryLow = 50.0
    /// `DAMPING_RATIO_HIGH_BOUNCY` / `DampingRatioHighBouncy`.
    public static let dampingRatioHighBouncy = 0.2
    /// `DAMPING_RATIO_MEDIUM_BOUNCY` / `DampingRatioMediumBouncy` (the `SpringForce` default).
    public static let dampingRatioMediumBouncy = 0.5
    /// `DAMPING_RATIO_LOW_BOUNCY` / `DampingRatioLowBouncy`.
    public static let dampingRatioLowBouncy = 0.75
    /// `DAMPING_RATIO_NO_BOUNCY` / `DampingRatioNoBouncy` (the Compose `spring()` default).
    public static let dampingRatioNoBouncy = 1.0

    /// Compose's default `spring()`: ζ = 1, stiffness 1500.
    public static let composeDefault = AndroidSpring(stiffness: stiffnessMedium, dampingRatio: dampingRatioNoBouncy)
    /// `SpringForce`'s default: stiffness 1500, ζ = 0.5.
    public static let springForceDefault = AndroidSpring(stiffness: stiffnessMedium, dampingRatio: dampingRatioMediumBouncy)
}

/// Flutter's `SpringDescription`: mass, stiffness and damping.
///
/// Source: flutter `packages/flutter/lib/src/physics/spring_simulation.dart`.
public struct FlutterSpringDescription: Sendable, Hashable {
    public var mass: Double
    public var stiffness: Double
    public var damping: Double

    public init(mass: Double, stiffness: Double, damping: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// `SpringDescription.withDampingRatio`: damping = ratio·2·√(mass·stiffness).
    public static func withDampingRatio(mass: Double, stiffness: Double, ratio: Double = 1) -> Self {
        Self(mass: mass, stiffness: stiffness, damping: ratio * 2 * (mass * stiffness).squareRoot())
    }

    /// `SpringDescription.withDurationAndBounce` (SwiftUI's mapping): mass 1, stiffness 4π²/T²,
    /// ζ = 1 − bounce for bounce > 0, else 1/(bounce + 1).
    public static func withDurationAndBounce(duration: Double = 0.5, bounce: Double = 0) -> Self {
        let stiffness = 4 * Double.pi * Double.pi / (duration * duration)
        let ratio = bounce > 0 ? 1 - bounce : 1 / (bounce + 1)
        return withDampingRatio(mass: 1, stiffness: stiffness, ratio: ratio)
    }

    /// The Flutter equivalent of `spring`: exact for every regime.
    public init(_ spring: Spring) {
        self.init(mass: spring.mass, stiffness: spring.physicalStiffness, damping: spring.damping)
    }

    /// The spring with this motion.
    public var spring: Spring { Spring(physicalMass: mass, stiffness: stiffness, damping: damping) }

    /// Flutter's `duration` getter: 2π·√(m/k) (Flutter rounds it to whole milliseconds; this does not).
    public var duration: Double { 2 * .pi * (mass / stiffness).squareRoot() }

    /// Flutter's `bounce` getter: 1 − ζ when ζ < 1, else 1/ζ − 1.
    public var bounce: Double {
        let zeta = damping / (2 * (mass * stiffness).squareRoot())
        return zeta < 1 ? 1 - zeta : 1 / zeta - 1
    }
}

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

/// react-spring's config: tension, friction, mass — or frequency and damping ratio.
///
/// Source: react-spring `packages/core/src/constants.ts` (presets) and `AnimationConfig.ts`
/// (`frequency`: tension = (2π/frequency)²·mass, friction = 4π·damping·mass/frequency, with
/// frequency clamped to ≥ 0.01 s).
public struct ReactSpringConfig: Sendable, Hashable {
    public var tension: Double
    public var friction: Double
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

/// Rebound's `SpringConfig` (Facebook Rebound, Origami): tension and friction on a unit mass,
/// or Origami's values, or bounciness and speed.
///
/// Source: rebound-js `src/OrigamiValueConverter.js`, `src/BouncyConversion.js`, `src/SpringConfig.js`.
/// tension = (o − 30)·3.62 + 194, friction = (o − 8)·3 + 25. (rebound-java maps an Origami value
/// of exactly 0 to 0; this follows rebound-js, where the maps are linear everywhere.)
public struct ReboundSpringConfig: Sendable, Hashable {
    public var tension: Double
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
        func normalize(_ value: Double, _ start: Double, _ end: Double) -> Double { (value - start) / (end - start) }
        func project(_ n: Double, _ start: Double, _ end: Double) -> Double { start + n * (end - start) }
        func linear(_ t: Double, _ start: Double, _ end: Double) -> Double { t * end + (1 - t) * start }
        func quadraticOut(_ t: Double, _ start: Double, _ end: Double) -> Double { linear(2 * t - t * t, start, end) }
        func noBounce(_ x: Double) -> Double {
            if x <= 18 { return 0.0007 * x * x * x - 0.031 * x * x + 0.64 * x + 1.28 }
            if x <= 44 { return 0.000044 * x * x * x - 0.006 * x * x + 0.36 * x + 2 }
            return 0.00000045 * x * x * x - 0.000332 * x * x + 0.1078 * x + 5.84
        }
        let b = project(normalize(bounciness / 1.7, 0, 20), 0, 0.8)
        let s = normalize(speed / 1.7, 0, 20)
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
