import MotionJSON
import MotionNumerics

extension TimelineExport {
    /// Lottie (bodymovin JSON, valid against the lottie-spec schema): a composition of one null
    /// layer named `name` whose properties carry the tracks.
    ///
    /// - `x`, `y` → the split position `ks.p` (`{"s": true, "x", "y"}`), in points as pixels;
    ///   `rotation` → `ks.r` (degrees, clockwise as in SwiftUI);
    ///   `opacity` → `ks.o` and `scale` → `ks.s` (uniform), both ×100: SwiftUI's 0…1 opacity and
    ///   scale factor are After Effects' and Lottie's percentages, so a designer sees 100 % where
    ///   the code says 1;
    ///   every other property, and a scalar timeline's value as `value`, → a Slider Control effect
    ///   named after it. Transform properties no track animates keep their defaults.
    /// - Keyframe times `t` are frames at `fps` (seconds × fps), not rounded: Lottie allows
    ///   fractional frames and players interpolate at any time. Times within 1e-9 of a whole
    ///   frame (the noise of summed durations) are written as that frame.
    /// - Cubic keyframes and bezier curves are exact (`o` = (x1, y1), `i` = (x2, y2)); linear ones
    ///   have handles on the diagonal; constant stretches are holds (`h: 1`); a move keyframe is two
    ///   keyframes at the same `t`, the second of which players show from that instant on; springs
    ///   and non-bezier curves are baked into linear keyframes within the tolerance.
    public func lottie(name: String = "motion", fps: Double = 60) throws(ExportError) -> MotionExport {
        guard fps.isFinite, fps > 0, fps <= 1000 else { throw ExportError("the frame rate must be in (0, 1000] frames per second; got \(fps)") }
        var offFrame = 0, jumps = 0, baked = 0
        func frame(_ seconds: Double) -> Double {
            let f = seconds * fps
            let whole = f.rounded()
            if abs(f - whole) <= 1e-9 * max(1, abs(f)) { return whole }
            offFrame += 1
            return f
        }
        func constant(_ value: Double, dimensions: Int) -> JSONValue {
            .object([("a", .integer(0)), ("k", dimensions == 1 ? .number(value) : .array(Array(repeating: .number(value), count: dimensions)))])
        }
        /// A Lottie property: static (`a: 0`) for a constant track, else its keyframes.
        func property(_ track: EasedTrack, dimensions: Int, scale: Double) -> JSONValue {
            let keyframes = LottieKeyframe.keyframes(of: track)
            // A track that never moves (or only jumps at 0) is a static value.
            guard keyframes.count > 1 else { return constant(keyframes[0].value * scale, dimensions: dimensions) }
            jumps += zip(keyframes, keyframes.dropFirst()).filter { $0.time == $1.time }.count
            baked += track.segments.filter { if case .stops = $0.easing { true } else { false } }.count
            return .object([("a", .integer(1)), ("k", .array(keyframes.map { $0.json(frame: frame($0.time), dimensions: dimensions, scale: scale) }))])
        }
        let byName = Dictionary(tracks.map { (self.name(of: $0), $0) }, uniquingKeysWith: { $1 })
        let transformNames: Set<String> = ["x", "y", "rotation", "opacity", "scale"]
        var notes = trackNotes
        let position: JSONValue
        if byName["x"] != nil || byName["y"] != nil {
            position = .object([("s", .bool(true)),
                                ("x", byName["x"].map { property($0, dimensions: 1, scale: 1) } ?? constant(0, dimensions: 1)),
                                ("y", byName["y"].map { property($0, dimensions: 1, scale: 1) } ?? constant(0, dimensions: 1))])
        } else {
            position = constant(0, dimensions: 3)
        }
        let transform = JSONValue.object([
            ("a", constant(0, dimensions: 3)),
            ("p", position),
            ("s", byName["scale"].map { property($0, dimensions: 3, scale: 100) } ?? constant(100, dimensions: 3)),
            ("r", byName["rotation"].map { property($0, dimensions: 1, scale: 1) } ?? constant(0, dimensions: 1)),
            ("o", byName["opacity"].map { property($0, dimensions: 1, scale: 100) } ?? constant(100, dimensions: 1)),
        ])
        var effects: [JSONValue] = []
        for track in tracks where !transformNames.contains(self.name(of: track)) {
            effects.append(.object([
                ("ty", .integer(5)), ("nm", .string(self.name(of: track))), ("np", .integer(3)), ("mn", .string("ADBE Slider Control")),
                ("ix", .integer(effects.count + 1)), ("en", .integer(1)),
                ("ef", .array([.object([("ty", .integer(0)), ("nm", .string("Slider")), ("mn", .string("ADBE Slider Control-0001")),
                                        ("ix", .integer(1)), ("v", property(track, dimensions: 1, scale: 1))])])),
            ]))
        }
        let lastFrame = max(1, (duration * fps - 1e-9 * max(1, duration * fps)).rounded(.up))
        var layer: [(String, JSONValue)] = [
            ("ddd", .integer(0)), ("ind", .integer(1)), ("ty", .integer(3)), ("nm", .string(name)), ("sr", .number(1)),
            ("ks", transform), ("ao", .integer(0)),
        ]
        if !effects.isEmpty { layer.append(("ef", .array(effects))) }
        layer += [("ip", .number(0)), ("op", .number(lastFrame)), ("st", .number(0)), ("bm", .integer(0))]
        let document = JSONValue.object([
            ("v", .string("5.7.0")), ("fr", .number(fps)), ("ip", .number(0)), ("op", .number(lastFrame)),
            ("w", .integer(512)), ("h", .integer(512)), ("nm", .string(name)), ("ddd", .integer(0)),
            ("assets", .array([])), ("layers", .array([.object(layer)])),
        ])
        let g = { (x: Double) in DecimalText.significant(x, digits: 3) }
        if byName["opacity"] != nil || byName["scale"] != nil {
            notes.append("opacity and scale are written in percent, as Lottie and After Effects take them: the timeline's 1 is 100")
        }
        if jumps > 0 {
            notes.append("\(jumps) move keyframe\(jumps == 1 ? " is" : "s are") written as two keyframes at the same frame: from that instant on players show the new value (SwiftUI still shows the old one at the instant itself)")
        }
        if baked > 0 {
            notes.append("\(baked) segment\(baked == 1 ? "" : "s") (springs, non-bezier curves) baked into linear keyframes within \(toleranceText); the largest error is \(g(maxError))")
        }
        if offFrame > 0 {
            notes.append("\(offFrame) keyframe time\(offFrame == 1 ? "" : "s") fall\(offFrame == 1 ? "s" : "") between frames at \(DecimalText.significant(fps, digits: 6)) fps: written as fractional frames, which Lottie allows and players interpolate exactly")
        }
        if !effects.isEmpty {
            let names = tracks.map { self.name(of: $0) }.filter { !transformNames.contains($0) }.joined(separator: ", ")
            notes.append((effects.count == 1 ? "\(names) is a Slider Control effect" : "\(names) are Slider Control effects") + ": link them with expressions; lottie-web does not update a null layer's sliders during playback")
        }
        return MotionExport(format: .lottie, text: document.serialized(pretty: true) + "\n", maxError: maxError, notes: notes)
    }
}
