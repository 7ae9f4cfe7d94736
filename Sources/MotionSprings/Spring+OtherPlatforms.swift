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
