import MotionNumerics

extension TimelineExport {
    /// Flutter: one `TweenSequence<double>` per track on one `AnimationController`, each item a
    /// `Tween` (chained with `CurveTween(curve: Cubic(…))` for cubic keyframes and bezier
    /// curves, exactly) or a `ConstantTween` for a hold, weighted by its duration in seconds.
    /// Approximated segments are baked into straight-line items within the tolerance. Flutter's
    /// `Duration` is whole microseconds, and `Cubic` solves its curve to 0.001 of the time.
    public func flutter() throws(ExportError) -> MotionExport {
        guard playDuration * 1e6 < 9e15 else {
            throw ExportError("the timeline lasts \(DecimalText.significant(duration, digits: 6)) s: too long for a Flutter Duration")
        }
        let n = CSSText.number
        let us = max(1, Int((playDuration * 1e6).rounded()))
        let scale = Double(us) / 1e6 / playDuration
        var worst = maxError
        var text = "// Exported by MotionLab: \(tracks.count) track\(tracks.count == 1 ? "" : "s") over \(CSSText.seconds(duration)).\n"
        text += "// In a State with a TickerProvider; each Animation<double> below follows the controller.\n"
        text += "late final controller = AnimationController(vsync: this, duration: const Duration(microseconds: \(us)));\n"
        for track in tracks {
            let id = SwiftText.identifier(name(of: track))
            let keyframes = bakedKeyframes(of: track)
            guard keyframes.count > 1 else {
                text += "late final Animation<double> \(id) = ConstantTween<double>(\(n(track.initialValue))).animate(controller);\n"
                continue
            }
            text += "late final Animation<double> \(id) = TweenSequence<double>([\n"
            for (k, next) in zip(keyframes, keyframes.dropFirst()) {
                let weight = (next.offset - k.offset) * playDuration
                guard weight > 0 else { continue }
                let tween: String
                switch k.easing {
                case .hold?: tween = "ConstantTween<double>(\(n(k.value)))"
                case let .cubicBezier(x1, y1, x2, y2)?:
                    tween = "Tween<double>(begin: \(n(k.value)), end: \(n(next.value))).chain(CurveTween(curve: Cubic(\(n(x1)), \(n(y1)), \(n(x2)), \(n(y2)))))"
                default: tween = "Tween<double>(begin: \(n(k.value)), end: \(n(next.value)))"
                }
                text += "  TweenSequenceItem(tween: \(tween), weight: \(CSSText.rounded(weight))),\n"
            }
            text += "]).animate(controller);\n"
            if scale != 1 {
                let exact = keyframes.map { $0.offset * playDuration }, placed = exact.map { $0 * scale }
                worst = max(worst, measuredError(of: track, times: placed, values: keyframes.map(\.value), easings: keyframes.map(\.easing),
                                                 skipping: jumpZones(of: track, exact: exact, placed: placed)))
            }
        }
        var notes = bakedNotes(for: .flutter, jump: sliverNote(.flutter))
        if scale != 1 {
            notes.append("Flutter durations are whole microseconds: the animation plays in \(us) µs, an error of up to \(DecimalText.significant(worst, digits: 3)) in value")
        }
        if tracks.contains(where: { $0.segments.contains { if case .cubicBezier = $0.easing { true } else { false } } }) {
            notes.append("Flutter's Cubic solves its curve only to 0.001 of the time, so cubic items differ from the exact motion by up to about 1e-3 of their step")
        }
        return MotionExport(format: .flutter, text: text, maxError: worst, notes: notes)
    }
}
