import MotionFitting
import MotionNumerics

extension KeyframeFit {
    /// SwiftUI code for the track: paste inside a `KeyframeTimeline` or `keyframeAnimator`.
    public func swiftUICode(property: String = "value") -> String {
        var lines = ["// initialValue: \(DecimalText.significant(initialValue))", "KeyframeTrack(\\.\(property)) {"]
        for k in keyframes {
            lines.append("    CubicKeyframe(\(DecimalText.significant(k.to)), duration: \(DecimalText.significant(k.duration)))")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// The fitted timeline as a CSS `linear()` easing from its initial to its end value over its
    /// duration; `nil` when those are equal or the timeline has no duration.
    public func cssLinear(tolerance: Double) -> CSSLinearAnimation? {
        let timeline = self.timeline
        let path = timeline.paths[0]
        let (first, step, duration) = (initialValue, path.endValue - initialValue, timeline.duration)
        guard step != 0, step.isFinite, duration > 0 else { return nil }
        let easing = CSSLinearEasing(approximating: { (path.value(at: $0 * duration) - first) / step }, tolerance: tolerance)
        return CSSLinearAnimation(easing: easing, duration: duration, step: step)
    }
}
