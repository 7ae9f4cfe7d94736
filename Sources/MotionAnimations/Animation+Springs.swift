import MotionSprings

extension Animation {
    /// SwiftUI's bounce → damping fraction of the spring animations: 1/(1 + b) below 0, 1 − b
    /// otherwise. Unlike `Spring(duration:bounce:)` it does not stop at 0 above b = 1.
    public static func dampingFraction(bounce: Double) -> Double {
        bounce < 0.0 ? 1.0 / (bounce + 1.0) : 1.0 - bounce
    }

    /// A fluid spring, response 0.5 s, damping fraction 0.825.
    public static var spring: Animation { spring(response: 0.5, dampingFraction: 0.825, blendDuration: 0) }

    /// A fluid spring (``FluidSpringAnimation``) with the given response and damping fraction; a
    /// change of response blends in over `blendDuration` when it interrupts another fluid spring.
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825,
                              blendDuration: Double = 0) -> Animation {
        Animation(FluidSpringAnimation(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration))
    }

    /// A fluid spring with response `duration` and the damping fraction of ``dampingFraction(bounce:)``.
    public static func spring(duration: Double = 0.5, bounce: Double = 0, blendDuration: Double = 0) -> Animation {
        spring(response: duration, dampingFraction: dampingFraction(bounce: bounce), blendDuration: blendDuration)
    }

    /// A fluid spring with `spring`'s response and damping ratio.
    public static func spring(_ spring: Spring, blendDuration: Double = 0) -> Animation {
        Animation.spring(response: spring.response, dampingFraction: spring.dampingRatio, blendDuration: blendDuration)
    }

    /// A fluid spring without bounce: duration 0.5 s, bounce 0.
    public static var smooth: Animation { smooth(duration: 0.5, extraBounce: 0) }

    /// A fluid spring without bounce: bounce 0 + `extraBounce`.
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        spring(duration: duration, bounce: 0 + extraBounce)
    }

    /// A fluid spring with a little bounce: duration 0.5 s, bounce 0.15.
    public static var snappy: Animation { snappy(duration: 0.5, extraBounce: 0) }

    /// A fluid spring with a little bounce: bounce 0.15 + `extraBounce`.
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        spring(duration: duration, bounce: 0.15 + extraBounce)
    }

    /// A fluid spring with visible bounce: duration 0.5 s, bounce 0.3.
    public static var bouncy: Animation { bouncy(duration: 0.5, extraBounce: 0) }

    /// A fluid spring with visible bounce: bounce 0.3 + `extraBounce`.
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        spring(duration: duration, bounce: 0.3 + extraBounce)
    }

    /// A quick fluid spring for gestures: response 0.15 s, damping fraction 0.86, blend 0.25 s.
    public static var interactiveSpring: Animation {
        interactiveSpring(response: 0.15, dampingFraction: 0.86, blendDuration: 0.25)
    }

    /// A quick fluid spring for gestures.
    public static func interactiveSpring(response: Double = 0.15, dampingFraction: Double = 0.86,
                                         blendDuration: Double = 0.25) -> Animation {
        spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration)
    }

    /// A quick fluid spring for gestures: bounce 0.15 + `extraBounce`.
    public static func interactiveSpring(duration: Double = 0.15, extraBounce: Double = 0,
                                         blendDuration: Double = 0.25) -> Animation {
        spring(duration: duration, bounce: 0.15 + extraBounce, blendDuration: blendDuration)
    }

    /// An analytic spring (``SpringAnimation``); `initialVelocity` in intervals per second.
    /// Interrupting animations add their effects rather than replace it.
    public static func interpolatingSpring(mass: Double = 1, stiffness: Double, damping: Double,
                                           initialVelocity: Double = 0) -> Animation {
        Animation(SpringAnimation(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity))
    }

    /// An analytic spring with stiffness (2π/duration)², mass 1 and damping 2√k times
    /// ``dampingFraction(bounce:)``, as SwiftUI computes it.
    public static func interpolatingSpring(duration: Double = 0.5, bounce: Double = 0,
                                           initialVelocity: Double = 0) -> Animation {
        let stiffness: Double
        if duration <= 0 {
            stiffness = .infinity
        } else {
            let frequency = (2.0 * Double.pi) / duration
            stiffness = frequency * frequency
        }
        let damping = 2 * stiffness.squareRoot() * dampingFraction(bounce: bounce)
        return interpolatingSpring(stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
    }

    /// The interpolating spring of `duration` 0.5 s without bounce.
    public static var interpolatingSpring: Animation { interpolatingSpring(duration: 0.5, bounce: 0) }
}
