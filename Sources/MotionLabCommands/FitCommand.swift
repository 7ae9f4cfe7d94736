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

    /// The accuracy of the CSS `linear()` easing every fit writes.
    struct CSSOptions: ParsableArguments {
        @Option(parsing: .unconditional, help: "Max error of the CSS linear() easing, in output progress (default 0.005).")
        var cssTolerance: Double = 0.005

        func validate() throws {
            guard cssTolerance.isFinite, cssTolerance > 0, cssTolerance < 1 else {
                throw ValidationError("--css-tolerance must be in (0, 1); got \(cssTolerance)")
            }
        }
    }

    /// The recording options every fit shares.
    struct RecordingOptions: ParsableArguments {
        @Argument(help: "Recording CSV: a header whose first column is 'time' or 't', then one column per channel.")
        var file: String
        @OptionGroup var channel: ChannelOptions

        /// Runs a fit, turning its error into a message that names the file.
        func fitting<T>(_ body: () throws(FitError) -> T) throws -> T {
            do { return try body() } catch { throw CommandFailure.data("\(file): \(error)") }
        }

        /// The recording, held in memory: at most `limit` samples.
        func read(limit: Int = 1_000_000) throws -> Recording {
            try InputFile.recording(file, column: channel.channel, timeUnit: channel.timeUnit, maximumSamples: limit)
        }
    }

    struct Keyframes: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Cubic keyframes (SwiftUI CubicKeyframe, automatic velocities) by banded least squares.")

        @OptionGroup var recording: RecordingOptions
        @Option(parsing: .unconditional, help: "Keyframe end times on the recording's clock, comma-separated.") var times: String?
        @Option(parsing: .unconditional, help: "Number of evenly spaced keyframes.") var keyframes: Int?
        @Option(parsing: .unconditional, help: "Find the fewest keyframes whose max error is ≤ this.") var tolerance: Double?
        @OptionGroup var cssOptions: CSSOptions
        @Flag(help: "Print JSON instead of a summary.") var json = false

        func validate() throws {
            let modes = [times != nil, keyframes != nil, tolerance != nil].filter { $0 }.count
            guard modes == 1 else { throw ValidationError("give exactly one of --times LIST, --keyframes N, --tolerance E") }
            if let keyframes, keyframes < 1 || keyframes > 100_000 {
                throw ValidationError("--keyframes must be in 1…100000; got \(keyframes)")
            }
            if let tolerance, !(tolerance.isFinite && tolerance > 0) {
                throw ValidationError("--tolerance must be a finite number > 0; got \(tolerance)")
            }
        }

        func run() throws {
            let mode: KeyframeFitting.Mode
            if let times { mode = .endTimes(try Input.numberList(times, "--times")) }
            else if let keyframes { mode = .count(keyframes) }
            else { mode = .tolerance(tolerance!) }
            let (fit, count, channel): (KeyframeFit, Int, String)
            if recording.file == InputFile.standardInput {
                let data = try recording.read(limit: KeyframeFitting.sampleLimit(for: mode))
                fit = try recording.fitting { () throws(FitError) in try KeyframeFitting.fit(data, mode: mode) }
                (count, channel) = (data.count, data.channel)
            } else {
                // A file: large ones are fitted in passes over it (the library's policy).
                try InputFile.requireReadable(recording.file)
                do {
                    (fit, count, channel) = try KeyframeFitting.fit(path: recording.file, column: recording.channel.channel,
                                                                    timeUnit: recording.channel.timeUnit, mode: mode)
                } catch let error as FitError {
                    throw CommandFailure.data("\(recording.file): \(error)")
                } catch {
                    throw CommandFailure.data("\(error)")
                }
            }
            for warning in fit.warnings { Output.warn(warning) }
            if json {
                Output.json(fit.json(channel: channel, cssTolerance: cssOptions.cssTolerance))
            } else {
                print("Fitted \(fit.keyframes.count) cubic keyframes to \(count) samples of '\(channel)' (time 0 = \(DecimalText.significant(fit.startTime)) s)")
                print(Output.keyValues([
                    ("RMSE", DecimalText.significant(fit.quality.rmse)),
                    ("max error", "\(DecimalText.significant(fit.quality.maxError)) at \(DecimalText.significant(fit.quality.maxErrorTime)) s"),
                    ("R²", DecimalText.significant(fit.quality.r2, digits: 10)),
                ]))
                print("")
                print(fit.swiftUICode(property: channel.isEmpty ? "value" : channel))
                if let css = fit.cssLinear(tolerance: cssOptions.cssTolerance) {
                    print("")
                    print("CSS easing over \(DecimalText.significant(css.duration)) s: \(css.easing)")
                }
            }
        }
    }

    struct SpringFit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "spring",
            abstract: "A spring step (start time, from, to, duration, bounce, initial velocity) by Levenberg–Marquardt.")

        @OptionGroup var recording: RecordingOptions
        @OptionGroup var cssOptions: CSSOptions
        @Flag(help: "Print JSON instead of a summary.") var json = false

        func run() throws {
            let data = try recording.read()
            let fit = try recording.fitting { () throws(FitError) in try SpringFitting.fit(data) }
            for warning in fit.warnings { Output.warn(warning) }
            if json {
                Output.json(fit.json(cssTolerance: cssOptions.cssTolerance))
            } else {
                print("Fitted a spring to \(data.count) samples of '\(data.channel)'")
                print(Output.keyValues([
                    ("spring", fit.swiftUICode),
                    ("start", "\(DecimalText.significant(fit.startTime)) s, from \(DecimalText.significant(fit.from)) to \(DecimalText.significant(fit.to)), initial velocity \(DecimalText.significant(fit.initialVelocity))"),
                    ("RMSE", DecimalText.significant(fit.quality.rmse)),
                    ("max error", "\(DecimalText.significant(fit.quality.maxError)) at \(DecimalText.significant(fit.quality.maxErrorTime)) s"),
                    ("R²", DecimalText.significant(fit.quality.r2, digits: 10)),
                    ("poorly determined", fit.poorlyDetermined.isEmpty ? "none" : fit.poorlyDetermined.joined(separator: "; ")),
                    ("read as", "start: \(fit.startAssumption), end: \(fit.endAssumption), initial velocity \(fit.initialVelocityFitted ? "fitted" : "0 (at rest)")"),
                ]))
                if let css = fit.cssLinear(tolerance: cssOptions.cssTolerance) {
                    print("CSS easing over \(DecimalText.significant(css.duration)) s: \(css.easing)")
                }
            }
        }
    }

    struct Bezier: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "A cubic-bezier timing curve with its start time and duration, between the recording's plateaus.")

        @OptionGroup var recording: RecordingOptions
        @OptionGroup var cssOptions: CSSOptions
        @Flag(help: "Print JSON instead of a summary.") var json = false

        func run() throws {
            let data = try recording.read()
            let fit = try recording.fitting { () throws(FitError) in try BezierFitting.fit(data) }
            for warning in fit.warnings { Output.warn(warning) }
            if json {
                Output.json(fit.json(cssTolerance: cssOptions.cssTolerance))
            } else {
                print("Fitted a timing curve to \(data.count) samples of '\(data.channel)'")
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
