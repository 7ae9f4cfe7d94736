extension AnimationRunner {
    /// What the animation covers at `time` and how fast that changes: the value
    /// ``animate(value:time:isLogicallyComplete:environment:)`` returned for this frame, and its
    /// derivative with respect to the frame time. Read from the state the frame's update left; it
    /// changes nothing. Nil once finished.
    ///
    /// `valueRate` is how fast `value` itself changes (nonzero for an animation of a combination,
    /// which covers a moving remainder) and `timeRate` how fast the animation's own time runs
    /// against the frame time (the chain rule through `delay` and `speed`). A timing curve covers
    /// value·f(τ), so its rate is valueRate·f + value·f′(τ)·timeRate; an interpolating spring the
    /// same with its closed form; a fluid spring's offset does not depend on the value at the
    /// instant, so its rate is its integrator's velocity times timeRate. A custom animation's is
    /// the velocity it reports, and only while its value stands still (nil otherwise: how its
    /// value enters is unknown). The rate is nil where it is not known.
    @usableFromInline
    func motion(value: Value, valueRate: Value?, time: Double, timeRate: Double, isLogicallyComplete: Bool,
                environment: EnvironmentValues) -> (value: Value, rate: Value?)? {
        motion(step: 0, value: value, valueRate: valueRate, time: time, timeRate: timeRate,
               isLogicallyComplete: isLogicallyComplete, environment: environment)
    }

    /// ``motion(value:valueRate:time:timeRate:isLogicallyComplete:environment:)`` from the
    /// modifier `step` inwards, with each modifier's time mapping and its derivative.
    func motion(step: Int, value: Value, valueRate: Value?, time: Double, timeRate: Double, isLogicallyComplete: Bool,
                environment: EnvironmentValues) -> (value: Value, rate: Value?)? {
        guard step < steps.count else {
            return baseMotion(value: value, valueRate: valueRate, time: time, timeRate: timeRate,
                              isLogicallyComplete: isLogicallyComplete, environment: environment)
        }
        switch steps[step] {
        case .delay(let delay):
            // max(0, τ − delay): still until the delay has passed; at τ = delay the motion it starts.
            return motion(step: step + 1, value: value, valueRate: valueRate, time: Swift.max(0.0, time - delay),
                          timeRate: time >= delay ? timeRate : 0, isLogicallyComplete: isLogicallyComplete,
                          environment: environment)
        case .speed(let speed):
            return motion(step: step + 1, value: value, valueRate: valueRate, time: time * speed, timeRate: timeRate * speed,
                          isLogicallyComplete: isLogicallyComplete, environment: environment)
        case .logicallyComplete:
            return motion(step: step + 1, value: value, valueRate: valueRate, time: time, timeRate: timeRate,
                          isLogicallyComplete: isLogicallyComplete, environment: environment)
        case .repeating(_, let autoreverses):
            // The cycle as the frame's update left it: a restart on this frame begins the next one.
            let reversed = cycle.index % 2 == 1 && autoreverses
            guard let inner = motion(step: step + 1, value: value, valueRate: valueRate, time: time - cycle.startTime,
                                     timeRate: timeRate, isLogicallyComplete: isLogicallyComplete,
                                     environment: environment) else { return nil }
            guard reversed else { return inner }
            return (value - inner.value, Self.difference(valueRate, inner.rate))
        }
    }

    /// The animation under the modifiers.
    func baseMotion(value: Value, valueRate: Value?, time: Double, timeRate: Double, isLogicallyComplete: Bool,
                    environment: EnvironmentValues) -> (value: Value, rate: Value?)? {
        switch kind {
        case .bezier:
            guard let f = bezier.fraction(at: time), let slope = bezier.fractionRate(at: time) else { return nil }
            return (value.scaled(by: f), Self.linearRate(value: value, valueRate: valueRate, unit: f,
                                                         unitRate: slope * timeRate))
        case .spring:
            guard interpolating.duration > time else { return nil }
            let s = interpolating.unitValue(at: time)
            guard s.isFinite else { return nil }
            return (value.scaled(by: s), Self.linearRate(value: value, valueRate: valueRate, unit: s,
                                                         unitRate: interpolating.unitVelocity(at: time) * timeRate))
        case .fluid:
            return (spring.offset, spring.velocity.scaled(by: timeRate))
        case .custom:
            var copy = self
            var complete = isLogicallyComplete
            guard let a = copy.animateBase(value: value, time: time, isLogicallyComplete: &complete,
                                           environment: environment) else { return nil }
            guard let valueRate, valueRate.magnitudeSquared == 0 else { return (a, nil) }
            let velocity = animation.velocity(value: value, time: time,
                                              context: AnimationContext(state: extra, isLogicallyComplete: isLogicallyComplete,
                                                                        environment: environment))
            return (a, velocity.map { $0.scaled(by: timeRate) })
        }
    }

    /// d(value·u)/dt = valueRate·u + value·u′.
    static func linearRate(value: Value, valueRate: Value?, unit: Double, unitRate: Double) -> Value? {
        guard let valueRate else { return nil }
        return valueRate.scaled(by: unit) + value.scaled(by: unitRate)
    }

    /// a − b when both are known.
    static func difference(_ a: Value?, _ b: Value?) -> Value? {
        guard let a, let b else { return nil }
        return a - b
    }
}
