import Foundation
import MotionKeyframes
import MotionReports
import MotionSprings
import Testing

/// Fixed, deterministic inputs shared by the report tests.
enum Fixtures {
    /// A small scalar timeline: an eased linear, an automatic cubic, a spring.
    static let timelineJSON = """
        {"initialValue": 0, "keyframes": [
          {"type": "linear", "to": 1, "duration": 0.25, "curve": "easeOut"},
          {"type": "cubic", "to": 0.5, "duration": 0.25},
          {"type": "spring", "to": 1, "duration": 0.5, "spring": {"duration": 0.4, "bounce": 0.2}}]}
        """

    static func springSection() -> ReportSection {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        return ReportSections.spring(SpringReportInput(
            summary: SpringSummary(spring: spring), name: "Spring(duration: 0.5, bounce: 0.3)",
            parameterization: "duration-bounce", swiftUICode: "Spring(duration: 0.5, bounce: 0.3)"))
    }

    static func timelineSection() throws -> ReportSection {
        ReportSections.timeline(try TimelineDocument.decode(json: Data(timelineJSON.utf8)), name: "small-timeline.json")
    }

    /// The golden files' report: a spring and a small timeline.
    static func goldenReport() throws -> Report {
        Report.assemble(title: "MotionLab report",
                        introduction: ["A spring and a small timeline: the fixed input of the golden-file tests."],
                        sections: [springSection(), try timelineSection()])
    }

    /// Text that would be markup, or break out of an attribute, if it were not escaped.
    static let hostile = "<script>alert(1)</script>&\"'"

    /// A report whose every string holds `hostile`.
    static func hostileReport() -> Report {
        let h = hostile
        let plot = Plot(title: "plot \(h)", xLabel: "x \(h)", yLabel: "y \(h)",
                        series: [PlotSeries(name: "series \(h)", x: [0, 1, 2], y: [0, 1, 0]),
                                 PlotSeries(name: "dots \(h)", x: [0, 1], y: [1, 0], style: .points),
                                 PlotSeries(name: "marks \(h)", x: [0.5], y: [0.5], style: .marks)],
                        markers: [PlotMarker(axis: .x, value: 1, label: "marker \(h)")],
                        bands: [PlotBand(lower: 0.4, upper: 0.6, label: "band \(h)")])
        let section = ReportSection(kind: "recording\(h)", heading: "heading \(h)", summary: "summary \(h)", blocks: [
            .heading("sub \(h)"), .paragraph("paragraph \(h)"), .note("note \(h)"),
            .keyValues([ReportKeyValue("key \(h)", "value \(h)"), ReportKeyValue("code \(h)", .code("code \(h)"))]),
            .table(ReportTable(caption: "caption \(h)", columns: ["column \(h)"], rows: [[.text("cell \(h)")], [.code("`\(h)`")]])),
            .code(ReportCode(title: "title \(h)", language: "swift\(h)", text: "let s = \"\(h)\"\n```\n")),
            .plot(plot),
        ])
        return Report.assemble(title: "title \(h)", introduction: ["intro \(h)"], sections: [section, section])
    }

    /// A fresh temporary directory, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("motionlab-reports-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
