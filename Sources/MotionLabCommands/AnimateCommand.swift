import ArgumentParser
import Foundation
import MotionLab

/// `motionlab animate SCENARIO.json`: what SwiftUI's animation engine shows, frame by frame, for
/// transactions on a value or a phase animator.
struct AnimateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "animate",
        abstract: "Run SwiftUI's animation engine on a scenario: transactions on a value, or a phase animator.",
        discussion: """
            The scenario JSON has "initialValue" (a number or an object of numbers) and either "transactions" \
            ([{"time", "value", "animation"}]) or "phaseAnimator" ({"phases", "animations", "triggers"}). An \
            animation is null (a jump), a name (default, linear, easeIn, easeOut, easeInOut, spring, interactiveSpring, \
            smooth, snappy, bouncy), an object such as {"type": "spring", "response": 0.4, "delay": 0.1}, or a SwiftUI \
            expression such as ".spring(response: 0.4, dampingFraction: 0.7).delay(0.1)". Frames are at k/fps; the \
            output lists the frames of the window with the value's analytic velocity (the derivative of what the \
            running animations cover; - when nothing runs), every completion and phase event, the duration (the last \
            removal, or inf), and beside SwiftUI's 1/300 s spring integration the exact spring. A phase's velocity \
            jump is the analytic velocity just after its transaction minus just before.
            """
    )

    @Argument(help: "Scenario JSON file (transactions on a value, or a phase animator), or - for standard input.") var file: String
    @Option(parsing: .unconditional, help: "Frames per second of the display clock, in (0, 1000] (default 60; 120 for ProMotion).")
    var fps: Double = 60
    @Option(parsing: .unconditional, help: "First time of the frames to print (default 0).") var from: Double?
    @Option(parsing: .unconditional, help: "Last time of the frames to print (default: the duration, when finite).") var to: Double?
    @Option(parsing: .unconditional, help: "Comma-separated times whose frames to print, instead of --from/--to.") var times: String?
    @Option(help: "What Animation.default is: ios17 (a spring, response 0.55, damping fraction 1), legacy (0.5, 0.825) or pre17 (easeInOut 0.35 s).")
    var defaultAnimation: DefaultAnimationVersion = .ios17
    @Flag(help: "Print JSON instead of a table.") var json = false

    func validate() throws {
        guard fps.isFinite, fps > 0, fps <= AnimationScenarioDocument.maximumFPS else {
            throw ValidationError("--fps must be in (0, \(DecimalText.shortest(AnimationScenarioDocument.maximumFPS))]; got \(fps)")
        }
        if times != nil && (from != nil || to != nil) {
            throw ValidationError("give either --times LIST or --from/--to, not both")
        }
        let latest = Self.latestWindowTime
        for (option, value) in [("--from", from), ("--to", to)] {
            if let value, !(value.isFinite && value >= 0 && value <= latest) {
                throw ValidationError("\(option) must be a time in [0, \(DecimalText.shortest(latest))] s; got \(value)")
            }
        }
        if let from, let to, to < from { throw ValidationError("--to must be ≥ --from; got --from \(from) --to \(to)") }
        if let times {
            for (index, t) in try Input.numberList(times, "--times").enumerated() where !(t >= 0 && t <= latest) {
                throw ValidationError("--times: item \(index + 1) must be a time in [0, \(DecimalText.shortest(latest))] s; got \(t)")
            }
        }
    }

    /// The latest frame a window may ask for: an hour of transactions and the 600 s the engine
    /// waits for everything to settle.
    static let latestWindowTime = AnimationScenarioDocument.maximumTime + 600

    func run() throws {
        let data = try InputFile.read(file)
        let document: AnimationScenarioDocument
        do {
            document = try AnimationScenarioDocument.decode(json: data, defaultAnimation: defaultAnimation)
        } catch {
            throw CommandFailure.data("\(InputFile.displayName(file)): \(error)")
        }
        let clock = FrameClock(fps: fps)
        let window: SampleWindow
        if let times {
            window = .times(try Input.numberList(times, "--times"))
        } else if let to {
            window = .range(from: from ?? 0, to: to)
        } else {
            let duration = document.run(clock: clock, window: .times([])).duration
            guard duration.isFinite else {
                throw ValidationError(AnimationScenarioDocument.unendingRun + ": give --to or --times")
            }
            window = .range(from: from ?? 0, to: max(duration, from ?? 0))
        }
        let run = document.run(clock: clock, window: window)
        if json {
            Output.json(run.json)
            return
        }
        print(Self.table(run, document: document))
    }

    /// The frames, then the events, the duration and the exact physics, for people.
    static func table(_ run: AnimationRun<AnimatableValue>, document: AnimationScenarioDocument) -> String {
        let names = document.initialValue.names
        let columns = names ?? ["value"]
        let header = ["time"] + columns + (names.map { $0.map { "velocity.\($0)" } } ?? ["velocity"])
        let rows = run.frames.map { frame -> [String] in
            [DecimalText.significant(frame.time, digits: 6)]
                + frame.value.components.map { DecimalText.significant($0, digits: 9) }
                + (frame.velocity?.components.map { DecimalText.significant($0, digits: 9) }
                    ?? Array(repeating: "-", count: columns.count))
        }
        var text = Output.table(header: header, rows: rows)
        if !run.events.isEmpty {
            text += "\n\n" + Output.table(header: ["time", "event", "transaction"], rows: run.events.map { event in
                [DecimalText.significant(event.time, digits: 6),
                 event.kind == .phase ? "phase \(event.phase ?? 0)" : event.kind.rawValue, "\(event.transaction)"]
            })
        }
        text += "\n\n" + Output.keyValues([("duration", run.duration.isFinite ? "\(DecimalText.significant(run.duration, digits: 6)) s" : "never ends")])
        if !run.springSegments.isEmpty {
            text += "\n\nSwiftUI's 1/300 s spring integration next to the exact spring:\n" + Output.table(
                header: ["transaction", "start", "end", "max |frame − exact|", "max |step − exact|", "exact settling (within 1 %)",
                         "removed (SwiftUI: at rest, within 1 %)"],
                rows: run.springSegments.map { segment in
                    ["\(segment.transaction)", DecimalText.significant(segment.startTime, digits: 6),
                     segment.endTime.map { DecimalText.significant($0, digits: 6) + " (\(segment.end.map { "\($0)" } ?? ""))" } ?? "-",
                     DecimalText.significant(segment.maximumFrameError, digits: 3),
                     DecimalText.significant(segment.maximumStepError, digits: 3),
                     segment.exactSettlingTime.map { DecimalText.significant($0, digits: 6) } ?? "-",
                     segment.removalTime.map { DecimalText.significant($0, digits: 6) } ?? "-"]
                })
        }
        for (index, cycle) in run.phaseCycles.enumerated() {
            text += "\n\nPhase cycle \(index + 1): from \(DecimalText.significant(cycle.startTime, digits: 6)) s, "
                + (cycle.duration.map { "lasting \(DecimalText.significant($0, digits: 6)) s" } ?? "unfinished")
                + (cycle.isInterrupted ? " (restarted by a trigger)" : "") + "\n"
                + Output.table(header: ["phase", "time", "value jump", "velocity jump"], rows: cycle.changes.map { change in
                    ["\(change.phase)", DecimalText.significant(change.time, digits: 6),
                     change.valueJump.description,
                     change.velocityJump.map(\.description) ?? "-"]
                })
        }
        return text
    }
}
