import MotionNumerics
/// Everything MotionLab can say about one motion of a spring, in one value: SwiftUI's
/// parameters and estimates, the exact physics, and every platform's equivalent.
///
/// Front ends (the command line, reports) present it; they compute nothing themselves.
public struct SpringSummary: Sendable {
    public var spring: Spring
    public var target: Double
    public var initialVelocity: Double
    public var epsilon: Double

    /// SwiftUI's ``Spring/settlingDuration(target:initialVelocity:epsilon:)-(Double,Double,Double)`` estimate.
    public var settlingDuration: Double
    /// The exact last time the error is ε.
    public var exactSettlingTime: Double
    /// The peak beyond the target, if the motion overshoots.
    public var peak: (time: Double, value: Double)?
    /// Overshoot in % of |target| (nil when the target is 0).
    public var overshootPercent: Double?
    /// Crossings of the ε band boundary (nil: infinitely many).
    public var bandCrossings: Int?

    /// One platform's parameters for the same motion.
    public struct PlatformEquivalent: Sendable {
        /// A stable key: `android`, `flutter`, `motion`, `reactSpring`, `rebound`, `coreAnimation`, `figma`.
        public var key: String
        /// What users call it.
        public var title: String
        /// The parameters, by the platform's own names.
        public var parameters: [(name: String, value: Double)]
        /// How to write it on that platform.
        public var code: String
        /// Set when the platform cannot express the spring exactly (then the parameters are the nearest).
        public var note: String?
    }

    /// Every platform's equivalent.
    public var platforms: [PlatformEquivalent]

    public init(spring: Spring, target: Double = 1, initialVelocity: Double = 0, epsilon: Double = 0.001) {
        self.spring = spring
        self.target = target
        self.initialVelocity = initialVelocity
        self.epsilon = epsilon
        let motion = SpringMotion(spring: spring, target: target, initialVelocity: initialVelocity)
        settlingDuration = spring.settlingDuration(target: target, initialVelocity: initialVelocity, epsilon: epsilon)
        exactSettlingTime = motion.exactSettlingTime(epsilon: epsilon)
        peak = motion.peak
        overshootPercent = motion.overshootPercent
        bandCrossings = motion.bandCrossings(epsilon: epsilon)
        platforms = SpringSummary.equivalents(of: spring, target: target, initialVelocity: initialVelocity)
    }

    static func equivalents(of spring: Spring, target: Double, initialVelocity: Double) -> [PlatformEquivalent] {
        // Code to paste: 12 significant digits (170, not 170.00000000000003); Kotlin floats 9,
        // the digits a Float round-trips.
        func g(_ x: Double) -> String { DecimalText.significant(x, digits: 12) }
        func f(_ x: Double) -> String { DecimalText.significant(x, digits: 9) + "f" }
        let android = AndroidSpring(spring)
        let flutter = FlutterSpringDescription(spring)
        let motion = MotionSpring(spring)
        let visual = MotionSpring.visualDurationAndBounce(of: spring)
        let react = ReactSpringConfig(spring)
        let rebound = ReboundSpringConfig(spring)
        let coreAnimation = CoreAnimationSpring(spring, target: target, initialVelocity: initialVelocity)
        let figma = FigmaSpring(spring)
        var caNote: String? = nil
        if target == 0 && initialVelocity != 0 {
            caNote = "Core Animation measures initialVelocity relative to the distance, which is 0 here: the initial velocity cannot be expressed"
        }
        return [
            PlatformEquivalent(
                key: "android", title: "Android SpringForce / Compose spring()",
                parameters: [("stiffness", android.stiffness), ("dampingRatio", android.dampingRatio)],
                code: "spring(dampingRatio = \(f(android.dampingRatio)), stiffness = \(f(android.stiffness)))"),
            PlatformEquivalent(
                key: "flutter", title: "Flutter SpringDescription",
                parameters: [("mass", flutter.mass), ("stiffness", flutter.stiffness), ("damping", flutter.damping)],
                code: "SpringDescription(mass: \(g(flutter.mass)), stiffness: \(g(flutter.stiffness)), damping: \(g(flutter.damping)))"),
            PlatformEquivalent(
                key: "motion", title: "Motion (Framer Motion)",
                parameters: [("stiffness", motion.stiffness), ("damping", motion.damping), ("mass", motion.mass),
                             ("visualDuration", visual.visualDuration), ("bounce", visual.bounce)],
                code: "{ type: \"spring\", stiffness: \(g(motion.stiffness)), damping: \(g(motion.damping)), mass: \(g(motion.mass)) }",
                note: visual.note),
            PlatformEquivalent(
                key: "reactSpring", title: "react-spring",
                parameters: [("tension", react.tension), ("friction", react.friction), ("mass", react.mass),
                             ("frequency", react.frequency), ("damping", react.dampingRatio)],
                code: "{ tension: \(g(react.tension)), friction: \(g(react.friction)), mass: \(g(react.mass)) }"),
            PlatformEquivalent(
                key: "rebound", title: "Rebound / Origami",
                parameters: [("tension", rebound.tension), ("friction", rebound.friction),
                             ("origamiTension", rebound.origamiTension), ("origamiFriction", rebound.origamiFriction)],
                code: "SpringConfig.fromOrigamiTensionAndFriction(\(g(rebound.origamiTension)), \(g(rebound.origamiFriction)))",
                note: spring.mass != 1 ? "Rebound's mass is 1: these are the unit-mass stiffness k/m and damping c/m of the same motion" : nil),
            PlatformEquivalent(
                key: "coreAnimation", title: "Core Animation CASpringAnimation / UISpringTimingParameters",
                parameters: [("mass", coreAnimation.mass), ("stiffness", coreAnimation.stiffness),
                             ("damping", coreAnimation.damping), ("initialVelocity", coreAnimation.initialVelocity)],
                code: "let a = CASpringAnimation(); a.mass = \(g(coreAnimation.mass)); a.stiffness = \(g(coreAnimation.stiffness)); a.damping = \(g(coreAnimation.damping)); a.initialVelocity = \(g(coreAnimation.initialVelocity))",
                note: caNote),
            PlatformEquivalent(
                key: "figma", title: "Figma custom spring",
                parameters: [("mass", figma.mass), ("stiffness", figma.stiffness), ("damping", figma.damping)],
                code: "{ type: \"CUSTOM_SPRING\", easingFunctionSpring: { mass: \(g(figma.mass)), stiffness: \(g(figma.stiffness)), damping: \(g(figma.damping)), initialVelocity: 0 } }"),
        ]
    }
}
