import ArgumentParser
import MotionLab

/// `motionlab spring`: describe a spring (the default) or sample its motion.
struct SpringCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spring",
        abstract: "Describe a spring in every parameterization and platform, or sample its motion.",
        subcommands: [Describe.self, Sample.self],
        defaultSubcommand: Describe.self
    )

    struct Describe: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Every parameterization, platform equivalent and settling figure of a spring.")

        @OptionGroup var options: SpringOptions
        @Flag(help: "Print JSON instead of a table.") var json = false

        func run() throws {
            let resolved = try options.resolve()
            let report = SpringReport(resolved)
            if json {
                Output.json(report.json)
            } else {
                print(report.text)
            }
        }
    }

    struct Sample: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Values and velocities of the motion from 0 towards --target (CSV, or JSON with --json).",
            discussion: "The motion starts at time 0: earlier times give its start, 0 at rest.")

        @OptionGroup var options: SpringOptions
        @OptionGroup var sampleTimes: SampleTimeOptions
        @Flag(help: "Print JSON instead of CSV.") var json = false

        func validate() throws {
            guard options.target != nil else {
                throw ValidationError("spring sample needs --target (the value the motion from 0 moves to)")
            }
            let (times, timesFile, grid) = (sampleTimes.times, sampleTimes.timesFile, sampleTimes.gridOptions)
            if times != nil && timesFile != nil {
                throw ValidationError("give either --times LIST or --times-file FILE, not both")
            }
            if (times != nil || timesFile != nil) && grid > 0 {
                throw ValidationError("give either \(times != nil ? "--times" : "--times-file") or --from/--to/--step, not both")
            }
            if times == nil && timesFile == nil && grid != 3 {
                throw ValidationError("give --times LIST, --times-file FILE, or all three of --from, --to and --step")
            }
        }

        func run() throws {
            let resolved = try options.resolve()
            let spring = resolved.spring
            let (target, v0) = (resolved.target, resolved.initialVelocity)
            var rows: [(Double, Double, Double)] = []
            if let listed = try sampleTimes.listed() {
                for t in listed {
                    let s = SpringMotion(spring: spring, target: target, initialVelocity: v0).state(at: t)
                    rows.append((t, target + s.displacement, s.velocity))
                }
            } else if let grid = try sampleTimes.grid(), let from = sampleTimes.from, let step = sampleTimes.step {
                let samples = spring.uniformSamples(target: target, initialVelocity: v0, start: from, step: step, count: grid.count)
                rows = (0..<grid.count).map { (grid[$0], samples.values[$0], samples.velocities[$0]) }
            }
            // Before it starts the motion is at its start, at rest (the closed form run backwards is not the motion).
            rows = rows.map { $0.0 < 0 ? ($0.0, 0, 0) : $0 }
            if let bad = rows.first(where: { !$0.1.isFinite || !$0.2.isFinite }) {
                throw CommandFailure.data("at time \(DecimalText.shortest(bad.0)) the motion is not representable (value \(bad.1), velocity \(bad.2)); sample times where |ω·t| stays below 1e300")
            }
            if json {
                Output.json(SamplesDocument.spring(spring, target: target, initialVelocity: v0,
                                                   samples: rows.map { (time: $0.0, value: $0.1, velocity: $0.2) }))
            } else {
                print("time,value,velocity")
                for row in rows {
                    print("\(JSONValue.format(row.0)),\(JSONValue.format(row.1)),\(JSONValue.format(row.2))")
                }
            }
        }
    }
}
