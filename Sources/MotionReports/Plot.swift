/// A plot as data: series of points, reference lines, shaded bands and axis labels.
///
/// ``SVGPlotRenderer`` draws it; the JSON renderer writes the data as it is, so a notebook can
/// redraw any plot of a report.
public struct Plot: Sendable, Hashable {
    public var title: String
    public var xLabel: String
    public var yLabel: String
    public var series: [PlotSeries]
    /// Vertical (at an x) or horizontal (at a y) reference lines.
    public var markers: [PlotMarker]
    /// Horizontal bands between two y values (e.g. the ε band around a spring's target).
    public var bands: [PlotBand]
    /// The y range to show; values outside are clipped. `nil`: fit the data.
    public var yRange: ClosedRange<Double>?

    public init(title: String, xLabel: String, yLabel: String, series: [PlotSeries] = [],
                markers: [PlotMarker] = [], bands: [PlotBand] = [], yRange: ClosedRange<Double>? = nil) {
        self.title = title
        self.xLabel = xLabel
        self.yLabel = yLabel
        self.series = series
        self.markers = markers
        self.bands = bands
        self.yRange = yRange
    }
}

/// Colours of the plots' palette, chosen to stay distinguishable for common colour-vision
/// deficiencies (Okabe–Ito).
public enum PlotColor: String, Sendable, Hashable, CaseIterable {
    case blue, orange, green, vermillion, purple, sky, yellow, gray, black

    /// The colour in CSS/SVG syntax.
    public var css: String {
        switch self {
        case .blue: "#0072b2"
        case .orange: "#e69f00"
        case .green: "#009e73"
        case .vermillion: "#d55e00"
        case .purple: "#cc79a7"
        case .sky: "#56b4e9"
        case .yellow: "#c9b400"
        case .gray: "#888888"
        case .black: "#222222"
        }
    }

    /// The series colours in order of use.
    public static let cycle: [PlotColor] = [.blue, .vermillion, .green, .orange, .purple, .sky, .yellow, .black]
}

/// One data series: points (x, y), drawn as a line, a dashed line, dots or keyframe marks.
public struct PlotSeries: Sendable, Hashable {
    public enum Style: String, Sendable, Hashable {
        /// A solid polyline (broken where a value is not finite).
        case line
        /// A dashed polyline: models and fits over data.
        case dashed
        /// Small dots: sampled data.
        case points
        /// Large hollow marks: keyframes and other notable points.
        case marks
    }

    public var name: String
    public var x: [Double]
    public var y: [Double]
    public var style: Style
    /// `nil`: the next colour of ``PlotColor/cycle``.
    public var color: PlotColor?

    public init(name: String, x: [Double], y: [Double], style: Style = .line, color: PlotColor? = nil) {
        precondition(x.count == y.count, "a series needs as many x as y values")
        self.name = name
        self.x = x
        self.y = y
        self.style = style
        self.color = color
    }

    /// `f` sampled at `count` evenly spaced points of [a, b].
    public init(name: String, from a: Double, to b: Double, count: Int = 241, style: Style = .line,
                color: PlotColor? = nil, _ f: (Double) -> Double) {
        let n = max(count, 2)
        let xs = (0..<n).map { a + (b - a) * Double($0) / Double(n - 1) }
        self.init(name: name, x: xs, y: xs.map(f), style: style, color: color)
    }
}

/// A reference line across the plot at one x (vertical) or one y (horizontal).
public struct PlotMarker: Sendable, Hashable {
    public enum Axis: String, Sendable, Hashable { case x, y }
    public var axis: Axis
    public var value: Double
    public var label: String
    public var color: PlotColor
    public var dashed: Bool

    public init(axis: Axis, value: Double, label: String, color: PlotColor = .gray, dashed: Bool = true) {
        self.axis = axis
        self.value = value
        self.label = label
        self.color = color
        self.dashed = dashed
    }
}

/// A shaded horizontal band from `lower` to `upper`.
public struct PlotBand: Sendable, Hashable {
    public var lower: Double
    public var upper: Double
    public var label: String
    public var color: PlotColor

    public init(lower: Double, upper: Double, label: String, color: PlotColor = .green) {
        self.lower = min(lower, upper)
        self.upper = max(lower, upper)
        self.label = label
        self.color = color
    }
}
