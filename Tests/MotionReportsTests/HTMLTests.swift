import Foundation
import FoundationXML
@testable import MotionReports
import MotionTestSupport
import Testing

/// The HTML report parsed as XML: its plots are drawn, and every input string is escaped.
@Suite("HTML report")
struct HTMLTests {
    /// Every element under `element`, depth first.
    static func elements(_ element: XMLElement) -> [XMLElement] {
        [element] + (element.children ?? []).compactMap { $0 as? XMLElement }.flatMap(elements)
    }

    /// An attribute's value. (FoundationXML's `attribute(forName:)` misses attributes of
    /// elements in a default namespace, such as SVG's, so the attributes are searched by name.)
    static func attribute(_ element: XMLElement, _ name: String) -> String? {
        element.attributes?.first { $0.name == name || $0.localName == name }?.stringValue
    }

    static func parse(_ html: String) throws -> XMLElement {
        let document = try XMLDocument(xmlString: html, options: [])
        return try #require(document.rootElement())
    }

    @Test func plotsAreDrawn() throws {
        let report = try Fixtures.goldenReport()
        let root = try Self.parse(HTMLRenderer().render(report))
        let all = Self.elements(root)
        let svgs = all.filter { $0.localName == "svg" }
        #expect(svgs.count == report.numberedPlots.count)
        #expect(svgs.count == 4)
        for svg in svgs {
            let polylines = Self.elements(svg).filter { $0.localName == "polyline" }
            #expect(!polylines.isEmpty, "a plot without a polyline")
            for polyline in polylines {
                let points = Self.attribute(polyline, "points") ?? ""
                let pairs = points.split(separator: " ")
                #expect(pairs.count >= 2, "a polyline without points")
                for pair in pairs {
                    let xy = pair.split(separator: ",").compactMap { Double($0) }
                    #expect(xy.count == 2 && xy.allSatisfy(\.isFinite), "bad point \(pair)")
                }
            }
            // Axes: tick labels and both axis titles.
            let texts = Self.elements(svg).filter { $0.localName == "text" }.compactMap(\.stringValue)
            #expect(texts.contains("time (s)"))
            #expect(texts.count > 8)
            #expect(Self.attribute(svg, "viewBox") != nil)
        }
        // Unique ids (plots, clip paths, titles) so inline SVGs do not collide.
        let ids = all.compactMap { Self.attribute($0, "id") }
        #expect(Set(ids).count == ids.count)
        // Self-contained: no script, no external reference.
        #expect(!all.contains { $0.localName == "script" })
        let references = all.flatMap { e in ["href", "src"].compactMap { Self.attribute(e, $0) } }
        #expect(references.allSatisfy { $0.hasPrefix("#") }, "\(references)")
    }

    @Test func everyStringIsEscaped() throws {
        let html = HTMLRenderer().render(Fixtures.hostileReport())
        #expect(!html.contains("<script"))
        #expect(!html.contains(Fixtures.hostile))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;&amp;&quot;&#39;"))
        let root = try Self.parse(html)
        let all = Self.elements(root)
        #expect(!all.contains { $0.localName == "script" })
        // The parser gives the text back exactly: escaped, not lost.
        let texts = all.compactMap(\.stringValue)
        #expect(texts.contains { $0.contains("heading \(Fixtures.hostile)") })
        let titles = all.filter { $0.localName == "title" }.compactMap(\.stringValue)
        #expect(titles.contains("plot \(Fixtures.hostile)"))
        // Attribute values (class from the section kind) cannot break out either.
        #expect(all.allSatisfy { ($0.attributes ?? []).allSatisfy { !($0.name ?? "").contains("alert") } })
    }

