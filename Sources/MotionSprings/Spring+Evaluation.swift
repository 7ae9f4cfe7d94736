import RealModule

/// The two basis motions of a damped oscillator, scaled by the decay: with σ = ω|ω|,
/// `c(t) = e^(−λt)·C(t)` and `s(t) = e^(−λt)·S(t)` where C'' = −σC, C(0) = 1, C'(0) = 0 and
/// S'' = −σS, S(0) = 0, S'(0) = 1 — cos ωt and sin(ωt)/ω when underdamped, 1 and t when critical,
/// cosh μt and sinh(μt)/μ when overdamped (μ = −ω).
///
/// Every motion of the spring is a combination of the two, so this is the one place where the
/// regimes differ. Each form is free of cancellation near critical damping (sin(ωt)/ω and
/// expm1(−2μt)/2μ stay accurate as ω, μ → 0) and does not overflow for large t when overdamped
/// (the growing cosh/sinh are folded into the slow exponential e^(−(λ−μ)t)).
@usableFromInline
struct DecayingBasis {
    @usableFromInline var c: Double
    @usableFromInline var s: Double

    @inlinable
    init(frequency omega: Double, decay lambda: Double, time t: Double) {
        if omega > 0 {
            let envelope = Double.exp(-lambda * t)
            // Once the envelope underflows the motion is at its target; the phase ωt may then be
            // too large to have a cosine (∞ for t near the top of the double range).
            guard envelope > 0 else {
                (c, s) = (0, 0)
                return
            }
            let phase = omega * t
            c = envelope * Double.cos(phase)
            s = envelope * Double.sin(phase) / omega
        } else if omega == 0 {
            let envelope = Double.exp(-lambda * t)
            c = envelope
            s = envelope * t
        } else {
            let mu = -omega
            let slow = Double.exp(-(lambda - mu) * t)
            let fast = Double.exp(-(lambda + mu) * t)
            c = 0.5 * (slow + fast)
            s = -slow * Double.expMinusOne(-2 * mu * t) / (2 * mu)
        }
    }
}

extension Spring {
    /// The displacement from the target, `x(t) − Δ`, and the velocity `x'(t)` of the motion that
    /// starts at 0 with velocity `v0` towards `Δ`.
    @inlinable
    func state(target delta: Double, initialVelocity v0: Double, time t: Double) -> (displacement: Double, velocity: Double) {
        let basis = DecayingBasis(frequency: signedFrequency, decay: decayRate, time: t)
        let lambda = decayRate
        // The motion is linear in (Δ, v0): huge ones are scaled down so that λΔ and ω0²Δ cannot
        // overflow where the motion itself is finite.
        let size = max(abs(delta), abs(v0))
        let scale = size > 0x1p300 ? size : 1
        let (d, v) = (delta / scale, v0 / scale)
        let displacement = -d * basis.c + (v - lambda * d) * basis.s
        let velocity = v * basis.c + (naturalFrequencySquared * d - lambda * v) * basis.s
        return (displacement * scale, velocity * scale)
    }

    /// The value at `time` of a spring that starts at 0 with `initialVelocity` and moves
    /// towards `target` (SwiftUI's `value(target:initialVelocity:time:)`).
    @inlinable
    public func value(target: Double, initialVelocity: Double = 0, time: Double) -> Double {
        target + state(target: target, initialVelocity: initialVelocity, time: time).displacement
    }

    /// The velocity at `time` of the same motion (SwiftUI's `velocity(target:initialVelocity:time:)`).
    @inlinable
    public func velocity(target: Double, initialVelocity: Double = 0, time: Double) -> Double {
        state(target: target, initialVelocity: initialVelocity, time: time).velocity
    }

    /// The value at `time` of the motion from `fromValue` to `toValue`.
    @inlinable
    public func value(fromValue: Double, toValue: Double, initialVelocity: Double = 0, time: Double) -> Double {
        fromValue + value(target: toValue - fromValue, initialVelocity: initialVelocity, time: time)
    }

