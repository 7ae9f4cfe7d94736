import MotionNumerics

extension TimelineExport {
    /// Core Animation: one `CAKeyframeAnimation` per track with `values`, `keyTimes` (fractions
    /// of the duration) and `timingFunctions` — `CAMediaTimingFunction(controlPoints:)` for cubic
    /// keyframes and bezier curves (exact up to its Float control points), `.linear` otherwise —
    /// grouped in a `CAAnimationGroup`. Approximated segments are baked into straight-line
    /// keyframes within the tolerance.
    public func coreAnimation() -> MotionExport {
        let n = CSSText.number
        var text = "// Exported by MotionLab: \(tracks.count) track\(tracks.count == 1 ? "" : "s") over \(CSSText.seconds(duration)).\n"
            + "// Each key path is the timeline's property name: replace it with the layer's (position.x, opacity …).\n"
        var names: [String] = []
        for track in tracks {
            let id = SwiftText.identifier(name(of: track))
            names.append(id)
            let keyframes = bakedKeyframes(of: track)
            let functions = keyframes.dropLast().map { k -> String in
                if case let .cubicBezier(x1, y1, x2, y2)? = k.easing {
                    return "CAMediaTimingFunction(controlPoints: \(n(x1)), \(n(y1)), \(n(x2)), \(n(y2)))"
                }
                return "CAMediaTimingFunction(name: .linear)"
            }
            text += "let \(id) = CAKeyframeAnimation(keyPath: \(SwiftText.string(name(of: track))))\n"
            text += "\(id).values = [\(keyframes.map { n($0.value) }.joined(separator: ", "))] as [Double]\n"
            text += "\(id).keyTimes = [\(keyframes.map { n($0.offset) }.joined(separator: ", "))] as [NSNumber]\n"
            text += "\(id).timingFunctions = [\n" + functions.map { "    " + $0 + ",\n" }.joined() + "]\n"
            text += "\(id).calculationMode = .linear\n\(id).duration = \(n(playDuration))\n"
        }
        text += "let group = CAAnimationGroup()\ngroup.animations = [\(names.joined(separator: ", "))]\ngroup.duration = \(n(playDuration))\n"
        var notes = bakedNotes(for: .coreAnimation, jump: sliverNote(.coreAnimation))
        notes.append("CAMediaTimingFunction keeps its control points as Float (about 7 significant digits)")
        return MotionExport(format: .coreAnimation, text: text, maxError: maxError, notes: notes)
    }
}
