import MotionJSON
import MotionKeyframes
import MotionNumerics
import MotionSprings

/// A spring step — from `from` to `to` with an initial velocity — as each platform writes it.
///
/// Platforms with a spring (SwiftUI, Compose, Flutter, Motion, react-spring, Reanimated, Core
/// Animation) get the spring's parameters in their vocabulary, exact up to the printed digits,
/// with a note where the platform clamps or fixes something. Platforms without one (CSS, Web
/// Animations, Android XML) get the motion as an easing over the spring's exact settling time,
/// within the tolerance.
public struct SpringExport: Sendable {
    public var spring: Spring
    public var from: Double
    public var to: Double
    public var initialVelocity: Double
    /// The largest error allowed where the motion is approximated, in value units.
    public var tolerance: Double
    /// The band around the target that ends the motion for easing-based formats (fraction of the step).
    public var epsilon: Double

    public init(spring: Spring, from: Double = 0, to: Double = 1, initialVelocity: Double = 0,
                tolerance: Double? = nil, epsilon: Double = 0.001) throws(ExportError) {
        guard from.isFinite, to.isFinite, initialVelocity.isFinite else {
            throw ExportError("from, to and the initial velocity must be finite; got \(from), \(to), \(initialVelocity)")
        }
        self.spring = spring
        self.from = from
        self.to = to
        self.initialVelocity = initialVelocity
        let budget = tolerance ?? max(abs(to - from), 1e-300) * 1e-3
        guard budget.isFinite, budget > 0 else { throw ExportError("the tolerance must be a finite number > 0; got \(budget)") }
        self.tolerance = budget
        self.epsilon = epsilon
    }

    /// When the motion is within ε of its step from the target for good: the easing formats' duration.
    public var settlingTime: Double {
        let step = to - from
        guard step != 0 else { return spring.duration }
        let settle = spring.exactSettlingTime(target: 1, initialVelocity: initialVelocity / step, epsilon: epsilon)
        return settle.isFinite && settle > 0 ? settle : spring.duration
    }

    /// The motion as a one-keyframe timeline cut at ``settlingTime``: what the keyframe formats play.
    public var timeline: TimelineDocument {
        TimelineDocument(initialValue: .scalar(from), tracks: [TimelineDocument.Track(nil, keyframes: [
            .spring(SpringKeyframe(to, duration: settlingTime, spring: spring, startVelocity: initialVelocity))])])
    }

    /// 12 significant digits for code (170, not 170.00000000000003); Kotlin and Core Animation floats 9.
    static func g(_ x: Double) -> String { DecimalText.significant(x, digits: 12) }
    static func f(_ x: Double) -> String { DecimalText.significant(x, digits: 9) + "f" }

