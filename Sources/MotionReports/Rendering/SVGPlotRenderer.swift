import Foundation
import MotionNumerics

/// Draws a ``Plot`` as SVG: axes with "nice" ticks (1, 2 or 5 × 10ⁿ) and labels, a light grid,
/// bands, polylines and dots for the series, reference lines, a title and a legend.
///
/// The SVG needs no script, stylesheet, font or network access; every text is escaped. It is
/// valid both inline in HTML and as a standalone `.svg` file (with an XML declaration).
public struct SVGPlotRenderer: Sendable {
    /// The size of the drawing without its legend, in CSS pixels; the legend adds rows below.
    public var width: Double
    public var height: Double

    public init(width: Double = 640, height: Double = 300) {
        self.width = width
        self.height = height
    }

    private let left = 64.0, right = 18.0, top = 34.0, bottom = 44.0
    private let legendRow = 18.0

    /// The SVG of `plot`. `id` must be unique in the document the SVG goes into (ids of the
    /// title and the clip path derive from it); `standalone` adds the XML declaration.
    public func render(_ plot: Plot, id: String, standalone: Bool = false) -> String {
        let area = (x: left, y: top, width: width - left - right, height: height - top - bottom)
        let xRange = Self.range(of: plot.series.flatMap(\.x) + plot.markers.filter { $0.axis == .x }.map(\.value),
                                padding: 0)
        let yRange = plot.yRange.map { ($0.lowerBound, $0.upperBound) } ?? Self.range(
            of: plot.series.flatMap(\.y) + plot.markers.filter { $0.axis == .y }.map(\.value)
                + plot.bands.flatMap { [$0.lower, $0.upper] },
            padding: 0.06)
        func px(_ x: Double) -> Double {
            area.x + (x - xRange.0) / (xRange.1 - xRange.0) * area.width
        }
        func py(_ y: Double) -> Double {
            let v = area.y + area.height - (y - yRange.0) / (yRange.1 - yRange.0) * area.height
            return min(max(v, -10_000), 10_000)
        }
        let legend = legendLayout(plot)
        let totalHeight = height + legend.height
        let eid = Escape.html(id)
        var svg = ""
        if standalone { svg += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" }
        svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"plot\" id=\"\(eid)\" "
        svg += "viewBox=\"0 0 \(Self.n(width)) \(Self.n(totalHeight))\" width=\"\(Self.n(width))\" height=\"\(Self.n(totalHeight))\" "
        svg += "role=\"img\" aria-labelledby=\"\(eid)-title\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"11\">\n"
        svg += "<title id=\"\(eid)-title\">\(Escape.html(plot.title))</title>\n"
        svg += "<rect class=\"background\" x=\"0\" y=\"0\" width=\"\(Self.n(width))\" height=\"\(Self.n(totalHeight))\" fill=\"#ffffff\"/>\n"
        svg += "<defs><clipPath id=\"\(eid)-clip\"><rect x=\"\(Self.n(area.x))\" y=\"\(Self.n(area.y))\" width=\"\(Self.n(area.width))\" height=\"\(Self.n(area.height))\"/></clipPath></defs>\n"
        svg += "<text class=\"plot-title\" x=\"\(Self.n(area.x))\" y=\"20\" font-size=\"13\" font-weight=\"bold\" fill=\"#222222\">\(Escape.html(plot.title))</text>\n"

        // Grid and ticks.
        let xTicks = Self.ticks(xRange.0, xRange.1)
        let yTicks = Self.ticks(yRange.0, yRange.1)
        svg += "<g class=\"grid\" stroke=\"#e8e8e8\" stroke-width=\"1\">\n"
        for t in xTicks.values { svg += "<line x1=\"\(Self.n(px(t)))\" y1=\"\(Self.n(area.y))\" x2=\"\(Self.n(px(t)))\" y2=\"\(Self.n(area.y + area.height))\"/>\n" }
        for t in yTicks.values { svg += "<line x1=\"\(Self.n(area.x))\" y1=\"\(Self.n(py(t)))\" x2=\"\(Self.n(area.x + area.width))\" y2=\"\(Self.n(py(t)))\"/>\n" }
        svg += "</g>\n"

        // Bands (at least 2 px high, so a narrow ε band stays visible).
        if !plot.bands.isEmpty {
            svg += "<g class=\"bands\" clip-path=\"url(#\(eid)-clip)\">\n"
            for band in plot.bands where band.lower.isFinite && band.upper.isFinite {
                var y0 = py(band.upper), y1 = py(band.lower)
                if y1 - y0 < 2 { let mid = (y0 + y1) / 2; y0 = mid - 1; y1 = mid + 1 }
                svg += "<rect x=\"\(Self.n(area.x))\" y=\"\(Self.n(y0))\" width=\"\(Self.n(area.width))\" height=\"\(Self.n(y1 - y0))\" fill=\"\(band.color.css)\" fill-opacity=\"0.22\"><title>\(Escape.html(band.label))</title></rect>\n"
            }
            svg += "</g>\n"
        }

        // Series.
        svg += "<g class=\"series\" clip-path=\"url(#\(eid)-clip)\">\n"
        for (index, series) in plot.series.enumerated() {
            let color = (series.color ?? PlotColor.cycle[index % PlotColor.cycle.count]).css
            let name = Escape.html(series.name)
            switch series.style {
            case .line, .dashed:
                let dash = series.style == .dashed ? " stroke-dasharray=\"6 4\"" : ""
                for run in Self.finiteRuns(series) where !run.isEmpty {
                    let points = run.map { "\(Self.n(px(series.x[$0]))),\(Self.n(py(series.y[$0])))" }
                    // A single finite point still gets a visible (zero-length, round-capped) line.
                    let all = points.count == 1 ? [points[0], points[0]] : points
                    svg += "<polyline points=\"\(all.joined(separator: " "))\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\" stroke-linejoin=\"round\" stroke-linecap=\"round\"\(dash)><title>\(name)</title></polyline>\n"
                }
            case .points:
                svg += "<g fill=\"\(color)\"><title>\(name)</title>\n"
                for i in series.x.indices where series.x[i].isFinite && series.y[i].isFinite {
                    svg += "<circle cx=\"\(Self.n(px(series.x[i])))\" cy=\"\(Self.n(py(series.y[i])))\" r=\"2.2\"/>\n"
                }
                svg += "</g>\n"
            case .marks:
                svg += "<g fill=\"#ffffff\" stroke=\"\(color)\" stroke-width=\"2\"><title>\(name)</title>\n"
                for i in series.x.indices where series.x[i].isFinite && series.y[i].isFinite {
                    let (cx, cy) = (px(series.x[i]), py(series.y[i]))
                    svg += "<rect x=\"\(Self.n(cx - 4))\" y=\"\(Self.n(cy - 4))\" width=\"8\" height=\"8\" transform=\"rotate(45 \(Self.n(cx)) \(Self.n(cy)))\"/>\n"
                }
                svg += "</g>\n"
            }
        }
        svg += "</g>\n"

        // Reference lines.
        if !plot.markers.isEmpty {
            svg += "<g class=\"markers\" clip-path=\"url(#\(eid)-clip)\">\n"
            for marker in plot.markers where marker.value.isFinite {
                let dash = marker.dashed ? " stroke-dasharray=\"5 3\"" : ""
                let (x1, y1, x2, y2) = marker.axis == .x
                    ? (px(marker.value), area.y, px(marker.value), area.y + area.height)
                    : (area.x, py(marker.value), area.x + area.width, py(marker.value))
                svg += "<line x1=\"\(Self.n(x1))\" y1=\"\(Self.n(y1))\" x2=\"\(Self.n(x2))\" y2=\"\(Self.n(y2))\" stroke=\"\(marker.color.css)\" stroke-width=\"1.5\"\(dash)><title>\(Escape.html(marker.label))</title></line>\n"
            }
            svg += "</g>\n"
        }

        // Axes, tick labels, axis titles.
        svg += "<g class=\"axes\" fill=\"#333333\">\n"
        svg += "<rect x=\"\(Self.n(area.x))\" y=\"\(Self.n(area.y))\" width=\"\(Self.n(area.width))\" height=\"\(Self.n(area.height))\" fill=\"none\" stroke=\"#999999\" stroke-width=\"1\"/>\n"
        for t in xTicks.values {
            svg += "<line x1=\"\(Self.n(px(t)))\" y1=\"\(Self.n(area.y + area.height))\" x2=\"\(Self.n(px(t)))\" y2=\"\(Self.n(area.y + area.height + 4))\" stroke=\"#999999\"/>\n"
            svg += "<text x=\"\(Self.n(px(t)))\" y=\"\(Self.n(area.y + area.height + 16))\" text-anchor=\"middle\">\(Escape.html(Self.tickLabel(t, step: xTicks.step)))</text>\n"
        }
        for t in yTicks.values {
            svg += "<line x1=\"\(Self.n(area.x - 4))\" y1=\"\(Self.n(py(t)))\" x2=\"\(Self.n(area.x))\" y2=\"\(Self.n(py(t)))\" stroke=\"#999999\"/>\n"
            svg += "<text x=\"\(Self.n(area.x - 7))\" y=\"\(Self.n(py(t) + 4))\" text-anchor=\"end\">\(Escape.html(Self.tickLabel(t, step: yTicks.step)))</text>\n"
        }
        svg += "<text class=\"x-label\" x=\"\(Self.n(area.x + area.width / 2))\" y=\"\(Self.n(area.y + area.height + 34))\" text-anchor=\"middle\">\(Escape.html(plot.xLabel))</text>\n"
        let yMid = area.y + area.height / 2
        svg += "<text class=\"y-label\" x=\"14\" y=\"\(Self.n(yMid))\" text-anchor=\"middle\" transform=\"rotate(-90 14 \(Self.n(yMid)))\">\(Escape.html(plot.yLabel))</text>\n"
        svg += "</g>\n"

        // Legend.
        if !legend.items.isEmpty {
            svg += "<g class=\"legend\" fill=\"#333333\">\n"
            for item in legend.items {
                let (x, y) = (item.x, height + item.row * legendRow + 4)
                switch item.swatch {
                case .line(let color, let dashed):
                    svg += "<line x1=\"\(Self.n(x))\" y1=\"\(Self.n(y))\" x2=\"\(Self.n(x + 18))\" y2=\"\(Self.n(y))\" stroke=\"\(color)\" stroke-width=\"2\"\(dashed ? " stroke-dasharray=\"5 3\"" : "")/>\n"
                case .dot(let color):
                    svg += "<circle cx=\"\(Self.n(x + 9))\" cy=\"\(Self.n(y))\" r=\"3\" fill=\"\(color)\"/>\n"
                case .mark(let color):
                    svg += "<rect x=\"\(Self.n(x + 5))\" y=\"\(Self.n(y - 4))\" width=\"8\" height=\"8\" fill=\"#ffffff\" stroke=\"\(color)\" stroke-width=\"2\" transform=\"rotate(45 \(Self.n(x + 9)) \(Self.n(y)))\"/>\n"
                case .band(let color):
                    svg += "<rect x=\"\(Self.n(x))\" y=\"\(Self.n(y - 5))\" width=\"18\" height=\"10\" fill=\"\(color)\" fill-opacity=\"0.35\"/>\n"
                }
                svg += "<text x=\"\(Self.n(x + 24))\" y=\"\(Self.n(y + 4))\">\(Escape.html(item.label))</text>\n"
            }
            svg += "</g>\n"
        }
        svg += "</svg>"
        return svg
    }

