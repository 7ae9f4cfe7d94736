import Foundation
import MotionLab
import Testing

@Suite struct SpringVectorTests {
    /// A vector motion is the scalar motion per component, to the bit.
    @Test(arguments: [0.3, 0.0, -0.5])
    func vectorMotionIsScalarPerComponent(bounce: Double) {
        let spring = Spring(duration: 0.5, bounce: bounce)
        let target = AnimatablePair(3.0, -4.0), velocity = AnimatablePair(1.0, -2.0)
        for t in stride(from: 0.0, through: 1.5, by: 0.05) {
            let value = spring.value(target: target, initialVelocity: velocity, time: t)
            #expect(value.first == spring.value(target: 3, initialVelocity: 1, time: t))
            #expect(value.second == spring.value(target: -4, initialVelocity: -2, time: t))
            let speed = spring.velocity(target: target, initialVelocity: velocity, time: t)
            #expect(speed.first == spring.velocity(target: 3, initialVelocity: 1, time: t))
            #expect(speed.second == spring.velocity(target: -4, initialVelocity: -2, time: t))
        }
    }

    /// SwiftUI's underdamped estimate for a vector, from lengths: −ln(ε / (|Δλ − v0| + |Δ|)) / λ
    /// with λ = ζ·2π/duration, worked out here for Δ = (3, −4) and v0 = (1, −2).
    @Test func underdampedEstimateUsesLengths() {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        let lambda = 0.7 * 2 * Double.pi / 0.5
        let bound = ((3 * lambda - 1) * (3 * lambda - 1) + (-4 * lambda + 2) * (-4 * lambda + 2)).squareRoot() + 5
        let expected = -log(1e-4 / bound) / lambda
        let estimate = spring.settlingDuration(target: AnimatablePair(3.0, -4.0), initialVelocity: AnimatablePair(1.0, -2.0),
                                               epsilon: 1e-4)
        #expect(abs(estimate - expected) < 1e-12)
    }

    /// The scan of a critically or overdamped spring gives a one-component vector the scalar's time.
    @Test(arguments: [0.0, -0.5])
    func scanMatchesScalar(bounce: Double) {
        let spring = Spring(duration: 0.4, bounce: bounce)
        let vector = spring.settlingDuration(target: AnimatablePair(7.0, 0.0), initialVelocity: .zero, epsilon: 1e-3)
        #expect(vector == spring.settlingDuration(target: 7, initialVelocity: 0, epsilon: 1e-3))
        #expect(vector > 0)
    }

    /// A unit point animates ×128, SwiftUI's unit scale: (0.5, 1) is (64, 128), and back.
    @Test func unitPointDataIsScaled() {
        var point = UnitPoint(x: 0.5, y: 1)
        #expect(point.animatableData == AnimatablePair(CGFloat(64), CGFloat(128)))
        point.animatableData = AnimatablePair(32, -128)
        #expect(point == UnitPoint(x: 0.25, y: -1))
    }
}
