import MotionSprings

extension SpringAnimation {
    /// The physical spring: mass, stiffness and damping as given, overdamping kept. The animation
    /// itself evaluates an overdamped spring as critically damped.
    public var spring: Spring {
        Spring(mass: mass, stiffness: stiffness, damping: damping, allowOverDamping: true)
    }
}
