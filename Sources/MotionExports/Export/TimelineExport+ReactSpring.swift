import MotionNumerics

extension TimelineExport {
    /// react-spring: per track, `useSpring({ from, to: [steps…] })` whose steps are
    /// `{ x, config: { duration, easing } }` in milliseconds — a small bezier easing (bisection,
    /// as the curve export writes it) for cubic keyframes and bezier curves, exactly; a hold as
    /// the next step's `delay`; a move keyframe as an `immediate` step. Approximated segments are
    /// baked into straight-line steps within the tolerance.
    public func reactSpring() -> MotionExport {
        let n = CSSText.number
        var text = "// Exported by MotionLab: \(tracks.count) track\(tracks.count == 1 ? "" : "s") over \(CSSText.seconds(duration)).\n"
            + CurveExport.reactSpringBezier + "const linear = (t) => t;\n"
        for track in tracks {
            let key = JSText.key(name(of: track))
            var steps: [String] = []
            var delay = 0.0
            for s in bakedSegments(of: track) {
                let wait = delay > 0 ? ", delay: \(CSSText.rounded(delay * 1000))" : ""
                switch s.easing {
                case .hold: delay += s.duration; continue
                case .jump: steps.append("{ \(key): \(n(s.to)), immediate: true\(wait) }")
                case let .cubicBezier(x1, y1, x2, y2):
                    steps.append("{ \(key): \(n(s.to))\(wait), config: { duration: \(CSSText.rounded(s.duration * 1000)), easing: bezier(\(n(x1)), \(n(y1)), \(n(x2)), \(n(y2))) } }")
                default:
                    steps.append("{ \(key): \(n(s.to))\(wait), config: { duration: \(CSSText.rounded(s.duration * 1000)), easing: linear } }")
                }
                delay = 0
            }
            text += "const \(JSText.identifier(name(of: track)))Spring = useSpring({\n  from: { \(key): \(n(track.initialValue)) },\n"
            text += "  to: [\n" + steps.map { "    " + $0 + ",\n" }.joined() + "  ],\n});\n"
        }
        return MotionExport(format: .reactSpring, text: text, maxError: maxError, notes: bakedNotes(for: .reactSpring, jump: nil))
    }
}
