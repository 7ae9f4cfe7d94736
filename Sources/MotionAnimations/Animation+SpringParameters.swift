import MotionSprings

extension Animation {
    /// The spring of a spring animation: a fluid spring's (``FluidSpringAnimation/spring``), an
    /// interpolating spring's (``SpringAnimation/spring``) or that of a `.default` that is a
    /// spring; nil for other animations.
    public var spring: Spring? {
        switch base {
        case let fluid as FluidSpringAnimation: fluid.spring
        case let interpolating as SpringAnimation: interpolating.spring
        case let boxed as DefaultAnimation: boxed.version.base.spring
        default: nil
        }
    }

    /// A fluid spring's blend duration; nil for other animations.
    public var blendDuration: Double? {
        (base as? FluidSpringAnimation)?.blendDuration
    }

    /// An interpolating spring's initial velocity, in intervals per second; nil for other animations.
    public var initialVelocity: Double? {
        (base as? SpringAnimation)?.initialVelocity
    }
}
