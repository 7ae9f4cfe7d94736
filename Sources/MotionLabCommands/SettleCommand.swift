import ArgumentParser
import Foundation
import MotionLab

/// `motionlab settle CSV | <spring options>`: step-response metrics (settling time, rise time,
/// peak, overshoot, undershoot) of a recorded step, computed between the frames on a
/// shape-preserving interpolant of the samples (or of a noise-free estimate of them), or of a
/// spring's motion in closed form.
struct SettleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settle",
        abstract: "Settling time, rise time, peak, overshoot and undershoot of a recorded step or a spring.",
        discussion: """
            Definitions are python-control's step_info (MATLAB stepinfo) taken relative to the step from the \
            initial value to the final value: settling = last time outside the band ±threshold·|final − initial| \
            around the final value; rise = 10 % → 90 % of the step; peak = largest |y − initial|; overshoot and \
            undershoot in % of the step. For a recording, times are measured from the onset, where the motion leaves \
            the value it rests at from the first sample (found between frames, above the noise; reported as onsetTime, \
            seconds after the first sample), or from the first sample with --onset first-sample (python-control's \
            convention for a step at t = 0). The final value is the last sample when the last 5 % of the samples \
            approach it monotonically, else their median. Crossings are found between frames on a shape-preserving \
            cubic through the samples — through a noise-free estimate of them when they are noisy or rounded to a \
            grid such as whole pixels — and a peak between two frames from the samples around it. A step smaller than \
            3 standard deviations of the samples' noise is no step (an error). For a spring (give \
            spring options instead of a file) the motion from 0 to --target is measured in closed form.
            """
    )

    @Argument(help: "Recording CSV ('-' for standard input): a header whose first column is 'time' or 't' (or 'frame' with --fps), then one column per channel; or a tracker CSV (time,id,x,y). Omit it to measure a spring given by spring options.")
    var file: String?
    @OptionGroup var channels: MultiChannelOptions
    private var channel: ChannelOptions { channels.channel }
    @Option(parsing: .unconditional, help: "Settling band half-width as a fraction of the step in (0, 1) (default 0.02), or a percentage with a % sign such as 2%.")
    var threshold: String?
    @Option(help: ArgumentHelp("What a recording's times are measured from: detected (the onset, where the motion leaves its rest value; default) or first-sample.", valueName: "detected|first-sample"))
    var onset: String?
    @OptionGroup(title: "Spring (instead of a CSV file)") var spring: SpringOptions
    @Flag(help: "Print JSON instead of a table.") var json = false

    /// The threshold as a fraction: `0.02` and `2%` both mean a 2 % band.
    static func parseThreshold(_ text: String?) throws -> Double {
        guard let text else { return 0.02 }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let isPercent = trimmed.hasSuffix("%")
        let number = isPercent ? String(trimmed.dropLast()).trimmingCharacters(in: .whitespaces) : trimmed
        guard let value = Double(number) else {
            throw ValidationError("--threshold must be a fraction in (0, 1) such as 0.02, or a percentage in (0, 100) such as 2%; got '\(text)'")
        }
        if isPercent {
            guard value.isFinite, value > 0, value < 100 else {
                throw ValidationError("--threshold as a percentage must be in (0 %, 100 %); got \(text)")
            }
            return value / 100
        }
        do {
            return try StepAnalysis.checkedThreshold(value)
        } catch {
            // A percentage written without its sign: say how to write it.
            guard value.isFinite, value >= 1, value < 100 else { throw ValidationError("--\(error)") }
            throw ValidationError("--threshold must be a fraction in (0, 1) such as 0.02 for a 2 % band (for a \(number) % band write \(number)% or \(value / 100)); got \(number)")
        }
    }

    /// The time reference named by `--onset`.
    static func parseOnset(_ text: String?) throws -> StepAnalysis.Onset {
        guard let text else { return .detected }
        guard let onset = StepAnalysis.Onset(rawValue: text) else {
            throw ValidationError("--onset must be detected or first-sample; got '\(text)'")
        }
        return onset
    }

    /// The spring options given, by their command-line spelling.
    private var springOptionsGiven: [String] { spring.givenWithMotion }

    func validate() throws {
        _ = try Self.parseThreshold(threshold)
        _ = try Self.parseOnset(onset)
        if file == nil && onset != nil {
            throw ValidationError("--onset says what a recording's times are measured from: give the recording CSV (a spring's step starts at t = 0)")
        }
        if file != nil, let option = springOptionsGiven.first {
            throw ValidationError("give either a recording CSV or spring options, not both; \(option) names a spring")
        }
        if file == nil && !channel.column.isEmpty {
            throw ValidationError("--column needs a recording CSV file")
        }
        if file == nil, let option = channel.dialectOptions.given.first {
            throw ValidationError("\(option) says how a recording CSV is written: give the file")
        }
        if file == nil && channels.several {
            throw ValidationError("--columns and --all-columns need a recording CSV file")
        }
        if spring.epsilon != nil {
            throw ValidationError("settle measures its band with --threshold (a fraction of the step), not --epsilon")
        }
    }

    func run() throws {
        let threshold = try Self.parseThreshold(self.threshold)
        let onset = try Self.parseOnset(self.onset)
        if let file, channels.several {
            let recording = try InputFile.channels(file, columns: try channels.names, clock: channel.clock, dialect: channel.dialect,
                                                   video: channel.video)
            let measured = MultiChannelStepMetrics(of: recording, threshold: threshold, onset: onset)
            if let message = measured.noChannelMeasured {
                throw CommandFailure.data("\(InputFile.displayName(file)): \(message)")
            }
            for failure in measured.failures { Output.warn("\(InputFile.displayName(file)): channel \(failure)") }
            if json {
                Output.json(measured.json)
            } else {
                emitTable(measured, file: file)
            }
        } else if let file {
            let recording = try InputFile.recording(file, column: channel.channel, clock: channel.clock, dialect: channel.dialect,
                                                    video: channel.video)
            let metrics: StepMetrics
            do {
                metrics = try StepAnalysis.metrics(of: recording, threshold: threshold, onset: onset)
            } catch {
                throw CommandFailure.data("\(InputFile.displayName(file)): \(error)")
            }
            var title = "Step of '\(recording.channel)' in \(InputFile.displayName(file)): \(recording.count) samples from t = \(DecimalText.significant(metrics.startTime)) s"
            if let note = InputFile.ignoredChannelsNote(RecordingChannel(recording)) { title += "\n" + note.dropLast() + ", or --columns LIST / --all-columns to measure several)" }
            emit(metrics, document: metrics.json(recording: recording, file: file), title: title)
        } else {
            guard !springOptionsGiven.isEmpty else {
                throw ValidationError("give a recording CSV file, or a spring with spring options (e.g. --duration 0.5 --bounce 0.3); see --help")
            }
            let resolved = try spring.resolve()
            guard resolved.target != 0 else {
                throw ValidationError("--target must be a finite number ≠ 0 (settle measures the step from 0 to the target); got 0")
            }
            let metrics = StepAnalysis.metrics(of: resolved.spring, target: resolved.target,
                                               initialVelocity: resolved.initialVelocity, threshold: threshold)
            let title = "Step of \(resolved.swiftUICode) from 0 to \(DecimalText.significant(resolved.target))"
                + (resolved.initialVelocity != 0 ? " with initial velocity \(DecimalText.significant(resolved.initialVelocity))" : "")
                + " (closed form)"
            emit(metrics, document: metrics.json(spring: resolved.spring, target: resolved.target,
                                                 initialVelocity: resolved.initialVelocity, swiftUICode: resolved.swiftUICode), title: title)
        }
    }

    private func emit(_ m: StepMetrics, document: @autoclosure () -> JSONValue, title: String) {
        if json {
            Output.json(document())
            return
        }
        let band = DecimalText.significant(m.threshold * 100, digits: 4)
        let settling = m.settlingTime.isFinite
            ? "\(DecimalText.significant(m.settlingTime)) s"
            : "not settled (still outside the ±\(band) % band at the end)"
        let peakTime = m.peakTime.isFinite ? "at \(DecimalText.significant(m.peakTime)) s" : "approached as t → ∞ (no overshoot)"
        var rows = [
            ("initial value", DecimalText.significant(m.initialValue, digits: 10)),
            ("final value", DecimalText.significant(m.finalValue, digits: 10)),
            ("settling time (last entry into ±\(band) % of the step)", settling),
            ("rise time (10–90 %)", "\(DecimalText.significant(m.riseTime)) s (\(DecimalText.significant(m.riseStart)) s → \(DecimalText.significant(m.riseEnd)) s)"),
            ("peak", "\(DecimalText.significant(m.peakValue, digits: 8)) \(peakTime) (excursion \(DecimalText.significant(m.peak, digits: 8)))"),
            ("overshoot", "\(DecimalText.significant(m.overshoot, digits: 5)) %"),
            ("undershoot", "\(DecimalText.significant(m.undershoot, digits: 5)) %"),
            ("measured on", Self.methodDescription(m)),
        ]
        if m.method != .closedForm {
            let onset = "\(DecimalText.significant(m.onsetTime)) s after the first sample"
                + (m.onset == .detected ? " (times are measured from it)" : " (times are measured from the first sample)")
            rows.insert(("onset (the motion leaves its rest value)", onset), at: 2)
        }
        print(title)
        print(Output.keyValues(rows))
    }

    /// Several channels' metrics as a table, one row per channel.
    private func emitTable(_ measured: MultiChannelStepMetrics, file: String) {
        let band = DecimalText.significant((try? Self.parseThreshold(threshold)).map { $0 * 100 } ?? 2, digits: 4)
        let origin = (try? Self.parseOnset(onset)) == .firstSample ? "the first sample" : "its onset"
        print("Steps of \(measured.entries.count) channels in \(InputFile.displayName(file)) (settling within ±\(band) % of each channel's step; times from \(origin))")
        print(Output.table(header: ["channel", "samples", "initial", "final", "onset (s)", "settling ±\(band) % (s)", "rise 10–90 % (s)", "overshoot %", "undershoot %"],
                           rows: measured.entries.map { entry in
            switch entry.metrics {
            case .success(let m):
                return [entry.channel, "\(entry.samples)", DecimalText.significant(m.initialValue, digits: 6), DecimalText.significant(m.finalValue, digits: 6),
                        DecimalText.significant(m.onsetTime, digits: 4),
                        m.settlingTime.isFinite ? DecimalText.significant(m.settlingTime, digits: 4) : "not settled",
                        DecimalText.significant(m.riseTime, digits: 4), DecimalText.significant(m.overshoot, digits: 4),
                        DecimalText.significant(m.undershoot, digits: 4)]
            case .failure:
                return [entry.channel, "\(entry.samples)", "—", "—", "—", "not measured", "—", "—", "—"]
            }
        }))
        // Why a channel was not measured, under the table, as fit spring --all-columns does.
        for entry in measured.entries {
            if case .failure(let error) = entry.metrics { print("'\(entry.channel)' not measured: \(error)") }
        }
    }

    /// How the curve was measured, for people.
    static func methodDescription(_ m: StepMetrics) -> String {
        switch m.method {
        case .closedForm: "the closed form"
        case .interpolated: "a shape-preserving cubic (PCHIP) through the samples (noise below 1e-9 of the step)"
        case .smoothed: "a smoothing of the samples (noise σ ≈ \(DecimalText.significant(m.noise, digits: 3)), \(DecimalText.significant(m.degreesOfFreedom, digits: 3)) degrees of freedom), then PCHIP"
        }
    }
}