    /// The export to `format`; `name` names what the format lets one name (a CSS rule, a Lottie layer).
    public func export(_ format: ExportFormat, name: String = "motion", fps: Double = 60) throws(ExportError) -> MotionExport {
        let g = Self.g, f = Self.f
        let s = spring
        let label = "Spring(duration: \(g(s.duration)), bounce: \(g(s.bounce)))"
        let motion = "from \(g(from)) to \(g(to))" + (initialVelocity != 0 ? " with initial velocity \(g(initialVelocity))" : "")
        var notes: [String] = []
        if [.css, .waapi, .android, .lottie].contains(format), to != from,
           !spring.exactSettlingTime(target: 1, initialVelocity: initialVelocity / (to - from), epsilon: epsilon).isFinite {
            throw ExportError("\(label) never settles within ε = \(g(epsilon)) of the step (it is undamped): \(format.rawValue) plays a motion "
                              + "of a fixed duration; export it to a platform with springs (swiftui, compose, flutter, …) or give it damping")
        }
        switch format {
        case .swiftUI:
            if s.bounce < 0 {
                notes.append("overdamped: written with a negative bounce; Spring(mass:stiffness:damping:) would clamp it to critical damping unless allowOverDamping: true")
            }
            var text = "// \(label) \(motion)\nlet spring = Spring(duration: \(g(s.duration)), bounce: \(g(s.bounce)))\n"
            text += "withAnimation(.spring(duration: \(g(s.duration)), bounce: \(g(s.bounce)))) { value = \(g(to)) }\n"
            if initialVelocity != 0 {
                text += "// SwiftUI carries the view's current velocity into the spring; \(g(initialVelocity)) per second here.\n"
            }
            return MotionExport(format: format, text: text, notes: notes)
        case .css, .waapi, .android:
            return try easingExport(format, name: name, label: label, motion: motion)
        case .lottie:
            // The motion as its timeline, baked into linear keyframes within the tolerance.
            let export = try TimelineExport(timeline, tolerance: tolerance).lottie(name: name, fps: fps)
            return MotionExport(format: format, text: export.text, maxError: export.maxError,
                                notes: ["\(label) \(motion), cut at its exact settling time (ε = \(g(epsilon)) of the step), \(g(settlingTime)) s"] + export.notes)
        case .compose:
            let a = AndroidSpring(s)
            if s.mass != 1 { notes.append("Compose's spring has mass 1: stiffness is k/m = \(g(a.stiffness)), the same motion") }
            notes.append("Compose keeps stiffness and dampingRatio as Float (about 7 digits)")
            let text = "// \(label) \(motion)\nval spec = spring<Float>(dampingRatio = \(f(a.dampingRatio)), stiffness = \(f(a.stiffness)))\n"
                + "animatable.animateTo(\(f(to)), animationSpec = spec" + (initialVelocity != 0 ? ", initialVelocity = \(f(initialVelocity)))\n" : ")\n")
            return MotionExport(format: format, text: text, notes: notes)
        case .flutter:
            let d = FlutterSpringDescription(s)
            let text = "// \(label) \(motion)\nconst spring = SpringDescription(mass: \(g(d.mass)), stiffness: \(g(d.stiffness)), damping: \(g(d.damping)));\n"
                + "final simulation = SpringSimulation(spring, \(g(from)), \(g(to)), \(g(initialVelocity)));\n"
                + "controller.animateWith(simulation);\n"
            return MotionExport(format: format, text: text, notes: notes)
        case .motion:
            let m = MotionSpring(s)
            let visual = MotionSpring.visualDurationAndBounce(of: s)
            if let note = visual.note { notes.append(note) }
            var text = "// \(label) \(motion)\nanimate(element, { x: [\(g(from)), \(g(to))] }, { type: \"spring\", stiffness: \(g(m.stiffness)), damping: \(g(m.damping)), mass: \(g(m.mass))"
            text += initialVelocity != 0 ? ", velocity: \(g(initialVelocity)) })\n" : " })\n"
            text += "// or, by its visual duration: { type: \"spring\", visualDuration: \(g(visual.visualDuration)), bounce: \(g(visual.bounce)) }\n"
            return MotionExport(format: format, text: text, notes: notes)
        case .reactSpring:
            let r = ReactSpringConfig(s)
            let text = "// \(label) \(motion)\nconst styles = useSpring({ from: { x: \(g(from)) }, to: { x: \(g(to)) }, config: { tension: \(g(r.tension)), friction: \(g(r.friction)), mass: \(g(r.mass))"
                + (initialVelocity != 0 ? ", velocity: \(g(initialVelocity)) } })\n" : " } })\n")
            return MotionExport(format: format, text: text, notes: notes)
        case .reanimated:
            let m = MotionSpring(s)
            notes.append("every option is given: Reanimated's defaults changed between versions 3 and 4")
            let text = "// \(label) \(motion)\nx.value = \(g(from));\nx.value = withSpring(\(g(to)), { mass: \(g(m.mass)), stiffness: \(g(m.stiffness)), damping: \(g(m.damping)), velocity: \(g(initialVelocity)), overshootClamping: false });\n"
            return MotionExport(format: format, text: text, notes: notes)
        case .coreAnimation:
            let c = CoreAnimationSpring(s, target: to - from, initialVelocity: initialVelocity)
            notes.append("CASpringAnimation's initialVelocity is relative to the distance (value per second ÷ |to − from|)")
            let text = "// \(label) \(motion)\nlet animation = CASpringAnimation(keyPath: \"position.y\")\n"
                + "animation.fromValue = \(g(from))\nanimation.toValue = \(g(to))\n"
                + "animation.mass = \(g(c.mass))\nanimation.stiffness = \(g(c.stiffness))\nanimation.damping = \(g(c.damping))\n"
                + "animation.initialVelocity = \(g(c.initialVelocity))\nanimation.duration = animation.settlingDuration\n"
            return MotionExport(format: format, text: text, notes: notes)
        }
    }

