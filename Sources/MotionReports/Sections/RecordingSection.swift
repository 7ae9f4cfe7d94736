import Foundation
import MotionAnalysis
import MotionCurves
import MotionExports
import MotionFitting
import MotionIO
import MotionKeyframes
import MotionNumerics
import MotionSprings

extension ReportSections {
    /// A recorded motion: the data with every fit overlaid (keyframes, spring, timing curve),
    /// their residuals, the step metrics, and the code to paste for each fit. A fit that does
    /// not apply to the data is reported as "not applicable" with the reason.
    ///
    /// - Parameters:
    ///   - recording: the recorded channel.
    ///   - name: what to call it (usually the file name).
    ///   - keyframeTolerance: the keyframe fit's max error; default 1 % of the value range.
    ///   - progress: called with the fraction of the fits done, non-decreasing and ending at 1;
    ///     the fits run concurrently, so it may be called from several threads (never at once).
    ///   - player: also play the recording beside its best fit (``MotionPlayer``) under the plots.
    public static func recording(
        _ recording: Recording, name: String, keyframeTolerance: Double? = nil, progress: (@Sendable (Double) -> Void)? = nil,
        player: Bool = false
    ) -> ReportSection {
        let times = recording.times, values = recording.values
        let t0 = times.first ?? 0, t1 = times.last ?? 0
        let lo = values.min() ?? 0, hi = values.max() ?? 0
        var blocks: [ReportBlock] = []
        var facts = [
            ReportKeyValue("file", name),
            ReportKeyValue("channel", recording.channel),
        ]
        if recording.channels.count > 1 {
            facts.append(ReportKeyValue("channels in the file", recording.channels.joined(separator: ", ")))
        }
        facts += [
            ReportKeyValue("samples", Double(recording.count)),
            ReportKeyValue("time span", .text("\(DecimalText.significant(t0)) … \(DecimalText.significant(t1)) s")),
            ReportKeyValue("value range", .text("\(DecimalText.significant(lo)) … \(DecimalText.significant(hi))")),
        ]
        if recording.count > 1 {
            facts.append(ReportKeyValue("mean sample interval", (t1 - t0) / Double(recording.count - 1), unit: "s"))
        }
        blocks.append(.keyValues(facts))

        let fits = RecordingFits(recording, keyframeTolerance: keyframeTolerance, progress: progress)
        let metrics = Result { () throws(StepAnalysisError) in try StepAnalysis.metrics(of: recording) }
        blocks.append(.heading("Step metrics"))
        switch metrics {
        case .success(let m): blocks.append(.keyValues(stepMetricsRows(m, timeOrigin: "the onset")))
        case .failure(let error): blocks.append(.note("Step metrics: not applicable: \(error)"))
        }

        // Data with every applicable fit overlaid, then the residuals.
        let grid = (0..<721).map { t0 + (t1 - t0) * Double($0) / 720 }
        var overlay = [PlotSeries(name: "recording (\(recording.channel))", x: times, y: values, style: .points, color: .black)]
        var residuals: [PlotSeries] = []
        for fit in fits.applicable {
            overlay.append(PlotSeries(name: "\(fit.name) fit", x: grid, y: grid.map(fit.model), style: .dashed, color: fit.color))
            residuals.append(PlotSeries(name: fit.name, x: times, y: zip(times, values).map { $1 - fit.model($0) }, color: fit.color))
        }
        var bands: [PlotBand] = [], markers: [PlotMarker] = []
        if case .success(let m) = metrics {
            let half = m.threshold * abs(m.finalValue - m.initialValue)
            bands.append(PlotBand(lower: m.finalValue - half, upper: m.finalValue + half,
                                  label: "final value ± \(DecimalText.significant(100 * m.threshold)) %", color: .green))
            if m.settlingTime.isFinite {
                markers.append(PlotMarker(axis: .x, value: m.timeOrigin + m.settlingTime,
                                          label: "settled at \(DecimalText.significant(m.timeOrigin + m.settlingTime, digits: 4)) s", color: .green, dashed: false))
            }
        }
        // A long recording is plotted decimated: O(width) points that draw the same pixels.
        let decimate = PlotSeries.needsDecimation(count: recording.count)
        if decimate {
            overlay = overlay.map { $0.decimated() }
            residuals = residuals.map { $0.decimated() }
        }
        let decimation = "Plotted decimated: in each pixel column the first, last, smallest and largest of the \(recording.count) samples, joined by a line."
        blocks.append(.plot(Plot(title: "Recording and fits", xLabel: "time (s)", yLabel: recording.channel, series: overlay,
                                 markers: markers, bands: bands)))
        if decimate { blocks.append(.note(decimation)) }
        if !residuals.isEmpty {
            blocks.append(.plot(Plot(title: "Residuals (data − fit)", xLabel: "time (s)", yLabel: "residual", series: residuals,
                                     markers: [PlotMarker(axis: .y, value: 0, label: "zero", color: .gray, dashed: false)])))
            if decimate { blocks.append(.note(decimation)) }
        }
        let best = fits.applicable.min { $0.quality.rmse < $1.quality.rmse }
        if player, let best {
            blocks.append(.player(MotionPlayer(title: "\(recording.channel): recorded beside the \(best.name) fit", times: times,
                                               recorded: values, model: times.map(best.model), modelName: best.name)))
        }

        blocks.append(.heading("Fits"))
        blocks.append(.table(ReportTable(
            columns: ["model", "RMSE", "max error", "R²", "result"],
            rows: fits.all.map { fit in
                switch fit.outcome {
                case .success(let f):
                    return [.text(fit.name), .number(f.quality.rmse), .number(f.quality.maxError), .number(f.quality.r2, digits: 8), .text(f.summary)]
                case .failure(let error):
                    return [.text(fit.name), .empty, .empty, .empty, .text("not applicable: \(error)")]
                }
            })))
        for fit in fits.all {
            guard case .success(let f) = fit.outcome else { continue }
            blocks.append(.heading("\(fit.name.prefix(1).uppercased() + fit.name.dropFirst()) fit"))
            if !f.details.isEmpty { blocks.append(.keyValues(f.details)) }
            for note in f.notes { blocks.append(.note(note)) }
            for code in f.code { blocks.append(.code(code)) }
        }
        return ReportSection(
            kind: "recording", heading: "Recording: \(name)",
            summary: "\(recording.count) samples of \(recording.channel)"
                + (best.map { "; best fit \($0.name) (RMSE \(DecimalText.significant($0.quality.rmse, digits: 3)))" } ?? "; no model fits"),
            blocks: blocks)
    }

