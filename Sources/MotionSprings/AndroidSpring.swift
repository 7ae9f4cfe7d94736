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
