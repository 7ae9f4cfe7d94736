import ArgumentParser
import Foundation
import MotionLab

/// `motionlab keyframes eval|verify FILE`: SwiftUI keyframe timelines from timeline JSON.
struct KeyframesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keyframes",
        abstract: "Evaluate a keyframe timeline (SwiftUI KeyframeTimeline semantics) or verify its continuity.",
        subcommands: [Eval.self, Verify.self]
    )

    /// Reads and checks a timeline file — timeline JSON, a Lottie file, CSS `@keyframes` or Web
    /// Animations JSON imported, or a keyframe fit's document; every failure names the file.
    static func load(_ path: String) throws -> TimelineDocument {
        let data = try InputFile.read(path)
        do {
            return try MotionImport().anyTimeline(data, name: InputFile.displayName(path))
        } catch {
            throw CommandFailure.data(error.message)
        }
    }

    struct Eval: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Values of a timeline at given times or progress (JSON with --json, else CSV).")

        @Argument(help: "Timeline JSON file (the format: the Timeline JSON article of the MotionKeyframes docs), a Lottie, CSS @keyframes or Web Animations file, or the JSON of fit keyframes; - for standard input.") var file: String
        @OptionGroup var sampleTimes: SampleTimeOptions
        @Option(parsing: .unconditional, help: "Comma-separated progress values (fractions of the duration).") var progress: String?
        @Flag(help: "Print JSON instead of CSV.") var json = false

        func validate() throws {
            let grid = sampleTimes.gridOptions
            let forms = [sampleTimes.times != nil, sampleTimes.timesFile != nil, progress != nil, grid > 0].filter { $0 }.count
            guard forms == 1 else {
                throw ValidationError("give exactly one of --times LIST, --times-file FILE, --progress LIST, or --from/--to/--step")
            }
            if sampleTimes.timesFile == InputFile.standardInput && file == InputFile.standardInput {
                throw ValidationError("the timeline and --times-file cannot both be standard input (-)")
            }
            if grid > 0 && grid != 3 { throw ValidationError("a grid needs all three of --from, --to and --step") }
        }

        func run() throws {
            let timeline = try KeyframesCommand.load(file)
            let times: [Double]
            if let listed = try sampleTimes.listed() {
                times = listed
            } else if let progress {
                times = try Input.numberList(progress, "--progress").map { $0 * timeline.duration }
            } else {
                times = try sampleTimes.grid()!
            }
            let values = timeline.values(time: times)
            if json {
                Output.json(SamplesDocument.timeline(duration: timeline.duration, times: times, values: values))
            } else {
                let names = timeline.initialValue.propertyNames
                print((["time"] + (names.isEmpty ? ["value"] : names)).joined(separator: ","))
                for (t, v) in zip(times, values) {
                    let cells = v.components
                    print(([t] + cells).map(JSONValue.format).joined(separator: ","))
                }
            }
        }
    }

    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Continuity at every junction (jumps in value, velocity, acceleration) and the Catmull-Rom tangent rules.")

        @Argument(help: "Timeline JSON file (the format: the Timeline JSON article of the MotionKeyframes docs), a Lottie, CSS @keyframes or Web Animations file, or the JSON of fit keyframes; - for standard input.") var file: String
        @Option(parsing: .unconditional, help: "Relative size below which a jump counts as none (default 1e-9).")
        var tolerance: Double = 1e-9
        @Flag(help: "Print JSON instead of a table.") var json = false

        func run() throws {
            guard tolerance.isFinite, tolerance >= 0 else {
                throw ValidationError("--tolerance must be a finite number ≥ 0; got \(tolerance)")
            }
            let timeline = try KeyframesCommand.load(file)
            let report = ContinuityReport(timeline, relativeTolerance: tolerance)
            if json {
                Output.json(report.json(duration: timeline.duration))
            } else {
                print(ContinuityPresentation.text(report, duration: timeline.duration))
            }
        }
    }
}

/// The `verify` command's table.
enum ContinuityPresentation {
    static func text(_ report: ContinuityReport, duration: Double) -> String {
        var lines = ["Timeline: \(DecimalText.significant(duration)) s, continuity \(report.continuity), automatic tangents \(report.tangentsFollowRules ? "follow SwiftUI's rules" : "BREAK SwiftUI's rules")"]
        for track in report.tracks {
            lines.append("")
            lines.append("Track \(track.property ?? "(value)"): \(track.continuity)")
            lines.append(Output.table(
                header: ["junction", "time", "keyframes", "Δ value", "velocity before → after", "handed over", "Δ velocity",
                         "Δ acceleration", "class"],
                rows: track.junctions.map { j in
                    [j.boundary.rawValue, DecimalText.significant(j.time),
                     "\(j.keyframeBefore.map(String.init) ?? "start") → \(j.keyframeAfter.map(String.init) ?? "end")",
                     DecimalText.significant(j.valueJump),
                     "\(DecimalText.significant(j.velocityBefore)) → \(DecimalText.significant(j.velocityAfter))",
                     j.handedOverVelocity.map { DecimalText.significant($0) } ?? "",
                     DecimalText.significant(j.velocityJump), DecimalText.significant(j.accelerationJump),
                     j.continuity.description]
                }))
            for check in track.tangentChecks where !check.satisfied {
                lines.append("  keyframe \(check.keyframe) \(check.side) velocity \(DecimalText.significant(check.actualVelocity)) ≠ \(DecimalText.significant(check.expectedVelocity)) (\(check.rule))")
            }
        }
        return lines.joined(separator: "\n")
    }
}
