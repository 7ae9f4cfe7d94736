import MotionAnimations
import MotionNumerics

extension ReportSections {
    /// An animation scenario: the value SwiftUI's engine presents, frame by frame, with
    /// the transactions, completion events and phases marked; every event; each phase cycle; and
    /// SwiftUI's 1/300 s spring integration next to the exact spring.
    ///
    /// A run that ends is shown to its last removal; one that never ends (a `repeatForever`, a
    /// looping phase animator) for three seconds past its last transaction or trigger.
    public static func scenario(_ document: AnimationScenarioDocument, name: String, fps: Double = 60) -> ReportSection {
        let clock = FrameClock(fps: fps)
        let actionTimes: [Double]
        switch document {
        case .transactions(let scenario): actionTimes = scenario.transactions.map(\.time)
        case .phaseAnimator(let animator): actionTimes = animator.triggers ?? [0]
        }
        let duration = document.run(clock: clock, window: .times([])).duration
        let end = duration.isFinite ? max(duration, actionTimes.last ?? 0) : (actionTimes.last ?? 0) + 3
        let run = document.run(clock: clock, window: .range(from: 0, to: end))
        let names = document.initialValue.names ?? ["value"]
        var blocks: [ReportBlock] = []
        let isPhaseAnimator: Bool
        if case .phaseAnimator = document { isPhaseAnimator = true } else { isPhaseAnimator = false }
        blocks.append(.keyValues([
            ReportKeyValue("file", name),
            ReportKeyValue("kind", isPhaseAnimator ? "phase animator" : "transactions"),
            ReportKeyValue("initial value", document.initialValue.description),
            ReportKeyValue(isPhaseAnimator ? "triggers" : "transactions",
                           isPhaseAnimator && actionTimes == [0] ? "none (loops)" : "\(actionTimes.count)"),
            ReportKeyValue("frame rate", fps, unit: "fps"),
            ReportKeyValue("duration (last removal)", duration.isFinite ? DecimalText.significant(duration, digits: 6) + " s" : "never ends"),
        ]))

        // The presented value, per component, with what happened marked.
        var markers = actionTimes.enumerated().map { index, time in
            PlotMarker(axis: .x, value: time, label: isPhaseAnimator ? "trigger \(index)" : "T\(index)", color: .gray)
        }
        if isPhaseAnimator && actionTimes == [0] { markers = [] }
        for (component, label) in names.enumerated() {
            let times = run.frames.map(\.time), values = run.frames.map { $0.value.components[component] }
            func marks(_ kind: AnimationEvent.Kind) -> (x: [Double], y: [Double]) {
                var result: (x: [Double], y: [Double]) = ([], [])
                for event in run.events where event.kind == kind {
                    guard let frame = run.frames.firstIndex(where: { abs($0.time - event.time) < 1e-9 }) else { continue }
                    result.x.append(event.time)
                    result.y.append(values[frame])
                }
                return result
            }
            var series = [PlotSeries(name: "presented \(label)", x: times, y: values, color: .blue)]
            for (kind, color) in [(AnimationEvent.Kind.phase, PlotColor.green), (.logicallyComplete, .orange), (.removed, .vermillion)] {
                let m = marks(kind)
                if !m.x.isEmpty { series.append(PlotSeries(name: kind.rawValue, x: m.x, y: m.y, style: .marks, color: color)) }
            }
            blocks.append(.plot(Plot(title: names.count == 1 ? "Presented value" : "Presented \(label)",
                                     xLabel: "time (s)", yLabel: label, series: series, markers: markers)))
        }

        blocks.append(.heading("Events"))
        blocks.append(.table(ReportTable(columns: ["time", "event", "transaction"], rows: run.events.map { event in
            [.number(event.time, unit: "s"), .text(event.kind == .phase ? "phase \(event.phase ?? 0)" : event.kind.rawValue),
             .number(Double(event.transaction))]
        })))

        if !run.phaseCycles.isEmpty {
            blocks.append(.heading("Phase cycles"))
            blocks.append(.paragraph("Each phase begins on the frame on which the previous transition logically completes. The jumps are what the phase change does to the motion: zero in value for an animated phase, and in velocity what the new animation does not carry over."))
            var rows: [[ReportCell]] = []
            for (index, cycle) in run.phaseCycles.enumerated() {
                for change in cycle.changes {
                    rows.append([.number(Double(index + 1)), .number(cycle.startTime, unit: "s"),
                                 cycle.duration.map { .number($0, unit: "s") } ?? .text(cycle.isInterrupted ? "restarted" : "unfinished"),
                                 .number(Double(change.phase)), .number(change.time, unit: "s"),
                                 .text(change.valueJump.description), .text(change.velocityJump?.description ?? "–")])
                }
            }
            blocks.append(.table(ReportTable(columns: ["cycle", "start", "duration", "phase", "begins", "value jump", "velocity jump"], rows: rows)))
        }

        if !run.springSegments.isEmpty {
            blocks.append(.heading("SwiftUI's spring integration next to the exact spring"))
            blocks.append(.paragraph("SwiftUI integrates a fluid spring with velocity-Verlet steps of 1/300 s and removes it once its velocity and force are small; the exact spring is the closed form from the same start, velocity and target. Offsets are in the animator's coordinates (from the value the animator began at)."))
            blocks.append(.table(ReportTable(
                columns: ["transaction", "animation", "start", "end", "max |frame − exact|", "max |step − exact|", "exact settling (1 %)", "removed"],
                rows: run.springSegments.map { segment in
                    [.number(Double(segment.transaction)), .code(Animation(segment.animation).description),
                     .number(segment.startTime, unit: "s"),
                     segment.endTime.map { .number($0, unit: "s") } ?? .text("–"),
                     .number(segment.maximumFrameError), .number(segment.maximumStepError),
                     segment.exactSettlingTime.map { .number($0, unit: "s") } ?? .text("–"),
                     segment.removalTime.map { .number($0, unit: "s") } ?? .text(segment.end.map { "\($0)" } ?? "–")]
                })))
            for segment in run.springSegments where segment.samples.count > 1 {
                let start = segment.startTime, stop = segment.samples.last!.time
                let grid = (0...400).map { start + (stop - start) * Double($0) / 400 }
                blocks.append(.plot(Plot(
                    title: "Transaction \(segment.transaction): frames against the exact spring (\(names[0]))",
                    xLabel: "time (s)", yLabel: "offset",
                    series: [
                        PlotSeries(name: "exact spring", x: grid, y: grid.map { segment.exactOffset(at: $0)[0] }, color: .green),
                        PlotSeries(name: "SwiftUI frames", x: segment.samples.map(\.time),
                                   y: segment.samples.map { $0.offset.components.first ?? 0 }, style: .marks, color: .blue),
                    ])))
            }
        }
        let springs = run.springSegments.count
        return ReportSection(
            kind: "scenario", heading: "Animation: \(name)",
            summary: (duration.isFinite ? "\(DecimalText.significant(duration, digits: 4)) s" : "never ends")
                + ", \(run.events.count) events" + (springs > 0 ? ", \(springs) spring segment\(springs == 1 ? "" : "s")" : ""),
            blocks: blocks)
    }
}
