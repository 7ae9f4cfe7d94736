import MotionCurves
import MotionJSON
import MotionKeyframes
import MotionNumerics

/// A timing curve over a duration, from 0 to 1, as each platform writes it: a bezier exactly
/// (its four numbers), a curve that is not one (circular eases) as straight-line stops within
/// the tolerance where the platform takes them.
public struct CurveExport: Sendable {
    public var curve: UnitCurve
    /// Seconds.
    public var duration: Double
    /// The largest error allowed where the curve is approximated, in progress units.
    public var tolerance: Double

    public init(curve: UnitCurve, duration: Double, tolerance: Double = 1e-3) throws(ExportError) {
        guard duration.isFinite, duration > 0 else { throw ExportError("the curve's duration must be a finite number > 0 (seconds); got \(duration)") }
        guard tolerance.isFinite, tolerance > 0, tolerance < 1 else { throw ExportError("the tolerance must be in (0, 1) for a curve (progress units); got \(tolerance)") }
        self.curve = curve
        self.duration = duration
        self.tolerance = tolerance
    }

    /// The export to `format`; `name` names a CSS rule or a Lottie layer, `fps` Lottie's frame rate.
    public func export(_ format: ExportFormat, name: String = "motion", fps: Double = 60) throws(ExportError) -> MotionExport {
        if format == .lottie { return try lottie(name: name, fps: fps) }
        let g = SpringExport.g, f = SpringExport.f
        let ms = Int((duration * 1000).rounded())
        guard let p = curve.controlPoints else {
            // Not a bezier: straight-line stops where the format takes them.
            let easing = CSSLinearEasing(approximating: { curve.value(at: $0) }, tolerance: tolerance)
            let notes = ["\(curve) is not a cubic bezier: approximated by \(easing.stops.count) straight-line stops within \(g(easing.maxError)) of the progress"]
            switch format {
            case .css:
                return MotionExport(format: format, text: "transition-duration: \(CSSText.seconds(duration));\ntransition-timing-function: \(easing);\n",
                                    maxError: easing.maxError, notes: notes)
            case .waapi:
                return MotionExport(format: format, text: Self.waapi(easing.description, duration), maxError: easing.maxError, notes: notes)
            case .swiftUI:
                let name = curve.name.map { "UnitCurve.\($0)" } ?? "\(curve)"
                return MotionExport(format: format, text: "let curve = \(name)\nwithAnimation(.timingCurve(\(name), duration: \(g(duration)))) { value = target }\n")
            default:
                throw ExportError("\(curve) is not a cubic bezier, and \(format.title) takes only bezier timing curves here; export CSS or Web Animations (linear() stops)")
            }
        }
        let (x1, y1, x2, y2) = (p.start.x, p.start.y, p.end.x, p.end.y)
        let points = "\(g(x1)), \(g(y1)), \(g(x2)), \(g(y2))"
        switch format {
        case .swiftUI:
            let named = curve.name.map { "UnitCurve.\($0)" } ?? "UnitCurve.bezier(startControlPoint: UnitPoint(x: \(g(x1)), y: \(g(y1))), endControlPoint: UnitPoint(x: \(g(x2)), y: \(g(y2))))"
            return MotionExport(format: format, text: "let curve = \(named)\nwithAnimation(.timingCurve(\(points), duration: \(g(duration)))) { value = target }\n")
        case .css:
            return MotionExport(format: format, text: "transition-duration: \(CSSText.seconds(duration));\ntransition-timing-function: cubic-bezier(\(points));\n")
        case .waapi:
            return MotionExport(format: format, text: Self.waapi("cubic-bezier(\(points))", duration))
        case .compose:
            var notes = ["Compose durations are whole milliseconds: \(ms) ms"]
            if y1 < 0 || y1 > 1 || y2 < 0 || y2 > 1 { notes.append("some Compose versions clamp CubicBezierEasing's output to [0, 1], which removes the overshoot") }
            return MotionExport(format: format, text: "val spec = tween<Float>(durationMillis = \(ms), easing = CubicBezierEasing(\(f(x1)), \(f(y1)), \(f(x2)), \(f(y2))))\n", notes: notes)
        case .android:
            let id = CSSText.identifier(name)
            let text = "<!-- res/interpolator/\(id).xml -->\n<pathInterpolator xmlns:android=\"http://schemas.android.com/apk/res/android\"\n"
                + "    android:controlX1=\"\(g(x1))\" android:controlY1=\"\(g(y1))\"\n    android:controlX2=\"\(g(x2))\" android:controlY2=\"\(g(y2))\" />\n"
                + "<!-- res/animator/\(id).xml -->\n<objectAnimator xmlns:android=\"http://schemas.android.com/apk/res/android\"\n"
                + "    android:propertyName=\"translationY\" android:valueFrom=\"0\" android:valueTo=\"1\" android:valueType=\"floatType\"\n"
                + "    android:duration=\"\(ms)\" android:interpolator=\"@interpolator/\(id)\" />\n"
            return MotionExport(format: format, text: text, notes: ["Android durations are whole milliseconds: \(ms) ms",
                                                                   "PathInterpolator flattens the curve to about 0.002 of the progress"])
        case .flutter:
            return MotionExport(format: format, text: "const curve = Cubic(\(points));\nfinal animation = CurvedAnimation(parent: controller, curve: curve); // controller.duration = const Duration(microseconds: \(Int((duration * 1e6).rounded())))\n",
                                notes: ["Flutter's Cubic solves the curve to 0.001 of the time, so its values differ from CSS by up to about 1e-3"])
        case .motion:
            return MotionExport(format: format, text: "animate(element, { x: [0, 1] }, { duration: \(g(duration)), ease: [\(points)] })\n")
        case .reactSpring:
            let text = Self.reactSpringBezier
                + "const styles = useSpring({ from: { x: 0 }, to: { x: 1 }, config: { duration: \(g(duration * 1000)), easing: bezier(\(points)) } })\n"
            return MotionExport(format: format, text: text)
        case .reanimated:
            return MotionExport(format: format, text: "x.value = withTiming(1, { duration: \(g(duration * 1000)), easing: Easing.bezier(\(points)) });\n")
        case .coreAnimation:
            return MotionExport(format: format, text: "let timing = CAMediaTimingFunction(controlPoints: \(points))\nlet animation = CABasicAnimation(keyPath: \"position.y\")\nanimation.duration = \(g(duration))\nanimation.timingFunction = timing\n",
                                notes: ["CAMediaTimingFunction keeps its control points as 32-bit floats"])
        case .lottie:
            return try lottie(name: name, fps: fps)
        }
    }

