import MotionCurves
import MotionKeyframes
import MotionNumerics
import MotionSprings

extension TimelineExport {
    /// SwiftUI: the timeline's own keyframes in a `KeyframeAnimator` — every number with 15
    /// significant digits (within 5e-16 of the double, without the noise of a preset's
    /// 0.5000000000000001). A timeline of properties gets a `Values` struct (names that are
    /// not Swift identifiers become ones, with a comment).
    public func swiftUI() -> MotionExport {
        let n = { (x: Double) in DecimalText.significant(x, digits: 15) }
        func curve(_ c: UnitCurve) -> String {
            if let name = c.name { return ".\(name)" }
            if let p = c.controlPoints {
                return ".bezier(startControlPoint: UnitPoint(x: \(n(p.start.x)), y: \(n(p.start.y))), endControlPoint: UnitPoint(x: \(n(p.end.x)), y: \(n(p.end.y))))"
            }
            return ".linear"
        }
        func keyframe(_ k: Keyframe<Double>) -> String {
            switch k {
            case .move(let m): return "MoveKeyframe(\(n(m.to)))"
            case .linear(let l): return "LinearKeyframe(\(n(l.to)), duration: \(n(l.duration))" + (l.timingCurve == .linear ? ")" : ", timingCurve: \(curve(l.timingCurve)))")
            case .cubic(let c):
                return "CubicKeyframe(\(n(c.to)), duration: \(n(c.duration))" + (c.startVelocity.map { ", startVelocity: \(n($0))" } ?? "")
                    + (c.endVelocity.map { ", endVelocity: \(n($0))" } ?? "") + ")"
            case .spring(let s):
                return "SpringKeyframe(\(n(s.to))" + (s.duration.map { ", duration: \(n($0))" } ?? "")
                    + ", spring: Spring(duration: \(n(s.spring.duration)), bounce: \(n(s.spring.bounce)))"
                    + (s.startVelocity.map { ", startVelocity: \(n($0))" } ?? "") + ")"
            }
        }
        var lines: [String] = []
        var notes: [String] = []
        if let value = timeline.initialValue.scalar {
            lines += ["KeyframeAnimator(initialValue: \(n(value)), trigger: trigger) { content, value in",
                      "    content  // apply value", "} keyframes: { _ in"]
            for track in timeline.tracks {
                lines.append("    KeyframeTrack {")
                lines += track.keyframes.map { "        " + keyframe($0) }
                lines.append("    }")
            }
        } else {
            let properties = timeline.initialValue.properties ?? []
            lines.append("struct Values {")
            for p in properties {
                let id = SwiftText.identifier(p.name)
                lines.append("    var \(id): Double = \(n(p.value))" + (id == p.name ? "" : "  // '\(p.name)'"))
                if id != p.name { notes.append("the property '\(p.name)' is written as the Swift identifier \(id)") }
            }
            lines += ["}", "", "KeyframeAnimator(initialValue: Values(), trigger: trigger) { content, value in",
                      "    content  // apply value.\(SwiftText.identifier(properties[0].name)) …", "} keyframes: { _ in"]
            for track in timeline.tracks {
                lines.append("    KeyframeTrack(\\.\(SwiftText.identifier(track.property ?? "value"))) {")
                lines += track.keyframes.map { "        " + keyframe($0) }
                lines.append("    }")
            }
        }
        lines.append("}")
        return MotionExport(format: .swiftUI, text: lines.joined(separator: "\n") + "\n", notes: notes)
    }

    /// The export to `format`; Lottie at `fps` frames per second.
    public func export(_ format: ExportFormat, name: String = "motion", fps: Double = 60) throws(ExportError) -> MotionExport {
        switch format {
        case .css: return css(name: name)
        case .waapi: return webAnimations()
        case .swiftUI: return swiftUI()
        case .compose: return try compose()
        case .android: return try android(name: name)
        case .flutter: return try flutter()
        case .motion: return motion()
        case .reanimated: return reanimated()
        case .coreAnimation: return coreAnimation()
        case .reactSpring: return reactSpring()
        case .lottie: return try lottie(name: name, fps: fps)
        }
    }
}
