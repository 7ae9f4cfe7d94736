import MotionAnalysis
import MotionExports
import MotionNumerics
import MotionSprings

/// What a report says about a spring, besides the spring itself: how the user named it.
public struct SpringReportInput: Sendable {
    public var summary: SpringSummary
    /// A short name for the heading, e.g. `Spring.smooth` or `--platform android …`.
    public var name: String
    /// How the spring was given (`preset`, `duration-bounce`, `android`, …).
    public var parameterization: String
    /// SwiftUI code that makes this spring.
    public var swiftUICode: String
    /// What a reader should know (clamps, approximations).
    public var notes: [String]

    public init(summary: SpringSummary, name: String, parameterization: String, swiftUICode: String, notes: [String] = []) {
        self.summary = summary
        self.name = name
        self.parameterization = parameterization
        self.swiftUICode = swiftUICode
        self.notes = notes
    }
}

extension ReportSections {
    /// A spring: every parameterization, SwiftUI's settling estimate beside the exact settling
    /// time, every platform's equivalent, and plots of position (with the ε band and both
    /// settling times), of the settling in detail, and of velocity.
    public static func spring(_ input: SpringReportInput) -> ReportSection {
        let summary = input.summary
        let s = summary.spring
        let (target, v0, epsilon) = (summary.target, summary.initialVelocity, summary.epsilon)
        let exact = summary.exactSettlingTime, estimate = summary.settlingDuration
        var blocks: [ReportBlock] = []
        blocks.append(.paragraph(
            "\(s.regime == .underdamped || s.regime == .overdamped || s.regime == .undamped ? "An" : "A") \(s.regime.rawValue) spring given as \(input.parameterization), moving from 0 to \(DecimalText.significant(target))"
            + (v0 != 0 ? " with initial velocity \(DecimalText.significant(v0))" : " from rest")
            + "; settling band ±ε = ±\(DecimalText.significant(epsilon))."))
        blocks.append(.code(ReportCode(title: "SwiftUI", language: "swift", text: input.swiftUICode)))

        blocks.append(.heading("Parameterizations"))
        blocks.append(.keyValues([
            ReportKeyValue("duration (SwiftUI; = response)", s.duration, unit: "s"),
            ReportKeyValue("bounce", s.bounce),
            ReportKeyValue("response", s.response, unit: "s"),
            ReportKeyValue("damping ratio ζ", s.dampingRatio),
            ReportKeyValue("mass m", s.mass),
            ReportKeyValue("stiffness k (physical, m·ω0²)", s.physicalStiffness),
            ReportKeyValue("stiffness (SwiftUI getter)", s.stiffness),
            ReportKeyValue("damping c", s.damping),
            ReportKeyValue("natural frequency ω0", s.naturalFrequency, unit: "rad/s"),
            ReportKeyValue("decay rate λ", s.decayRate, unit: "1/s"),
            ReportKeyValue("signed frequency ω", s.signedFrequency, unit: "rad/s"),
            ReportKeyValue("regime", s.regime.rawValue),
        ]))

        blocks.append(.heading("Settling"))
        var settling: [ReportKeyValue] = [
            ReportKeyValue("settling: SwiftUI's estimate (settlingDuration)", estimate, unit: "s"),
            ReportKeyValue("settling: exact (last time |x − target| = ε)", exact, unit: "s"),
        ]
        if estimate.isFinite && exact.isFinite {
            let difference = estimate - exact
            let relative = exact > 0 ? " (\(difference >= 0 ? "+" : "")\(DecimalText.significant(100 * difference / exact, digits: 3)) %)" : ""
            settling.append(ReportKeyValue("estimate − exact", .text("\(difference >= 0 ? "+" : "")\(DecimalText.significant(difference)) s\(relative)")))
        }
        settling += [
            ReportKeyValue("peak", summary.peak.map { .text("\(DecimalText.significant($0.value)) at \(DecimalText.significant($0.time)) s") }
                           ?? .text("none (no overshoot)")),
            ReportKeyValue("overshoot", summary.overshootPercent.map { .number($0, unit: "%") } ?? .text("undefined (target 0)")),
            ReportKeyValue("ε-band crossings", summary.bandCrossings.map { .number(Double($0)) } ?? .text("infinitely many")),
        ]
        blocks.append(.keyValues(settling))

        blocks.append(.heading("Step metrics (2 % band)"))
        if target != 0 && target.isFinite {
            let m = StepAnalysis.metrics(of: s, target: target, initialVelocity: v0, threshold: 0.02)
            blocks.append(.keyValues(stepMetricsRows(m, timeOrigin: "the start")))
        } else {
            blocks.append(.note("Step metrics: not applicable: the motion's target is 0, so there is no step to measure them against"))
        }

        blocks += springPlots(summary)

        blocks.append(.heading("Other platforms"))
        blocks.append(.table(ReportTable(
            columns: ["platform", "parameters", "code"],
            rows: summary.platforms.map { p in
                [.text(p.title),
                 .text(p.parameters.map { "\($0.name) \(DecimalText.significant($0.value))" }.joined(separator: ", ")),
                 .code(p.code)]
            })))
        for p in summary.platforms { if let note = p.note { blocks.append(.note("\(p.title): \(note)")) } }
        for note in input.notes { blocks.append(.note(note)) }
        blocks += exportBlocks { format throws(ExportError) in
            try SpringExport(spring: s, from: 0, to: target, initialVelocity: v0, epsilon: epsilon).export(format)
        }

        let headline = exact.isFinite
            ? "\(s.regime.rawValue); settles in \(DecimalText.significant(exact, digits: 4)) s (exact) vs \(DecimalText.significant(estimate, digits: 4)) s (SwiftUI's estimate)"
            : "\(s.regime.rawValue); never settles"
        return ReportSection(kind: "spring", heading: "Spring: \(input.name)", summary: headline, blocks: blocks)
    }

