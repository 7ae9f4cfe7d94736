import MotionNumerics
import RealModule

/// Exact properties of one motion of a spring: from rest at 0 (or with `initialVelocity`)
/// towards `target`. What SwiftUI estimates, this computes to the last bits.
public struct SpringMotion: Sendable, Hashable {
    /// The spring.
    public let spring: Spring
    /// The target Δ; the motion starts at 0.
    public let target: Double
    /// The initial velocity v0.
    public let initialVelocity: Double

    public init(spring: Spring, target: Double, initialVelocity: Double = 0) {
        self.spring = spring
        self.target = target
        self.initialVelocity = initialVelocity
    }

    /// x(t) − Δ and x'(t).
    @inlinable
    public func state(at time: Double) -> (displacement: Double, velocity: Double) {
        spring.state(target: target, initialVelocity: initialVelocity, time: time)
    }

    /// A time of extremum of the displacement and what follows it.
    private var lambda: Double { spring.decayRate }
    private var omega: Double { spring.signedFrequency }
    /// D = ω0²·Δ − λ·v0: the coefficient of the s-basis in the velocity.
    private var velocityCoefficient: Double {
        spring.naturalFrequencySquared * target - lambda * initialVelocity
    }

    /// The interior extrema of the displacement, for an underdamped motion:
    /// t_k = (θ1 + (k − 1)π)/ω, where the displacement alternates in sign and shrinks by
    /// q = e^(−λπ/ω) from one to the next.
    private var firstExtremumPhase: Double {
        // x' ∝ v0·cos ωt + (D/ω)·sin ωt = R·cos(ωt − φ), zero at ωt = φ + π/2 (mod π).
        let phi = Double.atan2(y: velocityCoefficient / omega, x: initialVelocity)
        var theta = (phi + .pi / 2).truncatingRemainder(dividingBy: .pi)
        if theta <= 0 { theta += .pi }
        return theta
    }

    /// The single interior extremum of a critically damped or overdamped displacement, if any.
    private var nonOscillatingExtremum: Double? {
        let d = velocityCoefficient
        guard d != 0 else { return nil }
        // x' ∝ v0·C(t) + D·S(t) = 0  ⇔  S/C = −v0/D, with S/C = t (critical) or tanh(μt)/μ.
        let r = -initialVelocity / d
        guard r > 0 else { return nil }
        if omega == 0 { return r }
        let mu = -omega
        guard mu * r < 1 else { return nil }
        return Double.atanh(mu * r) / mu
    }

    /// The first `count` times t > 0 at which the velocity vanishes: the extrema of the motion.
    ///
    /// An underdamped motion has infinitely many, t_k = (θ1 + (k − 1)π)/ω, alternating in sign
    /// about the target and shrinking by e^(−λπ/ω); a critically damped or overdamped one at
    /// most one. With e = x − Δ the velocity is e^(−λt)·(v0·C(t) + D·S(t)), D = ω0²Δ − λ·v0,
    /// where (C, S) = (cos ωt, sin(ωt)/ω), (1, t) or (cosh μt, sinh(μt)/μ) with μ = −ω.
    public func extremumTimes(count: Int) -> [Double] {
        guard count > 0 else { return [] }
        if omega > 0 {
            let first = firstExtremumPhase / omega
            return (0..<count).map { first + Double($0) * .pi / omega }
        }
        return nonOscillatingExtremum.map { [$0] } ?? []
    }

    // MARK: Settling

