import MotionNumerics

extension TimelineExport {
    /// Jetpack Compose: one `keyframes<Float> { durationMillis = …; v at ms using easing }` spec
    /// per track. Cubic keyframes and bezier curves are exact `CubicBezierEasing`s, approximated
    /// segments are baked into `LinearEasing` keyframes within the tolerance. Compose places
    /// keyframes at whole milliseconds: each time is rounded (kept strictly increasing, so a jump
    /// takes 1 ms), and ``MotionExport/maxError`` is the largest error that makes, measured.
    public func compose() throws(ExportError) -> MotionExport {
        guard playDuration * 1000 < Double(Int32.max) else {
            throw ExportError("the timeline lasts \(DecimalText.significant(duration, digits: 6)) s: Compose's durationMillis is an Int and cannot hold it")
        }
        let f = { (x: Double) in CSSText.number(x) + "f" }
        var text = "// Exported by MotionLab: \(tracks.count) track\(tracks.count == 1 ? "" : "s") over \(CSSText.seconds(duration)).\n"
            + "// Animate each Animatable to its last value with its spec: animatable.animateTo(target, animationSpec = spec).\n"
        var worst = maxError, shift = 0.0, overshoot = false
        for track in tracks {
            let keyframes = bakedKeyframes(of: track)
            var ms: [Int] = []
            for k in keyframes {
                let exact = k.offset * playDuration * 1000
                var m = Int(exact.rounded())
                if let last = ms.last, m <= last { m = last + 1 }
                shift = max(shift, abs(Double(m) - exact))
                ms.append(m)
            }
            let total = max(Int((playDuration * 1000).rounded()), ms.last ?? 0)
            text += "val \(SwiftText.identifier(name(of: track)))Spec = keyframes<Float> {\n    durationMillis = \(total)\n"
            for (k, m) in zip(keyframes, ms) {
                text += "    \(f(k.value)) at \(m)"
                switch k.easing {
                case let .cubicBezier(x1, y1, x2, y2)?:
                    text += " using CubicBezierEasing(\(f(x1)), \(f(y1)), \(f(x2)), \(f(y2)))"
                    overshoot = overshoot || y1 < 0 || y1 > 1 || y2 < 0 || y2 > 1
                case .some: text += " using LinearEasing"
                case nil: break
                }
                text += "\n"
            }
            text += "}\n"
            let placed = ms.map { Double($0) / 1000 }
            worst = max(worst, measuredError(of: track, times: placed, values: keyframes.map(\.value), easings: keyframes.map(\.easing),
                                             skipping: jumpZones(of: track, exact: keyframes.map { $0.offset * playDuration }, placed: placed)))
        }
        var notes = bakedNotes(for: .compose, jump: "Compose has no instantaneous jump between keyframes: each jump (moves at one time are one) takes 1 ms (keyframe times are whole milliseconds), and the value is within the stated error outside that and the rounding of the move's time")
        notes.append("Compose keyframe times are whole milliseconds: keyframes moved by up to \(DecimalText.significant(shift, digits: 3)) ms, an error of up to \(DecimalText.significant(worst, digits: 3)) in value")
        notes.append("Compose keeps values and easings as Float (about 7 significant digits)")
        if overshoot { notes.append("some Compose versions clamp CubicBezierEasing's output to [0, 1], which removes the overshoot of cubic keyframes") }
        return MotionExport(format: .compose, text: text, maxError: worst, notes: notes)
    }
}