    /// A Swift identifier for a key path in pasted code: the channel's name when it is one, else `value`.
    static func swiftIdentifier(_ name: String) -> String {
        guard let first = name.unicodeScalars.first,
              first == "_" || ("a"..."z").contains(first) || ("A"..."Z").contains(first),
              name.unicodeScalars.allSatisfy({ $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) })
        else { return "value" }
        return name
    }
}

/// The three fits of a recording, each a model or the reason it does not apply.
struct RecordingFits {
    struct Fitted {
        var quality: FitQuality
        var summary: String
        var details: [ReportKeyValue]
        var notes: [String]
        var code: [ReportCode]
        var model: (Double) -> Double
    }

    struct Entry {
        var name: String
        var color: PlotColor
        var outcome: Result<Fitted, FitError>
    }

    var all: [Entry]

    /// The fits that apply, with what the plots need.
    var applicable: [(name: String, color: PlotColor, model: (Double) -> Double, quality: FitQuality)] {
        all.compactMap { entry in
            guard case .success(let f) = entry.outcome else { return nil }
            return (entry.name, entry.color, f.model, f.quality)
        }
    }

    /// The three fits, run concurrently; `progress` gets their weighted mean fraction.
    init(_ recording: Recording, keyframeTolerance: Double?, progress: (@Sendable (Double) -> Void)? = nil) {
        let slots = FitSlots(progress: progress)
        DispatchQueue.concurrentPerform(iterations: 3) { i in
            let report: (Double) -> Void = { slots.progress(i, $0) }
            let outcome: Result<Fitted, FitError>
            switch i {
            case 0: outcome = Result { () throws(FitError) in try Self.keyframes(recording, tolerance: keyframeTolerance, progress: report) }
            case 1: outcome = Result { () throws(FitError) in try Self.spring(recording, progress: report) }
            default: outcome = Result { () throws(FitError) in try Self.bezier(recording, progress: report) }
            }
            slots.set(i, outcome)
        }
        all = [
            Entry(name: "keyframes", color: .blue, outcome: slots.outcomes[0]!),
            Entry(name: "spring", color: .vermillion, outcome: slots.outcomes[1]!),
            Entry(name: "timing curve", color: .green, outcome: slots.outcomes[2]!),
        ]
    }