    /// The exact settling time: the last time t* at which |x(t) − Δ| = ε, so that the error
    /// stays below ε for every t > t*. Zero when the motion never leaves the band; ∞ for an
    /// undamped spring whose amplitude exceeds ε.
    ///
    /// The last crossing is bracketed where the displacement is monotone — between the last
    /// extremum outside the band and the next one (underdamped: the extrema are at known times
    /// and shrink geometrically), or after the single extremum a critical or overdamped
    /// motion can have — and refined by Newton's method safeguarded by bisection to the
    /// last bits of t.
    ///
    /// - Complexity: O(1) evaluations of the closed form, independent of how many times the
    ///   motion crosses the band.
    public func exactSettlingTime(epsilon: Double) -> Double {
        guard epsilon > 0, spring.decayRate.isFinite, spring.signedFrequency.isFinite else { return .nan }
        // The motion is linear in (Δ, v0): for a huge target or velocity, settle the same motion
        // scaled by a power of two (exact) with the band scaled alike, so ω0²Δ cannot overflow.
        let size = max(abs(target), abs(initialVelocity))
        if size > 0x1p500, size.isFinite {
            let unit = Double(sign: .plus, exponent: size.exponent, significand: 1)
            return SpringMotion(spring: spring, target: target / unit, initialVelocity: initialVelocity / unit)
                .exactSettlingTime(epsilon: epsilon / unit)
        }
        let start = abs(target)
        if lambda == 0 {
            // Undamped: amplitude R = √(Δ² + (v0/ω)²) forever.
            let amplitude = (target * target + (initialVelocity / omega) * (initialVelocity / omega)).squareRoot()
            return amplitude >= epsilon ? .infinity : 0
        }
        guard lambda > 0 else { return .nan }

        if omega > 0 {
            let halfPeriod = Double.pi / omega
            let t1 = firstExtremumPhase / omega
            let e1Signed = state(at: t1).displacement
            let e1 = abs(e1Signed)
            if e1 >= epsilon {
                // |e(t_k)| = e1·q^(k−1): the last k with |e(t_k)| ≥ ε, corrected for rounding.
                let decayPerHalfPeriod = lambda * halfPeriod
                // The difference of logarithms: e1/ε can overflow for a band scaled down with a huge target.
                var k = 1 + (Double.log(e1) - Double.log(epsilon)) / decayPerHalfPeriod
                k = k.rounded(.down)
                func extremum(_ k: Double) -> Double { t1 + (k - 1) * halfPeriod }
                // Beyond 2^50 half-periods a half-period is below the resolution of t itself:
                // the last extremum outside the band is the answer to within an ulp of t.
                if !(k < 0x1p50) { return k.isFinite ? extremum(k) : .infinity }
                // The logarithm gives k up to rounding; a few direct evaluations settle a boundary case.
                // (No more: far out, the phase error of t_k makes single evaluations unreliable, and
                // a light spring's envelope shrinks by only 1 − λπ/ω per step.)
                // The displacements at the two ends are kept for the crossing's bracket.
                func displacement(_ k: Double) -> Double { k == 1 ? e1Signed : state(at: extremum(k)).displacement }
                var ek = displacement(k)
                for _ in 0..<4 where k > 1 && abs(ek) < epsilon {
                    k -= 1
                    ek = displacement(k)
                }
                var ek1 = displacement(k + 1)
                for _ in 0..<4 where abs(ek1) >= epsilon {
                    k += 1
                    (ek, ek1) = (ek1, displacement(k + 1))
                }
                return lastCrossing(from: extremum(k), to: extremum(k + 1), epsilon: epsilon, fromExtremum: true,
                                    displacements: (ek, ek1))
            }
            return start >= epsilon ? lastCrossing(from: 0, to: t1, epsilon: epsilon) : 0
        }

        // Critical or overdamped: monotone after the one possible extremum.
        if let te = nonOscillatingExtremum, abs(state(at: te).displacement) >= epsilon {
            return lastCrossing(from: te, to: nil, epsilon: epsilon)
        }
        if start >= epsilon {
            return lastCrossing(from: 0, to: nonOscillatingExtremum, epsilon: epsilon)
        }
        return 0
    }

    /// The root of |e| = ε on [a, b], where e is monotone, |e(a)| ≥ ε and |e(b)| < ε.
    /// With `b == nil` the interval is [a, ∞) and e → 0.
    ///
    /// `fromExtremum`: a is an extremum of an underdamped motion, where the velocity vanishes,
    /// so e(a + s) = e(a)·e^(−λs)·(cos ωs + (λ/ω)·sin ωs) exactly; Newton starts from
    /// s = acos(ε/|e(a)|)/ω, the crossing of that motion without its decay over the half-period.
    /// `displacements`: e(a) and e(b) when the caller has them.
    private func lastCrossing(from a: Double, to b: Double?, epsilon: Double, fromExtremum: Bool = false,
                              displacements known: (a: Double, b: Double)? = nil) -> Double {
        let ea = known?.a ?? state(at: a).displacement
        let sign: Double = ea < 0 ? -1 : 1
        func g(_ t: Double) -> (value: Double, derivative: Double) {
            let s = state(at: t)
            return (sign * s.displacement - epsilon, sign * s.velocity)
        }
        let ga = sign * ea - epsilon
        if ga <= 0 { return a }
        var upper: Double
        var start: Double?
        if let b {
            upper = b
        } else {
            // Grow the bracket: the slowest mode decays like e^(−(λ − μ)t), so |e| falls from
            // |e(a)| to ε after about ln(|e(a)|/ε)/(λ − μ): Newton starts there, and the first
            // bracket reaches half as far again (a critical motion's t·e^(−λt) lags behind).
            let slowRate = omega == 0 ? lambda : lambda + omega
            let estimate = (Double.log(abs(ea)) - Double.log(epsilon)) / slowRate
            if estimate.isFinite, estimate > 0 { start = a + estimate }
            var span = max(1.5 * (estimate.isFinite ? max(estimate, 0) : 0) + 1 / slowRate,
                           a * Double.ulpOfOne * 4, Double.leastNormalMagnitude)
            upper = a + span
            var guardCount = 0
            while g(upper).value > 0 && guardCount < 2100 {
                span *= 2
                upper = a + span
                guardCount += 1
            }
        }
        let gUpper = known.map { sign * $0.b - epsilon } ?? g(upper).value
        if gUpper > 0 { return upper }
        if fromExtremum { start = a + Double.acos(epsilon / abs(ea)) / omega }
        return Roots.newtonBisection(between: a, and: upper, values: (ga, gUpper), start: start) { g($0) } ?? .nan
    }

