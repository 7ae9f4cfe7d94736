import MotionNumerics

extension TimelineExport {
    /// React Native Reanimated: per track, `v.value = withSequence(withTiming(to, { duration,
    /// easing }), …)` with durations in milliseconds — `Easing.bezier(…)` for cubic keyframes and
    /// bezier curves (exact), `Easing.linear` otherwise, and a move keyframe as an instantaneous
    /// `withTiming(to, { duration: 0 })`. Approximated segments are baked into straight-line steps
    /// within the tolerance.
    public func reanimated() -> MotionExport {
        let n = CSSText.number
        var text = "// Exported by MotionLab: \(tracks.count) track\(tracks.count == 1 ? "" : "s") over \(CSSText.seconds(duration)).\n"
            + "// Each name is a shared value: const x = useSharedValue(0); then run the assignments below.\n"
        for track in tracks {
            let id = JSText.identifier(name(of: track))
            text += "\(id).value = \(n(track.initialValue));\n"
            let steps = bakedSegments(of: track).compactMap { s -> String? in
                let ms = CSSText.rounded(s.duration * 1000)
                switch s.easing {
                case .jump: return "withTiming(\(n(s.to)), { duration: 0 })"
                case let .cubicBezier(x1, y1, x2, y2):
                    return "withTiming(\(n(s.to)), { duration: \(ms), easing: Easing.bezier(\(n(x1)), \(n(y1)), \(n(x2)), \(n(y2))) })"
                default:
                    return s.duration > 0 ? "withTiming(\(n(s.to)), { duration: \(ms), easing: Easing.linear })" : nil
                }
            }
            guard !steps.isEmpty else { continue }
            text += "\(id).value = withSequence(\n" + steps.map { "  " + $0 + ",\n" }.joined() + ");\n"
        }
        return MotionExport(format: .reanimated, text: text, maxError: maxError, notes: bakedNotes(for: .reanimated, jump: nil))
    }
}