    /// The outcomes and fractions done of the fits running on several threads.
    private final class FitSlots: @unchecked Sendable {
        /// Each fit's share of the whole: the spring and keyframe fits take longest.
        static let weights = [0.4, 0.4, 0.2]
        private let lock = NSLock()
        private let callback: (@Sendable (Double) -> Void)?
        private var fractions = [0.0, 0.0, 0.0]
        private(set) var outcomes: [Result<Fitted, FitError>?] = [nil, nil, nil]

        init(progress: (@Sendable (Double) -> Void)?) { callback = progress }

        func progress(_ i: Int, _ fraction: Double) {
            guard let callback else { return }
            lock.lock()
            defer { lock.unlock() }
            fractions[i] = fraction
            callback(zip(Self.weights, fractions).reduce(0) { $0 + $1.0 * $1.1 })
        }

        func set(_ i: Int, _ outcome: Result<Fitted, FitError>) {
            lock.lock()
            defer { lock.unlock() }
            outcomes[i] = outcome
            fractions[i] = 1
            callback?(zip(Self.weights, fractions).reduce(0) { $0 + $1.0 * $1.1 })
        }
    }

    static func keyframes(_ recording: Recording, tolerance: Double?, progress: ((Double) -> Void)? = nil) throws(FitError) -> Fitted {
        let range = (recording.values.max() ?? 0) - (recording.values.min() ?? 0)
        let tolerance = tolerance ?? (range > 0 ? 0.01 * range : 1e-6)
        let fit = try KeyframeFitting.fit(recording, tolerance: tolerance, progress: progress)
        let path = fit.timeline.paths[0]
        let start = fit.startTime
        return Fitted(
            quality: fit.quality,
            summary: "\(fit.keyframes.count) cubic keyframes within max error \(DecimalText.significant(tolerance, digits: 3))",
            details: [
                ReportKeyValue("keyframes", Double(fit.keyframes.count)),
                ReportKeyValue("tolerance (max error)", tolerance),
                ReportKeyValue("time 0 of the timeline", start, unit: "s"),
                ReportKeyValue("initial value", fit.initialValue),
            ],
            notes: [],
            code: [
                ReportCode(title: "SwiftUI (KeyframeTrack; automatic velocities)", language: "swift",
                           text: fit.swiftUICode(property: ReportSections.swiftIdentifier(recording.channel))),
                ReportCode(title: "Timeline JSON (motionlab keyframes eval reproduces the fit)", language: "json",
                           text: fit.timeline.json.serialized(pretty: false)),
            ],
            model: { t in path.value(at: t - start) })
    }