    /// How long to plot a motion: past both settling times, or a few periods when it never settles.
    static func plotWindow(_ summary: SpringSummary) -> Double {
        let candidates = [summary.exactSettlingTime, summary.settlingDuration, summary.peak?.time ?? 0]
            .filter { $0.isFinite && $0 > 0 }
        if let longest = candidates.max() { return longest * 1.15 }
        let duration = summary.spring.duration
        return duration.isFinite && duration > 0 ? 3 * duration : 1
    }

    static func springPlots(_ summary: SpringSummary) -> [ReportBlock] {
        let s = summary.spring
        let (target, v0, epsilon) = (summary.target, summary.initialVelocity, summary.epsilon)
        let window = plotWindow(summary)
        let motion = SpringMotion(spring: s, target: target, initialVelocity: v0)
        let markers = [
            PlotMarker(axis: .x, value: summary.settlingDuration,
                       label: "SwiftUI's estimate \(DecimalText.significant(summary.settlingDuration, digits: 4)) s", color: .orange),
            PlotMarker(axis: .x, value: summary.exactSettlingTime,
                       label: "exact settling \(DecimalText.significant(summary.exactSettlingTime, digits: 4)) s", color: .green, dashed: false),
        ]
        let band = PlotBand(lower: target - epsilon, upper: target + epsilon, label: "target ± ε", color: .green)
        let position = Plot(
            title: "Position", xLabel: "time (s)", yLabel: "value",
            series: [PlotSeries(name: "x(t)", from: 0, to: window, count: 401, color: .blue) { t in
                target + motion.state(at: t).displacement
            }],
            markers: markers, bands: [band])
        // The same motion seen through a window of ±8ε around the target: the band is visible
        // and so is the difference between the two settling times.
        let detail = Plot(
            title: "Settling in detail: x(t) − target within ±8ε", xLabel: "time (s)", yLabel: "x − target",
            series: [PlotSeries(name: "x(t) − target", from: 0, to: window, count: 801, color: .blue) { t in
                motion.state(at: t).displacement
            }],
            markers: markers, bands: [PlotBand(lower: -epsilon, upper: epsilon, label: "±ε", color: .green)],
            yRange: (-8 * epsilon)...(8 * epsilon))
        let velocity = Plot(
            title: "Velocity", xLabel: "time (s)", yLabel: "velocity (value/s)",
            series: [PlotSeries(name: "v(t)", from: 0, to: window, count: 401, color: .vermillion) { t in
                motion.state(at: t).velocity
            }],
            markers: markers)
        return [.plot(position), .plot(detail), .plot(velocity)]
    }
}

/// The sections a report is made of, one kind of input each. Front ends read the inputs,
/// call these, and put the sections in a ``Report``.
public enum ReportSections {}
