import Foundation
import MotionCurves
import MotionIO
import MotionReports
import MotionSprings
import MotionNumerics
import Testing

@Suite("Report sections")
struct SectionTests {
    private func texts(_ section: ReportSection) -> [String] {
        section.blocks.flatMap { block -> [String] in
            switch block {
            case .heading(let t), .paragraph(let t), .note(let t): return [t]
            case .keyValues(let pairs): return pairs.flatMap { [$0.key, $0.value.text] }
            case .table(let table): return table.columns + table.rows.flatMap { $0.map(\.text) }
            case .code(let code): return [code.text]
            case .plot(let plot): return [plot.title] + plot.series.map(\.name) + plot.markers.map(\.label)
            case .filmstrip: return []
            case .player(let player): return [player.title, player.modelName]
            }
        }
    }

    private func plots(_ section: ReportSection) -> [Plot] {
        section.blocks.compactMap { if case .plot(let p) = $0 { return p } else { return nil } }
    }

    /// Both settling times, side by side and as markers; the ε band; every platform.
    @Test func spring() {
        let section = Fixtures.springSection()
        let summary = SpringSummary(spring: Spring(duration: 0.5, bounce: 0.3))
        let position = plots(section)[0]
        #expect(position.markers.map(\.value) == [summary.settlingDuration, summary.exactSettlingTime])
        #expect(position.bands.first.map { ($0.lower, $0.upper) }! == (1 - 0.001, 1 + 0.001))
        #expect(plots(section).map(\.title).contains("Velocity"))
        let all = texts(section)
        for platform in summary.platforms { #expect(all.contains(platform.title)) }
        #expect(all.contains(DecimalText.significant(summary.settlingDuration) + " s"))
        #expect(all.contains(DecimalText.significant(summary.exactSettlingTime) + " s"))
        #expect(summary.settlingDuration > summary.exactSettlingTime)
        #expect(all.contains { $0.hasPrefix("rise time") })
    }

    @Test func curveWithItsInverse() {
        let section = ReportSections.curve(ReportCurve(UnitCurve.easeIn))
        let plot = plots(section)[0]
        #expect(plot.series.map(\.name) == ["identity", "curve", "inverse"])
        // easeIn's inverse is easeOut's shape: (0, 0.42), (1, 1) swapped.
        #expect(texts(section).contains("bezier(0.0, 0.42, 1.0, 1.0)"))
        // A CSS curve whose inverse is not a CSS curve says why.
        let back = ReportSections.curve(ReportCurve(try! CSSTimingFunction(x1: 0.68, y1: -0.55, x2: 0.265, y2: 1.55)))
        #expect(texts(back).contains { $0.hasPrefix("not applicable:") })
        #expect(plots(back)[0].series.count == 2)
    }

    @Test func timelineMarksKeyframes() throws {
        let section = try Fixtures.timelineSection()
        let plot = plots(section)[0]
        let marks = try #require(plot.series.first { $0.style == .marks })
        #expect(marks.x == [0, 0.25, 0.5, 1.0])
        #expect(texts(section).contains("C0") || texts(section).contains("C1"))
    }

    /// A recording with a clean spring step: every fit applies, with code to paste.
    @Test func recordingWithFits() throws {
        let spring = Spring(duration: 0.4, bounce: 0.2)
        let times = (0..<90).map { Double($0) / 60 }
        let values = times.map { t in t < 0.1 ? 10 : 10 + spring.value(target: 100, time: t - 0.1) }
        let section = ReportSections.recording(Recording(times: times, values: values, channel: "x"), name: "clean.csv")
        let all = texts(section)
        #expect(!all.contains { $0.hasPrefix("not applicable") }, "\(all.filter { $0.hasPrefix("not applicable") })")
        #expect(all.contains { $0.hasPrefix("Spring(duration: 0.4") })
        #expect(all.contains { $0.contains("KeyframeTrack(\\.x)") })
        #expect(all.contains { $0.contains("cubic-bezier(") })
        #expect(all.contains { $0.contains("\"initialValue\"") })
        let overlay = plots(section)[0]
        #expect(overlay.series.count == 4)
        #expect(overlay.bands.count == 1 && overlay.markers.count == 1)
        #expect(plots(section)[1].title.hasPrefix("Residuals"))
    }

    /// A recording that does not move: the step models do not apply, and the report says why.
    @Test func recordingWithoutAStep() {
        let times = (0..<30).map { Double($0) / 30 }
        let section = ReportSections.recording(Recording(times: times, values: times.map { _ in 5 }, channel: "y"), name: "flat.csv")
        let reasons = texts(section).filter { $0.contains("not applicable") }
        #expect(reasons.count >= 3, "\(reasons)")  // spring, timing curve, step metrics
        #expect(section.summary != nil)
    }

    /// Pasted code names a key path only when the channel is a Swift identifier.
    @Test func hostileChannelNameStaysOutOfCode() {
        let times = (0..<60).map { Double($0) / 60 }
        let values = times.map { 100 * min(1, $0 * 2) }
        let section = ReportSections.recording(Recording(times: times, values: values, channel: Fixtures.hostile), name: "x.csv")
        let code = section.blocks.compactMap { if case .code(let c) = $0 { return c.text } else { return nil } }
        #expect(!code.isEmpty)
        #expect(code.allSatisfy { !$0.contains("<script") })
    }

    @Test func numbers() {
        #expect(DecimalText.significant(0.000015) == "1.5e-5")
        #expect(DecimalText.significant(1.04468_1234) == "1.04468")
        #expect(DecimalText.significant(-.infinity) == "-inf")
        #expect(DecimalText.significant(2e10, digits: 3) == "2e10")
        #expect(ReportCell.number(12.5, unit: "%").text == "12.5 %")
    }
}