    static func spring(_ recording: Recording, progress: ((Double) -> Void)? = nil) throws(FitError) -> Fitted {
        let fit = try SpringFitting.fit(recording, progress: progress)
        let s = fit.spring
        let span = fit.to - fit.from
        var code = [ReportCode(title: "SwiftUI", language: "swift", text: fit.swiftUICode)]
        var details = [
            ReportKeyValue("duration", s.duration, unit: "s"),
            ReportKeyValue("bounce", s.bounce),
            ReportKeyValue("damping ratio ζ", s.dampingRatio),
            ReportKeyValue("stiffness (physical)", s.physicalStiffness),
            ReportKeyValue("damping", s.damping),
            ReportKeyValue("start time", fit.startTime, unit: "s"),
            ReportKeyValue("from → to", .text("\(DecimalText.significant(fit.from)) → \(DecimalText.significant(fit.to))")),
            ReportKeyValue("initial velocity", fit.initialVelocity),
        ]
        if span != 0 {
            let v0 = fit.initialVelocity / span
            let settle = s.exactSettlingTime(target: 1, initialVelocity: v0, epsilon: 0.001)
            details.append(ReportKeyValue("exact settling (ε = 0.1 % of the step)", settle, unit: "s"))
            if let css = fit.cssLinear(tolerance: 0.005) {
                code.append(ReportCode(
                    title: "CSS (linear() easing over \(DecimalText.significant(css.duration, digits: 4)) s, max error \(DecimalText.significant(css.easing.maxError, digits: 2)) of the step)",
                    language: "css", text: css.declarations))
            }
        }
        return Fitted(
            quality: fit.quality,
            summary: "Spring(duration: \(DecimalText.significant(s.duration, digits: 4)), bounce: \(DecimalText.significant(s.bounce, digits: 3)))",
            details: details,
            notes: fit.poorlyDetermined.isEmpty ? [] : ["Poorly determined by the data: " + fit.poorlyDetermined.joined(separator: "; ")],
            code: code,
            model: { fit.value(at: $0) })
    }

    static func bezier(_ recording: Recording, progress: ((Double) -> Void)? = nil) throws(FitError) -> Fitted {
        let fit = try BezierFitting.fit(recording, progress: progress)
        return Fitted(
            quality: fit.quality,
            summary: "\(fit.css) over \(DecimalText.significant(fit.duration, digits: 4)) s",
            details: [
                ReportKeyValue("control points", .code(fit.controlPoints.map { DecimalText.significant($0, digits: 4) }.joined(separator: ", "))),
                ReportKeyValue("start time", fit.startTime, unit: "s"),
                ReportKeyValue("duration", fit.duration, unit: "s"),
                ReportKeyValue("from → to", .text("\(DecimalText.significant(fit.from)) → \(DecimalText.significant(fit.to))")),
            ],
            notes: [],
            code: [
                ReportCode(title: "SwiftUI", language: "swift", text: fit.swiftUICode),
                ReportCode(title: "CSS", language: "css",
                           text: "transition-duration: \(DecimalText.significant(fit.duration, digits: 4))s;\ntransition-timing-function: \(fit.css);"),
            ],
            model: { fit.value(at: $0) })
    }
}

extension ReportSections {
    /// Step metrics as key/value rows; times are measured from `timeOrigin`.
    static func stepMetricsRows(_ m: StepMetrics, timeOrigin: String) -> [ReportKeyValue] {
        let band = "\(DecimalText.significant(100 * m.threshold)) %"
        var rows = [
            ReportKeyValue("initial value → final value", .text("\(DecimalText.significant(m.initialValue)) → \(DecimalText.significant(m.finalValue))")),
            ReportKeyValue("settling time (\(band) band, from \(timeOrigin))", m.settlingTime, unit: "s"),
            ReportKeyValue("rise time (10 % → 90 %)", m.riseTime, unit: "s"),
            ReportKeyValue("peak excursion", .text(m.peakTime.isFinite
                ? "\(DecimalText.significant(m.peak)) (value \(DecimalText.significant(m.peakValue))) at \(DecimalText.significant(m.peakTime)) s"
                : "\(DecimalText.significant(m.peak)), approached without overshoot")),
            ReportKeyValue("overshoot", m.overshoot, unit: "%"),
            ReportKeyValue("undershoot", m.undershoot, unit: "%"),
        ]
        if m.method != .closedForm {
            rows.append(ReportKeyValue("onset (the motion leaves its rest value; from the first sample)", m.onsetTime, unit: "s"))
        }
        if m.timeOrigin != 0 { rows.append(ReportKeyValue("start of the step (recording clock)", m.timeOrigin, unit: "s")) }
        return rows
    }
}
