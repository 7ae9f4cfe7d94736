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
    /// ζ = 1 − bounce for bounce > 0, else 1/(bounce + 1) (``Spring/dampingRatio(forBounce:)``;
    /// Flutter asserts −1 < bounce < 1).
    public static func withDurationAndBounce(duration: Double = 0.5, bounce: Double = 0) -> Self {
        let stiffness = 4 * Double.pi * Double.pi / (duration * duration)
        return withDampingRatio(mass: 1, stiffness: stiffness, ratio: Spring.dampingRatio(forBounce: bounce))
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
