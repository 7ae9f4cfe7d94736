import MotionJSON

extension TimelineExport {
    /// Web Animations: `{"keyframes": [{"offset", "--x", "easing"}], "options": {"duration",
    /// "fill"}}` for `element.animate(keyframes, options)`, duration in milliseconds. Each keyframe
    /// object sets one property, so every property keeps its own offsets and easings (property-
    /// specific keyframes); properties must be registered (`CSS.registerProperty` or the CSS
    /// export's `@property` rules) for the browser to interpolate them as numbers.
    public func webAnimations() -> MotionExport {
        var entries: [(offset: Double, order: Int, value: JSONValue)] = []
        for (trackIndex, track) in tracks.enumerated() {
            // In script a custom property is named as written, without CSS escapes.
            let property = "--" + self.name(of: track)
            for (i, keyframe) in keyframes(of: track).enumerated() {
                var pairs: [(String, JSONValue)] = [("offset", .number(keyframe.offset)), (property, .number(keyframe.value))]
                if let easing = keyframe.easing { pairs.append(("easing", .string(CSSText.easing(easing)))) }
                entries.append((keyframe.offset, trackIndex * 1_000_000 + i, .object(pairs)))
            }
        }
        entries.sort { ($0.offset, $0.order) < ($1.offset, $1.order) }
        let document = JSONValue.object([
            ("keyframes", .array(entries.map(\.value))),
            ("options", .object([("duration", .number(playDuration * 1000)), ("fill", .string("both")), ("easing", .string("linear"))])),
        ])
        return MotionExport(format: .waapi, text: document.serialized(pretty: true), maxError: maxError, notes: notes(for: .waapi))
    }
}
