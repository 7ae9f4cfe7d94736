import ArgumentParser
import Foundation
import MotionLab

/// `motionlab fit keyframes|spring|bezier CSV`: least-squares models of a recorded motion.
struct FitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fit",
        abstract: "Fit keyframes, a spring or a timing curve to a recorded motion (CSV).",
        subcommands: [Keyframes.self, SpringFit.self, Bezier.self]
    )

    /// What every fit writes: the accuracy of its CSS `linear()` easing, JSON or a summary, and
    /// the progress line.
    struct OutputOptions: ParsableArguments {
        @Option(parsing: .unconditional, help: "Max error of the CSS linear() easing, in output progress (default 0.005).")
        var cssTolerance: Double = 0.005
        @Flag(help: "Print JSON instead of a summary.") var json = false
        @OptionGroup var progress: ProgressOption

        func validate() throws {
            do { _ = try FitArguments.cssTolerance(cssTolerance) } catch { throw ValidationError("--\(error)") }
        }

        /// Prints the fit's warnings and, with `--json`, its document of `channel`; whether it
        /// printed the document (else the caller prints a summary).
        func printedDocument<Fit: ChannelFitDocument>(of fit: Fit, channel: RecordingChannel) -> Bool {
            for warning in fit.warnings { Output.warn(warning) }
            guard json else { return false }
            Output.json(fit.json(channel: channel, cssTolerance: cssTolerance))
            return true
        }
    }

    /// The recording options every fit shares.
    struct RecordingOptions: ParsableArguments, FitRecording {
        @Argument(help: "Recording CSV ('-' for standard input): a header whose first column is 'time' or 't' (or 'frame' with --fps), then one column per channel; or a tracker CSV (time,id,x,y).")
        var file: String
        @OptionGroup var channel: ChannelOptions
    }

    /// The recording options of the fits that read several channels.
    struct ChannelsRecordingOptions: ParsableArguments, FitRecording {
        @Argument(help: "Recording CSV ('-' for standard input): a header whose first column is 'time' or 't' (or 'frame' with --fps), then one column per channel; or a tracker CSV (time,id,x,y).")
        var file: String
        @OptionGroup var channels: MultiChannelOptions

        /// The options of one channel: `--column` (else the first), the clock, the dialect.
        var channel: ChannelOptions { channels.channel }

        /// The channels asked for, held in memory: at most `limit` rows.
        func readChannels(limit: Int = 1_000_000) throws -> MultiChannelRecording {
            try InputFile.channels(file, columns: try channels.names, clock: channel.clock, dialect: channel.dialect,
                                   maximumSamples: limit, video: channel.video)
        }
    }

    struct Keyframes: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Cubic keyframes (SwiftUI CubicKeyframe, automatic velocities) by banded least squares.",
            discussion: """
                With --columns LIST or --all-columns the channels are fitted together into one multi-track timeline \
                (one track per channel), with shared keyframe times unless --independent-times. With --times or \
                --keyframes N each track is its channel's least-squares optimum on the shared times; with \
                --tolerance E the fewest shared keyframes keep every channel's max error ≤ E, E read in each \
                channel's own units (fit channels of very different scales separately).
                """)

        @OptionGroup var recording: ChannelsRecordingOptions
        @Option(parsing: .unconditional, help: "Keyframe end times on the recording's clock, comma-separated.") var times: String?
        @Option(parsing: .unconditional, help: "Number of evenly spaced keyframes.") var keyframes: Int?
        @Option(parsing: .unconditional, help: "Find the fewest keyframes whose max error is ≤ this (in each channel's units).") var tolerance: Double?
        @Flag(help: "With several channels: choose each track's keyframe times on its own (default: shared times).")
        var independentTimes = false
        @OptionGroup var output: OutputOptions

        func validate() throws {
            let modes = [times != nil, keyframes != nil, tolerance != nil].filter { $0 }.count
            guard modes == 1 else { throw ValidationError("give exactly one of --times LIST, --keyframes N, --tolerance E") }
            do {
                if let keyframes { _ = try FitArguments.keyframeCount(keyframes) }
                if let tolerance { _ = try FitArguments.tolerance(tolerance) }
            } catch { throw ValidationError("--\(error)") }
            if independentTimes && !recording.channels.several {
                throw ValidationError("--independent-times chooses each channel's keyframe times: give --columns LIST or --all-columns")
            }
            if independentTimes && times != nil {
                throw ValidationError("--independent-times chooses each channel's keyframe times: give --keyframes N or --tolerance E, not --times (those are shared)")
            }
        }

        func run() throws {
            let mode: KeyframeFitting.Mode
            if let times { mode = .endTimes(try Input.numberList(times, "--times")) }
            else if let keyframes { mode = .count(keyframes) }
            else { mode = .tolerance(tolerance!) }
            if recording.channels.several {
                try runChannels(mode: mode)
                return
            }
            let options = recording.channel
            // Standard input, rows skipped as gaps (which the in-memory recording lists and the
            // command reports), or a video (tracked first): read into memory before the fit; a file
            // is fitted from disk, large ones in passes over it (the library's policy).
            let inMemory = recording.file == InputFile.standardInput || options.dialect.skipsInvalidRows || VideoFile.isVideo(recording.file)
            let data = inMemory ? try recording.read(limit: KeyframeFitting.sampleLimit(for: mode)) : nil
            if !inMemory { try InputFile.requireReadable(recording.file) }
            let (fit, count, channel, channels) = try ProgressLine.showing(output.progress.wanted, label: "fitting keyframes") { line in
                if let data {
                    let fit = try recording.fitting { () throws(FitError) in try KeyframeFitting.fit(data, mode: mode) { line.update(fraction: $0) } }
                    return (fit, data.count, data.channel, data.channels)
                }
                do {
                    return try KeyframeFitting.fit(path: recording.file, column: options.channel, clock: options.clock,
                                                   dialect: options.dialect, mode: mode) { line.update(fraction: $0) }
                } catch let error as FitError {
                    throw CommandFailure.data("\(InputFile.displayName(recording.file)): \(error)")
                } catch {
                    throw CommandFailure.data("\(error)")
                }
            }
            if !output.printedDocument(of: fit, channel: RecordingChannel(name: channel, channels: channels)) {
                print("Fitted \(fit.keyframes.count) cubic keyframes to \(count) samples of '\(channel)' (time 0 = \(DecimalText.significant(fit.startTime)) s)")
                if let note = InputFile.ignoredChannelsNote(RecordingChannel(name: channel, channels: channels)) {
                    print(note.dropLast() + ", or --columns LIST / --all-columns to fit several)")
                }
                print(Output.keyValues([
                    ("RMSE", DecimalText.significant(fit.quality.rmse)),
                    ("max error", "\(DecimalText.significant(fit.quality.maxError)) at \(DecimalText.significant(fit.quality.maxErrorTime)) s"),
                    ("R²", DecimalText.significant(fit.quality.r2, digits: 10)),
                ]))
                print("")
                print(fit.swiftUICode(property: channel.isEmpty ? "value" : channel))
                if let css = fit.cssLinear(tolerance: output.cssTolerance) {
                    print("")
                    print("CSS easing over \(DecimalText.significant(css.duration)) s: \(css.easing)")
                }
            }
        }

        /// Several channels: one multi-track timeline.
        private func runChannels(mode: KeyframeFitting.Mode) throws {
            let data = try recording.readChannels(limit: KeyframeFitting.sampleLimit(for: mode))
            let fit = try recording.fitting { () throws(FitError) in
                try KeyframeFitting.fit(data, mode: mode, independentTimes: independentTimes)
            }
            for warning in fit.warnings { Output.warn(warning) }
            if output.json {
                Output.json(fit.json(cssTolerance: output.cssTolerance))
                return
            }
            let names = fit.channelNames.map { "'\($0)'" }.joined(separator: ", ")
            let times = fit.endTimes.map { "\($0.count) shared keyframes" } ?? "keyframes on independent times"
            print("Fitted \(fit.channels.count) tracks (\(times)) to \(fit.quality.count) samples of \(names) (time 0 = \(DecimalText.significant(fit.startTime)) s)")
            print(Output.table(header: ["channel", "keyframes", "samples", "RMSE", "max error", "at (s)", "R²"], rows: zip(fit.channelNames, fit.channels).map { name, f in
                [name, "\(f.keyframes.count)", "\(f.quality.count)", DecimalText.significant(f.quality.rmse), DecimalText.significant(f.quality.maxError),
                 DecimalText.significant(f.quality.maxErrorTime), DecimalText.significant(f.quality.r2, digits: 10)]
            }))
            print(Output.keyValues([
                ("RMSE (all samples)", DecimalText.significant(fit.quality.rmse)),
                ("max error", "\(DecimalText.significant(fit.quality.maxError)) in '\(fit.maxErrorChannel)' at \(DecimalText.significant(fit.quality.maxErrorTime)) s"),
            ]))
            print("")
            print(fit.swiftUICode)
        }
    }

    struct SpringFit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "spring",
            abstract: "A spring step (start time, from, to, duration, bounce, initial velocity) by Levenberg–Marquardt.",
            discussion: """
                With --columns LIST or --all-columns each channel gets its spring, and the choreography is reported: \
                each channel's start, its offset from the earliest start, and when it settles (start + the exact \
                settling time of its fitted spring, within \(DecimalText.shortest(100 * SpringChoreography.epsilon)) % of its step).
                """)

        @OptionGroup var recording: ChannelsRecordingOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            if recording.channels.several {
                try runChannels()
                return
            }
            let data = try recording.read(limit: SpringFitting.sampleLimit)
            let fit = try ProgressLine.showing(output.progress.wanted, label: "fitting a spring") { line in
                try recording.fitting { () throws(FitError) in try SpringFitting.fit(data) { line.update(fraction: $0) } }
            }
            if !output.printedDocument(of: fit, channel: RecordingChannel(data)) {
                print("Fitted a spring to \(data.count) samples of '\(data.channel)'")
                if let note = InputFile.ignoredChannelsNote(RecordingChannel(data)) { print(note.dropLast() + ", or --columns LIST / --all-columns to fit several)") }
                print(Output.keyValues([
                    ("spring", fit.swiftUICode),
                    ("start", "\(DecimalText.significant(fit.startTime)) s, from \(DecimalText.significant(fit.from)) to \(DecimalText.significant(fit.to)), initial velocity \(DecimalText.significant(fit.initialVelocity))"),
                    ("RMSE", DecimalText.significant(fit.quality.rmse)),
                    ("max error", "\(DecimalText.significant(fit.quality.maxError)) at \(DecimalText.significant(fit.quality.maxErrorTime)) s"),
                    ("R²", DecimalText.significant(fit.quality.r2, digits: 10)),
                    ("poorly determined", fit.poorlyDetermined.isEmpty ? "none" : fit.poorlyDetermined.joined(separator: "; ")),
                    ("read as", "start: \(fit.startAssumption), end: \(fit.endAssumption), initial velocity \(fit.initialVelocityFitted ? "fitted" : "0 (at rest)")"),
                ]))
                if let css = fit.cssLinear(tolerance: output.cssTolerance) {
                    print("CSS easing over \(DecimalText.significant(css.duration)) s: \(css.easing)")
                }
            }
        }

        /// Several channels: a spring each, and the choreography.
        private func runChannels() throws {
            let data = try recording.readChannels(limit: SpringFitting.sampleLimit)
            let choreography = SpringChoreography(fitting: data)
            if let message = choreography.noChannelFitted {
                throw CommandFailure.data("\(InputFile.displayName(recording.file)): \(message)")
            }
            for warning in choreography.failureWarnings { Output.warn("\(InputFile.displayName(recording.file)): \(warning)") }
            for warning in choreography.fitWarnings { Output.warn(warning) }
            if output.json {
                Output.json(choreography.json(cssTolerance: output.cssTolerance))
                return
            }
            // A row for every channel read, in the recording's order: one that could not be fitted
            // says so, and why under the table, rather than leaving the table a channel short.
            let fitted = Dictionary(choreography.entries.map { ($0.channel, $0) }, uniquingKeysWith: { first, _ in first })
            let failed = Dictionary(choreography.failures.map { ($0.channel, $0.message) }, uniquingKeysWith: { first, _ in first })
            let names = data.channels.map(\.channel)
            print("Springs of \(Output.plural(names.count, "channel")), \(choreography.entries.count) fitted; settle times within \(DecimalText.shortest(100 * SpringChoreography.epsilon)) % of each step")
            print(Output.table(header: ["channel", "spring", "from → to", "start (s)", "offset (s)", "settles at (s)", "RMSE", "R²"], rows: names.map { name in
                guard let e = fitted[name] else {
                    return [name, "not fitted", "—", "—", "—", "—", "—", "—"]
                }
                return ["\(e.channel)", "Spring(duration: \(DecimalText.significant(e.fit.spring.duration, digits: 4)), bounce: \(DecimalText.significant(e.fit.spring.bounce, digits: 3)))",
                        "\(DecimalText.significant(e.fit.from, digits: 5)) → \(DecimalText.significant(e.fit.to, digits: 5))",
                        DecimalText.significant(e.startTime, digits: 4), DecimalText.significant(e.offset, digits: 4),
                        DecimalText.significant(e.settleTime, digits: 4), DecimalText.significant(e.fit.quality.rmse, digits: 4),
                        DecimalText.significant(e.fit.quality.r2, digits: 6)]
            }))
            for name in names where fitted[name] == nil { print("'\(name)' not fitted: \(failed[name] ?? "no result")") }
        }
    }

    struct Bezier: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "A cubic-bezier timing curve with its start time and duration, between the recording's plateaus.")

        @OptionGroup var recording: RecordingOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            let data = try recording.read()
            let fit = try ProgressLine.showing(output.progress.wanted, label: "fitting a timing curve") { line in
                try recording.fitting { () throws(FitError) in try BezierFitting.fit(data) { line.update(fraction: $0) } }
            }
            if !output.printedDocument(of: fit, channel: RecordingChannel(data)) {
                print("Fitted a timing curve to \(data.count) samples of '\(data.channel)'")
                if let note = InputFile.ignoredChannelsNote(RecordingChannel(data)) { print(note) }
                print(Output.keyValues([
                    ("CSS", "\(fit.css) over \(DecimalText.significant(fit.duration)) s from \(DecimalText.significant(fit.startTime)) s"),
                    ("SwiftUI", fit.swiftUICode),
                    ("values", "\(DecimalText.significant(fit.from)) → \(DecimalText.significant(fit.to))"),
                    ("RMSE", DecimalText.significant(fit.quality.rmse)),
                    ("max error", "\(DecimalText.significant(fit.quality.maxError)) at \(DecimalText.significant(fit.quality.maxErrorTime)) s"),
                    ("R²", DecimalText.significant(fit.quality.r2, digits: 10)),
                    ("read as", "start: \(fit.startAssumption), end: \(fit.endAssumption)"),
                ]))
            }
        }
    }
}

/// A fit's recording: the file and how to read its channel.
protocol FitRecording {
    /// The recording's path (`-` for standard input).
    var file: String { get }
    /// The channel to read (`--column`, else the first), its clock and dialect.
    var channel: ChannelOptions { get }
}

extension FitRecording {
    /// Runs a fit, turning its error into a message that names the file.
    func fitting<T>(_ body: () throws(FitError) -> T) throws -> T {
        do { return try body() } catch { throw CommandFailure.data("\(InputFile.displayName(file)): \(error)") }
    }

    /// One channel (`--column`, or the first), held in memory: at most `limit` samples.
    func read(limit: Int = 1_000_000) throws -> Recording {
        try InputFile.recording(file, column: channel.channel, clock: channel.clock, dialect: channel.dialect, maximumSamples: limit,
                                video: channel.video)
    }
}
