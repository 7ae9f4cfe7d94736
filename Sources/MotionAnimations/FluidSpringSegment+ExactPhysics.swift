import MotionSprings

extension FluidSpringSegment where Value: VectorArithmetic & VectorComponents {
    /// The spring the integrator approximates (``FluidSpringAnimation/physicalSpring``).
    public var physicalSpring: Spring { animation.physicalSpring }

    /// The exact position at frame time `time`, per component: the closed-form spring from
    /// ``initialOffset`` with ``initialVelocity`` towards ``target``.
    public func exactOffset(at time: Double) -> [Double] {
        let spring = physicalSpring
        let x0 = initialOffset.components, v0 = initialVelocity.components, d = target.components
        return d.indices.map { i in
            let start = i < x0.count ? x0[i] : 0, velocity = i < v0.count ? v0[i] : 0
            return start + spring.value(target: d[i] - start, initialVelocity: velocity, time: time - startTime)
        }
    }

    /// The largest difference, over components and sampled frames, between what the integrator
    /// showed on a frame and the exact spring at that frame's time: what the screen shows minus
    /// the physics.
    public var maximumFrameError: Double {
        samples.reduce(0) { Swift.max($0, Self.distance($1.offset.components, exactOffset(at: $1.time))) }
    }

    /// The largest difference between the integrator and the exact spring at the integrator's own
    /// step times: the error of the 1/300 s velocity-Verlet steps alone.
    public var maximumStepError: Double {
        samples.reduce(0) { Swift.max($0, Self.distance($1.offset.components, exactOffset(at: $1.stepTime))) }
    }

    /// The frame time after which the exact spring stays within 1 % of the interval's magnitude of
    /// its target, the band of the fluid spring's finish test, per component (the latest of
    /// them); nil when the interval is zero. Compare with ``removalTime``.
    public var exactSettlingTime: Double? {
        let epsilon = 0.01 * target.magnitudeSquared.squareRoot()
        guard epsilon > 0 else { return nil }
        let spring = physicalSpring
        let x0 = initialOffset.components, v0 = initialVelocity.components, d = target.components
        var latest = 0.0
        for i in d.indices {
            let start = i < x0.count ? x0[i] : 0, velocity = i < v0.count ? v0[i] : 0
            latest = Swift.max(latest, spring.exactSettlingTime(target: d[i] - start, initialVelocity: velocity,
                                                                epsilon: epsilon))
        }
        return startTime + latest
    }

    private static func distance(_ a: [Double], _ b: [Double]) -> Double {
        var worst = 0.0
        for i in b.indices { worst = Swift.max(worst, Swift.abs((i < a.count ? a[i] : 0) - b[i])) }
        return worst
    }
}
