import MotionNumerics

extension TimelineExport {
    /// Motion (Framer Motion): `animate(element, { x: [values…] }, { x: { duration, times, ease } })`
    /// — a keyframe array per property with its own `times` (fractions of the duration, seconds)
    /// and `ease` array (one entry per interval: `[x1, y1, x2, y2]` for cubic keyframes and
    /// bezier curves, exactly; `"linear"` otherwise). Approximated segments are baked into
    /// straight-line keyframes within the tolerance.
    public func motion() -> MotionExport {
        let n = CSSText.number
        var values: [String] = [], options: [String] = []
        for track in tracks {
            let key = JSText.key(name(of: track))
            let keyframes = bakedKeyframes(of: track)
            let eases = keyframes.dropLast().map { k -> String in
                if case let .cubicBezier(x1, y1, x2, y2)? = k.easing { return "[\(n(x1)), \(n(y1)), \(n(x2)), \(n(y2))]" }
                return "\"linear\""
            }
            values.append("  \(key): [\(keyframes.map { n($0.value) }.joined(separator: ", "))],")
            options.append("  \(key): {\n    duration: \(n(playDuration)),\n    times: [\(keyframes.map { n($0.offset) }.joined(separator: ", "))],\n    ease: [\(eases.joined(separator: ", "))],\n  },")
        }
        let text = "// Exported by MotionLab: \(tracks.count) track\(tracks.count == 1 ? "" : "s") over \(CSSText.seconds(duration)). Each value has its own transition.\n"
            + "animate(element, {\n\(values.joined(separator: "\n"))\n}, {\n\(options.joined(separator: "\n"))\n});\n"
        return MotionExport(format: .motion, text: text, maxError: maxError, notes: bakedNotes(for: .motion, jump: sliverNote(.motion)))
    }
}
