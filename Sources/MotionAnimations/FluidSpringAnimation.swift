/// SwiftUI's persistent spring (`FluidSpringAnimation`): `spring(response:dampingFraction:blendDuration:)`,
/// `spring(duration:bounce:blendDuration:)`, `smooth`, `snappy`, `bouncy`, `interactiveSpring`.
///
/// The spring is integrated, not evaluated: velocity-Verlet (kick–drift–kick) at a fixed 1/300 s,
/// mass 1, stiffness (2π/response)² capped at 45000, damping at the half-step velocity. It is
/// logically complete one response after it started, and finished on the first sample where
/// max(|v|², |F|²) ≤ 0.0036 and the remainder is within 1 % of the interval. It always merges with
/// its predecessor, carrying on from its position, velocity and force; after a bare fluid spring
/// of another response it blends the response over `blendDuration` by a smoothstep.
public struct FluidSpringAnimation: CustomAnimation {
    /// The response in seconds: the period of the undamped spring.
    public let response: Double
    /// The damping as a fraction of critical damping.
    public let dampingFraction: Double
    /// How long a change of response takes to blend in when this spring takes over.
    public let blendDuration: Double

    /// The integrator's step, 1/300 s.
    public static let step = 1.0 / 300.0
    /// Half the step.
    static let halfStep = 1.0 / 600.0
    /// The stiffness cap: the smallest effective response is 2π/√45000.
    public static let maximumStiffness = 45000.0
    /// The rest threshold on |v|² and |F|².
    static let restThreshold = 0.0036

    public init(response: Double, dampingFraction: Double, blendDuration: Double = 0) {
        self.response = response
        self.dampingFraction = dampingFraction
        self.blendDuration = blendDuration
    }

    /// The stiffness the integrator uses for a response `r`: (2π/r)², capped at 45000.
    public static func stiffness(response r: Double) -> Double {
        var k: Double
        if r > 0 {
            let w = (2 * Double.pi) / r
            k = w * w
        } else {
            k = .infinity
        }
        if k > maximumStiffness { k = maximumStiffness }
        return k
    }

    /// The largest damping fraction for which SwiftUI's integrator converges at response `r`.
    ///
    /// One step maps the offset from the target y and the half-step velocity h linearly:
    /// y′ = y + h·Δt, h′ = h·(1 + c·Δt − k·Δt²) − k·Δt·y, with c = −2ζ√k. Its determinant is
    /// 1 + c·Δt and its trace 2 + c·Δt − k·Δt²; both eigenvalues lie inside the unit circle (Jury)
    /// exactly when s² + 4ζs − 4 < 0 with s = √k·Δt, i.e. ζ < (4 − s²)/(4s). Beyond, the spring
    /// does not come to rest but grows by a constant factor every step — in SwiftUI too — until
    /// its numbers overflow: at the default response 0.5 the bound is about 23.8, at the stiffness
    /// cap about 1.24.
    public static func largestStableDampingFraction(response r: Double) -> Double {
        let s = stiffness(response: r).squareRoot() * step
        return (4 - s * s) / (4 * s)
    }

    public func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
        var s = context.state[SpringState<V>.self]
        let offset = advance(&s, value: value, time: time, isLogicallyComplete: &context.isLogicallyComplete)
        context.state[SpringState<V>.self] = s
        return offset
    }

    /// One frame of the integration on `s`: the response (blended while a merge's blend runs),
    /// logical completion once it has passed, steps of ``step`` up to `time`, and nil once the
    /// spring rests within 1 % of `value`. The engine's inline runner calls this too, so both
    /// paths take the same steps in the same order, to the bit.
    @inlinable
    func advance<V: VectorArithmetic>(_ s: inout SpringState<V>, value: V, time: Double,
                                      isLogicallyComplete: inout Bool) -> V? {
        let step = 1.0 / 300.0, halfStep = 1.0 / 600.0
        var r = response
        if blendDuration > 0 && s.blendInterval != 0 {
            var p = (time - s.blendStart) / blendDuration
            p = Swift.min(Swift.max(p, 0), 1)
            r = s.blendInterval * (1.0 - p * p * (3.0 - p * 2.0)) + response
        }
        let k = Self.stiffness(response: r)
        if r <= time - s.startTime { isLogicallyComplete = true }
        var ts = s.time
        if time - ts > 1.0 { ts = time - 1.0 / 60.0 }
        if ts < time {
            let c = k.squareRoot() * -2.0 * dampingFraction
            var x = s.offset, v = s.velocity, force = s.force
            var t = ts
            repeat {
                let h = force.scaled(by: halfStep) + v
                x = x + h.scaled(by: step)
                force = h.scaled(by: c) + (value - x).scaled(by: k)
                v = h + force.scaled(by: halfStep)
                t = t + step
            } while t < time
            ts = t
            s.offset = x
            s.velocity = v
            s.force = force
        }
        s.time = ts
        // The rest test: 0.0036 is ``restThreshold``, written out so the inlined code needs no
        // lazily initialised global.
        if Swift.max(s.velocity.magnitudeSquared, s.force.magnitudeSquared) <= 0.0036 {
            let tolerance = value.scaled(by: 0.01).magnitudeSquared
            let remainder = (value - s.offset).magnitudeSquared
            if !(tolerance > 0 && tolerance < remainder) { return nil }
        }
        return s.offset
    }

    /// The velocity at the last integrated step (zero before the first).
    public func velocity<V: VectorArithmetic>(value: V, time: Double, context: AnimationContext<V>) -> V? {
        context.state[SpringState<V>.self].velocity
    }

    /// Always true: the spring continues from where `previous` is at `time`, with its velocity
    /// (and the force of its last step), towards the new interval.
    public func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: Double,
                                                 context: inout AnimationContext<V>) -> Bool {
        var s = context.state[SpringState<V>.self]
        if let v = previous.velocity(value: value, time: time, context: context) { s.velocity = v }
        s.offset = previous.animate(value: value, time: time, context: &context) ?? value
        s.time = time
        s.startTime = time
        if let spring = previous.base as? FluidSpringAnimation, response != spring.response {
            s.blendInterval = spring.response - response
            s.blendStart = time
        }
        context.state[SpringState<V>.self] = s
        return true
    }
}
