import MotionNumerics

extension TimelineExport {
    /// CSS: one registered custom property (`@property --x`) and one `@keyframes` rule per track,
    /// each keyframe carrying the `animation-timing-function` of the interval it starts, and the
    /// `animation` shorthand to paste. A scalar timeline's property is `--value`; with one track
    /// the rule is named `name`, with several `name-property`.
    public func css(name: String = "motion") -> MotionExport {
        let base = CSSText.identifier(name.isEmpty ? "motion" : name)
        var text = "/* Exported by MotionLab: \(tracks.count) track\(tracks.count == 1 ? "" : "s") over \(CSSText.seconds(duration)). "
            + "The values are registered custom properties: use them anywhere, e.g. translate: calc(var(--x) * 1px) calc(var(--y) * 1px); "
            + "rotate: calc(var(--rotation) * 1deg); opacity: var(--opacity). */\n"
        var animations: [String] = []
        for track in tracks {
            let property = CSSText.customProperty(self.name(of: track))
            let rule = tracks.count == 1 ? base : CSSText.identifier(base + "-" + self.name(of: track))
            text += "@property \(property) {\n  syntax: '<number>';\n  inherits: false;\n  initial-value: \(CSSText.number(track.initialValue));\n}\n"
            text += "@keyframes \(rule) {\n"
            for keyframe in keyframes(of: track) {
                text += "  \(CSSText.percentage(keyframe.offset)) { \(property): \(CSSText.number(keyframe.value));"
                if let easing = keyframe.easing { text += " animation-timing-function: \(CSSText.easing(easing));" }
                text += " }\n"
            }
            text += "}\n"
            animations.append("\(rule) \(CSSText.seconds(playDuration)) linear both")
        }
        text += ".\(base) {\n  animation: \(animations.joined(separator: ",\n    "));\n}\n"
        return MotionExport(format: .css, text: text, maxError: maxError, notes: notes(for: .css))
    }

    /// What a keyframe format changes: approximated segments and the sliver a jump takes.
    func notes(for format: ExportFormat) -> [String] {
        var notes = trackNotes
        let approximated = tracks.flatMap { track in track.segments.filter { $0.maxError > 0 }.map { (track, $0) } }
        if !approximated.isEmpty {
            let worst = approximated.map(\.1.maxError).max() ?? 0
            notes.append("\(approximated.count) segment\(approximated.count == 1 ? "" : "s") (springs, non-bezier curves) approximated by linear() easing within \(toleranceText); the largest error is \(DecimalText.significant(worst, digits: 3))")
        }
        if tracks.contains(where: { $0.segments.contains { $0.easing == .jump && $0.startTime > 0 } }) {
            notes.append("\(format.title) has no instantaneous jump between keyframes: each jump (moves at one time are one) takes \(DecimalText.significant(Self.jumpWidth * 1e6, digits: 3)) µs, and the value is exact outside it")
        }
        return notes
    }
}
