import MotionExports
import MotionKeyframes
import MotionNumerics

extension ReportSections {
    /// A keyframe timeline: its keyframes, a value plot per track with the keyframes marked,
    /// and the continuity analysis — every junction's jumps and the automatic-tangent checks.
    ///
    /// - Parameters:
    ///   - timeline: the timeline.
    ///   - name: what to call it (usually the file name).
    ///   - relativeTolerance: jumps up to this fraction of the quantities' size count as none.
    public static func timeline(_ timeline: TimelineDocument, name: String, relativeTolerance: Double = 1e-9) -> ReportSection {
        let report = ContinuityReport(timeline, relativeTolerance: relativeTolerance)
        let keyframeCount = timeline.tracks.map(\.keyframes.count).reduce(0, +)
        var blocks: [ReportBlock] = []
        blocks.append(.keyValues([
            ReportKeyValue("file", name),
            ReportKeyValue("initial value", describe(timeline.initialValue)),
            ReportKeyValue("duration", timeline.duration, unit: "s"),
            ReportKeyValue("tracks", Double(timeline.tracks.count)),
            ReportKeyValue("keyframes", Double(keyframeCount)),
            ReportKeyValue("continuity (weakest junction)", report.continuity.description),
            ReportKeyValue("automatic tangents", report.tangentsFollowRules ? "follow SwiftUI's rules" : "BREAK SwiftUI's rules"),
        ]))

        let end = timeline.duration > 0 ? timeline.duration * 1.04 : 1
        for (index, (track, path)) in zip(timeline.tracks, timeline.paths).enumerated() {
            let label = trackLabel(track.property, index: index, count: timeline.tracks.count)
            var marks = (x: [0.0], y: [path.initialValue])
            for segment in path.segments {
                marks.x.append(segment.endTime)
                marks.y.append(segment.endValue)
            }
            let grid = (0..<601).map { end * Double($0) / 600 }
            blocks.append(.plot(Plot(
                title: timeline.tracks.count == 1 && track.property == nil ? "Value" : "Value of \(label)", xLabel: "time (s)", yLabel: track.property ?? "value",
                series: [
                    PlotSeries(name: label, x: grid, y: path.values(atSorted: grid), color: .blue),
                    PlotSeries(name: "keyframe ends", x: marks.x, y: marks.y, style: .marks, color: .vermillion),
                ],
                markers: [PlotMarker(axis: .x, value: timeline.duration,
                                     label: "end \(DecimalText.significant(timeline.duration, digits: 4)) s", color: .gray)])))
        }

        blocks.append(.heading("Keyframes"))
        var keyframeRows: [[ReportCell]] = []
        for (index, (track, path)) in zip(timeline.tracks, timeline.paths).enumerated() {
            for (segment, keyframe) in zip(path.segments, track.keyframes) {
                keyframeRows.append([
                    .text(trackLabel(track.property, index: index, count: timeline.tracks.count)),
                    .number(Double(segment.index)), .text(keyframe.kind), .number(keyframe.to),
                    .number(segment.startTime, unit: "s"), .number(segment.duration, unit: "s"),
                    .number(segment.from), .number(segment.endValue),
                ])
            }
        }
        blocks.append(.table(ReportTable(
            columns: ["track", "#", "kind", "to", "start", "duration", "from", "ends at"], rows: keyframeRows)))

        blocks.append(.heading("Continuity"))
        blocks.append(.paragraph("At every junction: the jump (right minus left) in value (C0), velocity (C1) and acceleration (C2). The start and the end meet the value at rest."))
        var junctionRows: [[ReportCell]] = []
        for (index, track) in report.tracks.enumerated() {
            for j in track.junctions {
                junctionRows.append([
                    .text(trackLabel(track.property, index: index, count: report.tracks.count)),
                    .text(j.boundary.rawValue), .number(j.time, unit: "s"),
                    .text("\(j.keyframeBefore.map(String.init) ?? "start") → \(j.keyframeAfter.map(String.init) ?? "end")"),
                    .number(j.valueJump), .number(j.velocityJump), .number(j.accelerationJump),
                    .text(j.continuity.description),
                ])
            }
        }
        blocks.append(.table(ReportTable(
            columns: ["track", "junction", "time", "keyframes", "Δ value", "Δ velocity", "Δ acceleration", "class"],
            rows: junctionRows)))

        let checks = report.tracks.enumerated().flatMap { index, track in
            track.tangentChecks.map { (trackLabel(track.property, index: index, count: report.tracks.count), $0) }
        }
        if checks.isEmpty {
            blocks.append(.paragraph("No automatic cubic tangents to check."))
        } else {
            blocks.append(.table(ReportTable(
                caption: "Automatic cubic tangents against SwiftUI's rules",
                columns: ["track", "keyframe", "side", "rule", "expected velocity", "actual velocity", "follows"],
                rows: checks.map { label, c in
                    [.text(label), .number(Double(c.keyframe)), .text(c.side.rawValue), .text(c.rule),
                     .number(c.expectedVelocity), .number(c.actualVelocity), .text(c.satisfied ? "yes" : "NO")]
                })))
        }
        if let export = try? TimelineExport(timeline) {
            blocks += exportBlocks { format throws(ExportError) in try export.export(format) }
        }
        return ReportSection(
            kind: "timeline", heading: "Timeline: \(name)",
            summary: "\(DecimalText.significant(timeline.duration, digits: 4)) s, \(keyframeCount) keyframes, continuity \(report.continuity)",
            blocks: blocks)
    }

    static func describe(_ value: AnimatableValue) -> String {
        guard let list = value.pairs else { return DecimalText.significant(value[nil] ?? 0) }
        return "{" + list.map { "\($0.name): \(DecimalText.significant($0.value))" }.joined(separator: ", ") + "}"
    }

    static func trackLabel(_ property: String?, index: Int, count: Int) -> String {
        if let property { return "track \(index + 1) (\(property))" }
        return count == 1 ? "value" : "track \(index + 1) (value)"
    }
}