    /// The force on the mass at `position` moving at `velocity`: −stiffness·(position − target) − damping·velocity
    /// (SwiftUI's `force(target:position:velocity:)`).
    ///
    /// Like SwiftUI this uses ``stiffness``, which for an overdamped spring is not the physical
    /// stiffness; ``physicalForce(target:position:velocity:)`` uses m·ω0².
    public func force(target: Double, position: Double, velocity: Double) -> Double {
        -stiffness * (position - target) - damping * velocity
    }

    /// The physical force −m·ω0²·(position − target) − c·velocity, in every regime.
    public func physicalForce(target: Double, position: Double, velocity: Double) -> Double {
        -physicalStiffness * (position - target) - damping * velocity
    }

    /// Advances a state by `deltaTime` along the closed-form motion (SwiftUI's
    /// `update(value:velocity:target:deltaTime:)`): the new value is computed from the old
    /// value and the old velocity, then the velocity is updated.
    public func update(value: inout Double, velocity: inout Double, target: Double, deltaTime: Double) {
        let delta = target - value
        let next = state(target: delta, initialVelocity: velocity, time: deltaTime)
        value = target + next.displacement
        velocity = next.velocity
    }

    /// The mechanical energy ½·m·v² + ½·m·ω0²·(x − target)² at `time`, relative to rest at the target.
    public func energy(target: Double, initialVelocity: Double = 0, time: Double) -> Double {
        let s = state(target: target, initialVelocity: initialVelocity, time: time)
        return 0.5 * mass * s.velocity * s.velocity + 0.5 * physicalStiffness * s.displacement * s.displacement
    }

    // MARK: SwiftUI's settling estimate

    /// SwiftUI's estimate of how long the spring takes to settle within `epsilon` of `target`
    /// (`settlingDuration(target:initialVelocity:epsilon:)`), reproduced step for step.
    ///
    /// - Undamped (λ = 0): ∞.
    /// - Underdamped: the envelope bound max(0, −ln(ε / (|Δλ − v0| + |Δ|)) / λ).
    /// - Critical and overdamped: a scan at t = 0, 0.1, 0.2, … (accumulated `t += 0.1`, at most
    ///   1024 samples) that returns the first sample of the first run of samples within ε lasting
    ///   more than 1 s; NaN or ∞ stops the scan; no answer gives 0.
    ///
    /// This is an estimate on a 0.1 s grid: ``Spring/smooth`` gives 0.8 s where the exact
    /// settling time (``exactSettlingTime(target:initialVelocity:epsilon:)``) is 0.7348 s.
    public func settlingDuration(target: Double = 1, initialVelocity: Double = 0, epsilon: Double = 0.001) -> Double {
        let lambda = decayRate
        if lambda == 0 { return .infinity }
        if signedFrequency > 0 {
            let bound = abs(target * lambda - initialVelocity) + abs(target)
            return max(0, -Double.log(epsilon / bound) / lambda)
        }
        return Spring.settlingScan(epsilon: epsilon) { t in
            abs(value(target: target, initialVelocity: initialVelocity, time: t) - target)
        }
    }

    /// SwiftUI's scan for critically damped and overdamped springs: samples at t = 0, 0.1, 0.2, …
    /// (accumulated `t += 0.1`, at most 1024), returning the first sample of the first run of
    /// samples with `distance(t)` < ε lasting more than 1 s; a NaN or ∞ distance stops it, and no
    /// answer gives 0.
    static func settlingScan(epsilon: Double, distance: (Double) -> Double) -> Double {
        var t = 0.0
        var firstBelow: Double? = nil
        for _ in 0..<1024 {
            let error = distance(t)
            if !error.isFinite { break }
            if error < epsilon {
                if let start = firstBelow {
                    if t - start > 1 { return start }
                } else {
                    firstBelow = t
                }
            } else {
                firstBelow = nil
            }
            t += 0.1
        }
        return 0
    }
}
