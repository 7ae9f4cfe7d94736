extension Animation {
    /// The fluid spring this animation is, bare or as `.default`; nil otherwise.
    var fluidSpring: FluidSpringAnimation? {
        if let fluid = base as? FluidSpringAnimation { return fluid }
        if let boxed = base as? DefaultAnimation { return boxed.version.base.base as? FluidSpringAnimation }
        return nil
    }

    /// The fluid spring this animation runs, under any modifiers (delay, speed, repeat); nil when
    /// it runs none.
    var innermostFluidSpring: FluidSpringAnimation? {
        if let modified = base as? any ModifiedAnimation { return modified.baseAnimation.innermostFluidSpring }
        return fluidSpring
    }

    /// Whether this animation, as the one driving an animator, can never finish: a
    /// `repeatForever`, or an undamped interpolating spring, at the end of the chain.
    var repeatsForever: Bool {
        switch base {
        case let combining as DefaultCombiningAnimation: combining.entries.last?.animation.repeatsForever ?? false
        case let boxed as DefaultAnimation: boxed.version.base.repeatsForever
        case let spring as SpringAnimation: spring.zeta == 0
        case let modified as any ModifiedAnimation:
            if let repeating = modified.anyModifier as? RepeatAnimation, repeating.repeatCount == nil { true }
            else { modified.baseAnimation.repeatsForever }
        default: false
        }
    }
}
