import MotionNumerics

extension TimelineExport {
    /// Android XML: an `<objectAnimator>` (res/animator) with one `<propertyValuesHolder>` of
    /// `<keyframe android:fraction android:value>` per track, then the `<pathInterpolator>`
    /// resources (res/interpolator) its keyframes reference, one after the other, each after a
    /// comment naming its file. On Android a keyframe's interpolator shapes the interval that
    /// *ends* at it. Cubic keyframes and bezier curves are exact; approximated segments are baked
    /// into straight-line keyframes within the tolerance; the duration is whole milliseconds.
    public func android(name: String = "motion") throws(ExportError) -> MotionExport {
        guard playDuration * 1000 < Double(Int32.max) else {
            throw ExportError("the timeline lasts \(DecimalText.significant(duration, digits: 6)) s: Android's duration is an int of milliseconds and cannot hold it")
        }
        let n = CSSText.number
        let id = Self.androidResourceName(name)
        let ms = max(1, Int((playDuration * 1000).rounded()))
        let scale = Double(ms) / 1000 / playDuration
        var interpolators: [(file: String, curve: (Double, Double, Double, Double))] = []
        var worst = maxError
        var text = "<!-- Exported by MotionLab: \(tracks.count) track\(tracks.count == 1 ? "" : "s") over \(CSSText.seconds(duration)). -->\n"
        text += "<!-- res/animator/\(id).xml -->\n"
        text += "<objectAnimator xmlns:android=\"http://schemas.android.com/apk/res/android\"\n"
        text += "    android:duration=\"\(ms)\"\n    android:interpolator=\"@android:anim/linear_interpolator\">\n"
        for track in tracks {
            let keyframes = bakedKeyframes(of: track)
            text += "    <propertyValuesHolder android:propertyName=\"\(Self.xmlEscaped(self.name(of: track)))\" android:valueType=\"floatType\">\n"
            for (i, k) in keyframes.enumerated() {
                text += "        <keyframe android:fraction=\"\(n(k.offset))\" android:value=\"\(n(k.value))\""
                if i > 0, case let .cubicBezier(x1, y1, x2, y2)? = keyframes[i - 1].easing {
                    let index = interpolators.firstIndex { $0.curve == (x1, y1, x2, y2) } ?? {
                        interpolators.append(("\(id)_\(interpolators.count + 1)", (x1, y1, x2, y2)))
                        return interpolators.count - 1
                    }()
                    text += " android:interpolator=\"@interpolator/\(interpolators[index].file)\""
                }
                text += " />\n"
            }
            text += "    </propertyValuesHolder>\n"
            let exact = keyframes.map { $0.offset * playDuration }, placed = exact.map { $0 * scale }
            worst = max(worst, measuredError(of: track, times: placed, values: keyframes.map(\.value), easings: keyframes.map(\.easing),
                                             skipping: jumpZones(of: track, exact: exact, placed: placed)))
        }
        text += "</objectAnimator>\n"
        for (file, curve) in interpolators {
            text += "<!-- res/interpolator/\(file).xml -->\n"
            text += "<pathInterpolator xmlns:android=\"http://schemas.android.com/apk/res/android\"\n"
            text += "    android:controlX1=\"\(n(curve.0))\" android:controlY1=\"\(n(curve.1))\"\n"
            text += "    android:controlX2=\"\(n(curve.2))\" android:controlY2=\"\(n(curve.3))\" />\n"
        }
        var notes = bakedNotes(for: .android, jump: sliverNote(.android))
        if scale != 1 {
            notes.append("Android durations are whole milliseconds: the animation plays in \(ms) ms instead of \(DecimalText.significant(playDuration * 1000, digits: 9)) ms, an error of up to \(DecimalText.significant(worst, digits: 3)) in value")
        }
        notes.append("Android keeps fractions, values and control points as float (about 7 significant digits), and PathInterpolator flattens each curve to about 0.002 of the progress")
        return MotionExport(format: .android, text: text, maxError: worst, notes: notes)
    }

    /// A resource file name: lower-case letters, digits and `_`, starting with a letter.
    static func androidResourceName(_ name: String) -> String {
        var result = String(name.lowercased().map { ($0.isASCII && ($0.isLetter || $0.isNumber)) ? $0 : "_" })
        if result.first.map({ !$0.isLetter }) ?? true { result = "m" + result }
        return result
    }

    /// Text for an XML attribute value.
    static func xmlEscaped(_ text: String) -> String {
        text.map { c -> String in
            switch c {
            case "&": "&amp;"
            case "\"": "&quot;"
            case "<": "&lt;"
            case ">": "&gt;"
            default: String(c)
            }
        }.joined()
    }
}