    // MARK: Legend

    private enum Swatch { case line(String, Bool), dot(String), mark(String), band(String) }
    private struct LegendItem { var label: String; var swatch: Swatch; var x: Double; var row: Double }

    private func legendLayout(_ plot: Plot) -> (items: [LegendItem], height: Double) {
        var entries: [(String, Swatch)] = []
        for (index, series) in plot.series.enumerated() {
            let color = (series.color ?? PlotColor.cycle[index % PlotColor.cycle.count]).css
            switch series.style {
            case .line: entries.append((series.name, .line(color, false)))
            case .dashed: entries.append((series.name, .line(color, true)))
            case .points: entries.append((series.name, .dot(color)))
            case .marks: entries.append((series.name, .mark(color)))
            }
        }
        for marker in plot.markers where marker.value.isFinite {
            entries.append((marker.label, .line(marker.color.css, marker.dashed)))
        }
        for band in plot.bands { entries.append((band.label, .band(band.color.css))) }
        var items: [LegendItem] = []
        var x = left, row = 0.0
        for (label, swatch) in entries {
            // Helvetica at 11 px averages about 6 px a character.
            let itemWidth = 24 + 6.0 * Double(label.count) + 16
            if x + itemWidth > width - right && x > left { x = left; row += 1 }
            items.append(LegendItem(label: label, swatch: swatch, x: x, row: row))
            x += itemWidth
        }
        return (items, items.isEmpty ? 0 : (row + 1) * legendRow + 4)
    }