    /// react-spring has no bezier easing: a small one that solves x(s) = t by bisection.
    static let reactSpringBezier = "// react-spring has no bezier easing: this one solves x(s) = t by bisection.\n"
        + "const bezier = (x1, y1, x2, y2) => (t) => { let lo = 0, hi = 1; for (let i = 0; i < 60; i++) { const s = (lo + hi) / 2; const x = 3 * (1 - s) * (1 - s) * s * x1 + 3 * (1 - s) * s * s * x2 + s * s * s; if (x < t) lo = s; else hi = s; } const s = (lo + hi) / 2; return 3 * (1 - s) * (1 - s) * s * y1 + 3 * (1 - s) * s * s * y2 + s * s * s; };\n"

    /// Lottie: a scalar slider from 0 to 1 over the duration along the curve — exactly for a
    /// bezier, baked into linear keyframes within the tolerance otherwise.
    func lottie(name: String, fps: Double) throws(ExportError) -> MotionExport {
        let timeline = TimelineDocument(initialValue: .scalar(0), tracks: [TimelineDocument.Track(nil, keyframes: [
            .linear(LinearKeyframe(1, duration: duration, timingCurve: curve))])])
        return try TimelineExport(timeline, tolerance: tolerance).lottie(name: name, fps: fps)
    }

    static func waapi(_ easing: String, _ duration: Double) -> String {
        JSONValue.object([
            ("keyframes", .array([.object([("offset", .number(0)), ("--value", .number(0))]), .object([("offset", .number(1)), ("--value", .number(1))])])),
            ("options", .object([("duration", .number(duration * 1000)), ("easing", .string(easing)), ("fill", .string("both"))])),
        ]).serialized(pretty: true)
    }
}
