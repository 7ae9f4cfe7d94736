import Foundation
import MotionIO
import MotionReports
import Testing

@Suite("Long series: decimated plots")
struct DecimationTests {
    /// `n` samples of a damped oscillation with a sawtooth ripple, so that every pixel column
    /// holds several samples and its extremes are not at its ends.
    static func recording(_ n: Int) -> Recording {
        let times = (0..<n).map { 2 * Double($0) / Double(n - 1) }
        let values = times.enumerated().map { i, t in
            100 * (1 - exp(-3 * t) * cos(12 * t)) + Double(i % 37) * 0.05
        }
        return Recording(times: times, values: values, channel: "x")
    }

    /// Per pixel column at most four points, among them the series' global extremes, in order.
    @Test func seriesKeepsExtremesInFewPoints() {
        let r = Self.recording(200_000)
        let series = PlotSeries(name: "x", x: r.times, y: r.values, style: .points).decimated()
        #expect(series.x.count <= 4 * PlotSeries.defaultColumns)
        #expect(series.x.count >= PlotSeries.defaultColumns)
        #expect(series.style == .line)
        #expect(series.y.contains(r.values.min()!))
        #expect(series.y.contains(r.values.max()!))
        #expect(zip(series.x, series.x.dropFirst()).allSatisfy { $0 < $1 })
        #expect(series.x.first == r.times.first && series.x.last == r.times.last)
    }

    /// A short series is drawn as it is.
    @Test func shortSeriesUnchanged() {
        let series = PlotSeries(name: "x", x: [0, 1, 2], y: [3, 1, 2], style: .points)
        #expect(series.decimated() == series)
    }

    /// The report on a long recording plots O(width) points, says it decimated and from how many
    /// samples, and its SVG polyline reaches the samples' global min and max. (4500 samples, past
    /// the decimation threshold of four a column, keep the three fits quick in debug builds.)
    @Test func reportOnLongRecording() throws {
        let r = Self.recording(4_500)
        let section = ReportSections.recording(r, name: "long.csv")
        let plots = section.blocks.compactMap { block -> Plot? in if case .plot(let p) = block { p } else { nil } }
        try #require(!plots.isEmpty)
        for plot in plots {
            #expect(plot.series.allSatisfy { $0.x.count <= 4 * PlotSeries.defaultColumns })
        }
        let notes = section.blocks.compactMap { block -> String? in if case .note(let t) = block { t } else { nil } }
        #expect(notes.contains { $0.contains("decimated") && $0.contains("4500 samples") })
        let data = plots[0].series[0]
        #expect(data.y.contains(r.values.min()!) && data.y.contains(r.values.max()!))
        let svg = SVGPlotRenderer().render(plots[0], id: "p")
        #expect(svg.components(separatedBy: "<polyline").count - 1 >= 1)
        #expect(svg.components(separatedBy: ",").count < 4 * 4 * PlotSeries.defaultColumns + 100)
    }
}
