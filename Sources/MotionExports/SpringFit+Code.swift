import MotionFitting
import MotionNumerics

extension SpringFit {
    /// `Spring(duration:bounce:)` and the animation that plays it.
    public var swiftUICode: String {
        let (duration, bounce) = (DecimalText.significant(spring.duration), DecimalText.significant(spring.bounce))
        return "Spring(duration: \(duration), bounce: \(bounce))  // .animation(.spring(duration: \(duration), bounce: \(bounce)))"
    }

    /// The fitted motion as a CSS transition: a `linear()` easing of the step from `from` to `to`
    /// over the exact settling time (ε = 0.1 % of the step), with its error; `nil` when the
    /// step is 0 or the spring does not settle in a finite, positive time.
    public func cssLinear(tolerance: Double) -> CSSLinearAnimation? {
        let step = to - from
        guard step != 0, step.isFinite else { return nil }
        let v0 = initialVelocity / step
        let s = spring
        let settle = s.exactSettlingTime(target: 1, initialVelocity: v0, epsilon: 0.001)
        guard settle.isFinite, settle > 0 else { return nil }
        let easing = CSSLinearEasing(approximating: { s.value(target: 1, initialVelocity: v0, time: $0 * settle) },
                                     tolerance: tolerance)
        return CSSLinearAnimation(easing: easing, duration: settle, step: step)
    }
}