    @Test func markdownEscapes() {
        let md = MarkdownRenderer().render(Fixtures.hostileReport(), plotPrefix: "x").text
        // Outside code, no tag can form; inside code the text is literal.
        let outsideCode = MarkdownText.outsideFences(md)
        #expect(!outsideCode.contains("<script"))
        #expect(md.contains("&lt;script&gt;alert(1)&lt;/script&gt;&amp;"))
        // The code block's fence is longer than the ``` inside it.
        #expect(md.contains("````swift"))
    }

    @Test func jsonKeepsTextExactly() throws {
        let text = JSONRenderer().render(Fixtures.hostileReport())
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(json["title"] as? String == "title \(Fixtures.hostile)")
    }

    @Test func escapeFunctions() {
        #expect(Escape.html("a<b>&\"'") == "a&lt;b&gt;&amp;&quot;&#39;")
        #expect(Escape.html("bell\u{7}") == "bell\u{FFFD}")
        #expect(Escape.markdown("*x* [a](b) | `c` <i>") == "\\*x\\* \\[a\\](b) \\| \\`c\\` &lt;i&gt;")
        #expect(Escape.markdown("- item", atLineStart: true) == "\\- item")
        #expect(Escape.markdown("1. item", atLineStart: true) == "1\\. item")
        #expect(Escape.markdown("-0.5") == "-0.5")
        #expect(Escape.markdownCodeSpan("a`b") == "``a`b``")
        #expect(Escape.markdownFence(for: "````") == "`````")
        #expect(Escape.languageTag("swift\"><x") == "swiftx")
    }
}

@Suite("SVG plots")
struct SVGPlotTests {
    @Test func standaloneIsXML() throws {
        let plot = Plot(title: "t", xLabel: "x", yLabel: "y", series: [PlotSeries(name: "s", from: 0, to: 1) { $0 * $0 }])
        let svg = SVGPlotRenderer().render(plot, id: "p", standalone: true)
        #expect(svg.hasPrefix("<?xml"))
        let document = try XMLDocument(xmlString: svg, options: [])
        #expect(document.rootElement()?.localName == "svg")
    }

    @Test func nonFiniteValuesBreakTheLine() {
        let plot = Plot(title: "t", xLabel: "x", yLabel: "y",
                        series: [PlotSeries(name: "s", x: [0, 1, 2, 3, 4], y: [0, 1, .nan, 1, .infinity])])
        let svg = SVGPlotRenderer().render(plot, id: "p")
        #expect(svg.components(separatedBy: "<polyline").count - 1 == 2)
        #expect(!svg.contains("nan") && !svg.contains("inf"))
    }

    @Test func emptyAndConstantDataStillDraw() {
        for series in [[], [PlotSeries(name: "c", x: [0, 1], y: [2, 2])]] {
            let svg = SVGPlotRenderer().render(Plot(title: "t", xLabel: "x", yLabel: "y", series: series), id: "p")
            #expect(svg.hasSuffix("</svg>"))
            #expect(!svg.contains("nan"))
        }
    }

    @Test func niceTicks() {
        let ticks = SVGPlotRenderer.ticks(0, 1.17).values
        #expect(ticks == [0, 0.2, 0.4, 0.6, 0.8, 1.0])
        #expect(SVGPlotRenderer.ticks(-0.008, 0.008).values == [-0.008, -0.006, -0.004, -0.002, 0, 0.002, 0.004, 0.006, 0.008])
        #expect(SVGPlotRenderer.ticks(19.5, 334).values.first == 50)
    }

    /// A y range clips the data (with a clip path) instead of stretching the axis.
    @Test func yRangeClips() {
        let plot = Plot(title: "t", xLabel: "x", yLabel: "y", series: [PlotSeries(name: "s", x: [0, 1], y: [-100, 100])],
                        yRange: -1...1)
        let svg = SVGPlotRenderer().render(plot, id: "p")
        #expect(svg.contains("clip-path=\"url(#p-clip)\""))
        #expect(svg.contains(">1.0<") || svg.contains(">1<"))
        #expect(!svg.contains(">100<"))
    }
}
