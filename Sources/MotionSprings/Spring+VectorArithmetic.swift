import MotionValues
import RealModule

/// The spring's motion for any ``VectorArithmetic`` value (SwiftUI's generic `value`,
/// `velocity`, `settlingDuration` and `update`): a damped oscillator per component, all
/// components sharing the spring.
///
/// For `Double` these give the same bits as the scalar members as long as |target| and
/// |initialVelocity| stay below 2³⁰⁰; the scalar members also rescale larger values so that
/// λ·target cannot overflow.
extension Spring {
    /// The value at `time` of the motion that starts at zero with `initialVelocity` and moves
    /// towards `target`.
    @inlinable
    public func value<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: Double) -> V {
        let basis = DecayingBasis(frequency: signedFrequency, decay: decayRate, time: time)
        let displacement = target.scaled(by: -basis.c) + (initialVelocity - target.scaled(by: decayRate)).scaled(by: basis.s)
        return target + displacement
    }

    /// The velocity at `time` of the same motion.
    @inlinable
    public func velocity<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: Double) -> V {
        let basis = DecayingBasis(frequency: signedFrequency, decay: decayRate, time: time)
        let pull = target.scaled(by: naturalFrequencySquared) - initialVelocity.scaled(by: decayRate)
        return initialVelocity.scaled(by: basis.c) + pull.scaled(by: basis.s)
    }

    /// Advances a value and its velocity by `deltaTime` towards `target` along the closed form.
    @inlinable
    public func update<V: VectorArithmetic>(value: inout V, velocity: inout V, target: V, deltaTime: Double) {
        let delta = target - value
        let nextVelocity = self.velocity(target: delta, initialVelocity: velocity, time: deltaTime)
        value += self.value(target: delta, initialVelocity: velocity, time: deltaTime)
        velocity = nextVelocity
    }

    /// SwiftUI's settling estimate for a vector motion: the scalar rules of
    /// ``settlingDuration(target:initialVelocity:epsilon:)-(Double,Double,Double)`` with every absolute value replaced by
    /// the Euclidean length √(magnitudeSquared), so all components share one duration.
    public func settlingDuration<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, epsilon: Double) -> Double {
        let lambda = decayRate
        if lambda == 0 { return .infinity }
        if signedFrequency > 0 {
            let bound = (target.scaled(by: lambda) - initialVelocity).magnitudeSquared.squareRoot()
                + target.magnitudeSquared.squareRoot()
            return max(0, -Double.log(epsilon / bound) / lambda)
        }
        return Spring.settlingScan(epsilon: epsilon) { t in
            (value(target: target, initialVelocity: initialVelocity, time: t) - target).magnitudeSquared.squareRoot()
        }
    }
}