    /// The motion as a CSS `linear()` easing over ``settlingTime`` within the tolerance; `nil`
    /// when `from` equals `to` (nothing to normalise by).
    public var cssLinear: CSSLinearAnimation? {
        let step = to - from
        guard step != 0 else { return nil }
        let duration = settlingTime
        let v0 = initialVelocity / step, s = spring
        let easing = CSSLinearEasing(approximating: { s.value(target: 1, initialVelocity: v0, time: $0 * duration) },
                                     tolerance: min(0.5, tolerance / abs(step)))
        return CSSLinearAnimation(easing: easing, duration: duration, step: step)
    }

    /// CSS, Web Animations and Android XML: the motion normalised to an easing over the settling time.
    private func easingExport(_ format: ExportFormat, name: String, label: String, motion: String) throws(ExportError) -> MotionExport {
        guard let animation = cssLinear else {
            throw ExportError("from and to are both \(from): a spring that returns to its start has no easing; export it as a timeline")
        }
        let (easing, duration) = (animation.easing, animation.duration)
        let error = animation.maxErrorInValueUnits
        let notes = ["the motion is cut at its exact settling time (ε = \(Self.g(epsilon)) of the step), \(Self.g(duration)) s, and approximated by straight lines within \(Self.g(error))"]
        let comment = "\(label) \(motion), \(easing.stops.count) stops"
        switch format {
        case .waapi:
            let document = JSONValue.object([
                ("keyframes", .array([.object([("offset", .number(0)), ("--value", .number(from))]),
                                      .object([("offset", .number(1)), ("--value", .number(to))])])),
                ("options", .object([("duration", .number(duration * 1000)), ("easing", .string(easing.description)), ("fill", .string("both"))])),
            ])
            return MotionExport(format: format, text: document.serialized(pretty: true), maxError: error, notes: notes)
        case .android:
            var path = "M0,0"
            for stop in easing.stops.dropFirst() { path += " L\(DecimalText.significant(stop.input, digits: 6)),\(DecimalText.significant(stop.output, digits: 6))" }
            let text = "<!-- \(comment). res/interpolator/\(CSSText.identifier(name)).xml -->\n"
                + "<pathInterpolator xmlns:android=\"http://schemas.android.com/apk/res/android\"\n    android:pathData=\"\(path)\" />\n"
                + "<!-- res/animator/\(CSSText.identifier(name)).xml -->\n"
                + "<objectAnimator xmlns:android=\"http://schemas.android.com/apk/res/android\"\n    android:propertyName=\"translationY\"\n"
                + "    android:valueFrom=\"\(Self.g(from))\"\n    android:valueTo=\"\(Self.g(to))\"\n    android:valueType=\"floatType\"\n"
                + "    android:duration=\"\(Int((duration * 1000).rounded()))\"\n    android:interpolator=\"@interpolator/\(CSSText.identifier(name))\" />\n"
            return MotionExport(format: format, text: text, maxError: error,
                                notes: notes + ["Android durations are whole milliseconds: \(Int((duration * 1000).rounded())) ms",
                                                "PathInterpolator flattens its path to about 0.002 of the progress"])
        default:
            let text = "/* \(comment). */\ntransition-duration: \(CSSText.seconds(duration));\ntransition-timing-function: \(easing);\n"
            return MotionExport(format: format, text: text, maxError: error, notes: notes)
        }
    }
}