    // MARK: Peak

    /// The highest point of the motion beyond its target: the time and value of the maximum of
    /// x(t) in the direction of the target (of the initial velocity when Δ = 0), when that
    /// maximum is reached at a finite time t > 0 and exceeds the target. `nil` when the motion
    /// approaches the target without overshooting it.
    public var peak: (time: Double, value: Double)? {
        let direction: Double = target != 0 ? (target < 0 ? -1 : 1) : (initialVelocity < 0 ? -1 : 1)
        if target == 0 && initialVelocity == 0 { return nil }
        guard lambda.isFinite, omega.isFinite else { return nil }
        var candidates: [Double] = []
        if omega > 0 {
            let t1 = firstExtremumPhase / omega
            candidates = [t1, t1 + .pi / omega]
        } else if let te = nonOscillatingExtremum {
            candidates = [te]
        }
        // The extrema beyond the target alternate and shrink; the first one on the target's side is the peak.
        for t in candidates {
            let e = state(at: t).displacement
            if direction * e > 0 { return (t, target + e) }
        }
        return nil
    }

    /// The overshoot beyond the target as a percentage of |Δ|: 100·(peak − Δ)/|Δ|, 0 without a peak,
    /// `nil` when Δ = 0.
    public var overshootPercent: Double? {
        guard target != 0 else { return nil }
        guard let peak else { return 0 }
        return 100 * abs(peak.value - target) / abs(target)
    }

    /// How many times the motion crosses the boundary |x − Δ| = ε for t > 0; `nil` for
    /// infinitely many (an undamped spring whose amplitude exceeds ε) or more than 2^50.
    public func bandCrossings(epsilon: Double) -> Int? {
        let start = abs(target)
        func outside(_ e: Double) -> Int { e > epsilon ? 1 : 0 }
        if lambda == 0 {
            let amplitude = (target * target + (initialVelocity / omega) * (initialVelocity / omega)).squareRoot()
            return amplitude > epsilon ? nil : 0
        }
        if omega > 0 {
            let halfPeriod = Double.pi / omega
            let t1 = firstExtremumPhase / omega
            let e1 = state(at: t1).displacement
            let e0 = -target
            guard abs(e1) > epsilon else { return outside(start) }
            var k = (1 + Double.log(abs(e1) / epsilon) / (lambda * halfPeriod)).rounded(.down)
            guard k < 0x1p50 else { return nil }
            for _ in 0..<4 where k > 1 && abs(state(at: t1 + (k - 1) * halfPeriod).displacement) <= epsilon { k -= 1 }
            for _ in 0..<4 where abs(state(at: t1 + k * halfPeriod).displacement) > epsilon { k += 1 }
            // [0, t1]: monotone; a zero inside when e changes sign.
            let signChange = e0 == 0 || (e0 < 0) != (e1 < 0)
            let initial = signChange ? outside(start) + 1 : (start < epsilon ? 1 : 0)
            return initial + 1 + 2 * (Int(k) - 1)
        }
        guard let te = nonOscillatingExtremum else { return outside(start) }
        let ee = state(at: te).displacement
        let e0 = -target
        let first: Int
        if e0 == 0 || (e0 < 0) != (ee < 0) {
            first = outside(start) + outside(abs(ee))
        } else {
            first = outside(start) != outside(abs(ee)) ? 1 : 0
        }
        return first + outside(abs(ee))
    }
}

extension Spring {
    /// The exact settling time of the motion from 0 towards `target`: the last time the error
    /// |x(t) − target| equals `epsilon` (see ``SpringMotion/exactSettlingTime(epsilon:)``).
    /// SwiftUI's ``settlingDuration(target:initialVelocity:epsilon:)-(Double,Double,Double)`` is an estimate of it.
    public func exactSettlingTime(target: Double = 1, initialVelocity: Double = 0, epsilon: Double = 0.001) -> Double {
        SpringMotion(spring: self, target: target, initialVelocity: initialVelocity).exactSettlingTime(epsilon: epsilon)
    }

    /// The peak of the motion from 0 towards `target` (see ``SpringMotion/peak``).
    public func peak(target: Double = 1, initialVelocity: Double = 0) -> (time: Double, value: Double)? {
        SpringMotion(spring: self, target: target, initialVelocity: initialVelocity).peak
    }
}
