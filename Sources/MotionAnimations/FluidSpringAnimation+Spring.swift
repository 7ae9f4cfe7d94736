import MotionSprings

extension FluidSpringAnimation {
    /// The spring this animation stands for: `Spring(response:dampingRatio:)`.
    ///
    /// A negative damping fraction (`spring(duration:bounce:)` with bounce above 1), under which
    /// the integrated motion grows, has no `Spring`; the view takes 0 instead, as
    /// `Spring(duration:bounce:)` does. The integrator's stiffness cap is not applied here; the
    /// exact-physics comparison uses ``physicalSpring``.
    public var spring: Spring {
        Spring(response: response, dampingRatio: Swift.max(0, dampingFraction))
    }

    /// The spring the integrator approximates: mass 1, the capped stiffness of
    /// ``stiffness(response:)`` and damping 2√k times the damping fraction (no blend).
    public var physicalSpring: Spring {
        let k = Self.stiffness(response: response)
        return Spring(mass: 1, stiffness: k, damping: 2 * k.squareRoot() * dampingFraction, allowOverDamping: true)
    }
}