    // MARK: Scales

    /// [min, max] of the finite values, widened by `padding` of the span; a safe range when
    /// there are none or all are equal.
    static func range(of values: [Double], padding: Double) -> (Double, Double) {
        var lo = Double.infinity, hi = -Double.infinity
        for v in values where v.isFinite {
            lo = min(lo, v)
            hi = max(hi, v)
        }
        guard lo <= hi else { return (0, 1) }
        if hi - lo <= 1e-12 * max(abs(lo), abs(hi)) || hi == lo {
            let half = lo == 0 ? 1 : abs(lo) * 0.1
            return (lo - half, hi + half)
        }
        let pad = (hi - lo) * padding
        return (lo - pad, hi + pad)
    }

    /// Tick values at a "nice" step (1, 2 or 5 × 10ⁿ) giving about `target` ticks in [lo, hi].
    static func ticks(_ lo: Double, _ hi: Double, target: Double = 6) -> (values: [Double], step: Double) {
        guard lo.isFinite, hi.isFinite, hi > lo else { return ([], 1) }
        let raw = (hi - lo) / target
        let magnitude = pow(10, floor(log10(raw)))
        let fraction = raw / magnitude
        let nice: Double = fraction < 1.5 ? 1 : fraction < 3 ? 2 : fraction < 7 ? 5 : 10
        let step = nice * magnitude
        // k·nice·10ⁿ, dividing by 10⁻ⁿ when n < 0 so that 0.6 is 6/10, not 3·0.2 = 0.6000000000000001.
        let inverse = (1 / magnitude).rounded()
        func tick(_ k: Double) -> Double { magnitude < 1 && inverse.isFinite && inverse > 0 ? k * nice / inverse : k * nice * magnitude }
        var values: [Double] = []
        var k = ceil(lo / step - 1e-9)
        while tick(k) <= hi + step * 1e-9 && values.count < 50 {
            let v = tick(k)
            values.append(abs(v) < step * 1e-9 ? 0 : v)
            k += 1
        }
        return (values, step)
    }

    /// A tick label with as many decimals as the step needs.
    static func tickLabel(_ value: Double, step: Double) -> String {
        let magnitude = max(abs(value), step)
        if magnitude >= 1e6 || step < 1e-4 { return DecimalText.significant(value, digits: 4) }
        let decimals = max(0, Int(-floor(log10(step) + 1e-9)))
        let text = String(format: "%.\(decimals)f", value)
        return text.hasPrefix("-") && Double(text) == 0 ? String(text.dropFirst()) : text
    }

    /// A coordinate with one decimal (a tenth of a pixel), without a trailing ".0".
    static func n(_ x: Double) -> String {
        let r = (x * 10).rounded() / 10
        if abs(r) < 1e9 && r == r.rounded() { return String(Int(r)) }
        return String(format: "%.1f", r)
    }

    /// Index runs of a series between non-finite points.
    static func finiteRuns(_ series: PlotSeries) -> [[Int]] {
        var runs: [[Int]] = [[]]
        for i in series.x.indices {
            if series.x[i].isFinite && series.y[i].isFinite {
                runs[runs.count - 1].append(i)
            } else if !runs[runs.count - 1].isEmpty {
                runs.append([])
            }
        }
        return runs
    }
}
