import MotionCurves
import MotionExports
import MotionNumerics

/// A timing curve to report on, with either SwiftUI's or CSS's semantics.
public struct ReportCurve: Sendable {
    public var name: String
    /// `swiftui` or `css`.
    public var semantics: String
    /// (x1, y1, x2, y2) for a bezier.
    public var controlPoints: [Double]?
    public var value: @Sendable (Double) -> Double
    public var velocity: @Sendable (Double) -> Double
    /// The curve with x and y swapped, or why there is none.
    public var inverse: Result<InverseCurve, CurveError>

    public struct InverseCurve: Sendable {
        public var name: String
        public var value: @Sendable (Double) -> Double
    }

    /// SwiftUI's `UnitCurve` (progress clamped to [0, 1]).
    public init(_ curve: UnitCurve) {
        name = curve.description
        semantics = "swiftui"
        controlPoints = curve.controlPoints.map { [$0.start.x, $0.start.y, $0.end.x, $0.end.y] }
        value = { curve.value(at: $0) }
        velocity = { curve.velocity(at: $0) }
        let inverse = curve.inverse
        self.inverse = .success(InverseCurve(name: inverse.description, value: { inverse.value(at: $0) }))
    }

    /// A CSS easing function (extrapolated outside [0, 1]).
    public init(_ function: CSSTimingFunction) {
        name = function.cssText
        semantics = "css"
        let b = function.bezier
        controlPoints = [b.x1, b.y1, b.x2, b.y2]
        value = { function.value(at: $0) }
        velocity = { function.velocity(at: $0) }
        do {
            let inverse = try function.inverse()
            self.inverse = .success(InverseCurve(name: inverse.cssText, value: { inverse.value(at: $0) }))
        } catch {
            self.inverse = .failure(error)
        }
    }
}

extension ReportSections {
    /// A timing curve: its definition, plots of the curve with its inverse and of its velocity,
    /// and a table of values.
    public static func curve(_ curve: ReportCurve) -> ReportSection {
        var blocks: [ReportBlock] = []
        var facts: [ReportKeyValue] = [
            ReportKeyValue("curve", .code(curve.name)),
            ReportKeyValue("semantics", curve.semantics == "css"
                ? "CSS easing: x control points in [0, 1]; outside [0, 1] the curve extrapolates along its end tangents"
                : "SwiftUI UnitCurve: progress clamped to [0, 1], control-point x clamped to [0, 1]"),
        ]
        if let p = curve.controlPoints {
            facts.append(ReportKeyValue("control points", .text("(\(DecimalText.significant(p[0])), \(DecimalText.significant(p[1]))), (\(DecimalText.significant(p[2])), \(DecimalText.significant(p[3])))")))
            facts.append(ReportKeyValue("CSS", .code("cubic-bezier(\(p.map { DecimalText.significant($0) }.joined(separator: ", ")))")))
            facts.append(ReportKeyValue("SwiftUI", .code("UnitCurve.bezier(startControlPoint: UnitPoint(x: \(DecimalText.significant(p[0])), y: \(DecimalText.significant(p[1]))), endControlPoint: UnitPoint(x: \(DecimalText.significant(p[2])), y: \(DecimalText.significant(p[3]))))")))
        }
        switch curve.inverse {
        case .success(let inverse): facts.append(ReportKeyValue("inverse (x and y swapped)", .code(inverse.name)))
        case .failure(let error): facts.append(ReportKeyValue("inverse", "not applicable: \(error)"))
        }
        blocks.append(.keyValues(facts))

        var series = [
            PlotSeries(name: "identity", x: [0, 1], y: [0, 1], style: .dashed, color: .gray),
            PlotSeries(name: "curve", from: 0, to: 1, count: 401, color: .blue, curve.value),
        ]
        if case .success(let inverse) = curve.inverse {
            series.append(PlotSeries(name: "inverse", from: 0, to: 1, count: 401, color: .vermillion, inverse.value))
        }
        blocks.append(.plot(Plot(title: "Curve and its inverse", xLabel: "input progress", yLabel: "output progress", series: series)))

        let velocity = PlotSeries(name: "velocity d(output)/d(input)", from: 0, to: 1, count: 401, color: .green, curve.velocity)
        // Circular curves have infinite slopes at their ends; show the body of the curve.
        let finite = velocity.y.filter(\.isFinite)
        var yRange: ClosedRange<Double>? = nil
        if let lo = finite.min(), let hi = finite.max(), hi - lo > 0, max(abs(lo), abs(hi)) > 6 {
            yRange = max(min(lo, 0), -6)...min(max(hi, 1), 6)
        }
        blocks.append(.plot(Plot(title: "Velocity", xLabel: "input progress", yLabel: "velocity", series: [velocity], yRange: yRange)))

        let grid = (0...10).map { Double($0) / 10 }
        var columns = ["progress", "value", "velocity"]
        if case .success = curve.inverse { columns.append("inverse value") }
        blocks.append(.table(ReportTable(columns: columns, rows: grid.map { p in
            var row: [ReportCell] = [.number(p), .number(curve.value(p), digits: 10), .number(curve.velocity(p), digits: 10)]
            if case .success(let inverse) = curve.inverse { row.append(.number(inverse.value(p), digits: 10)) }
            return row
        })))
        if let p = curve.controlPoints, p.count == 4, let unit = try? CubicBezier(x1: p[0], y1: p[1], x2: p[2], y2: p[3]) {
            let unitCurve = UnitCurve.bezier(startControlPoint: UnitPoint(x: unit.x1, y: unit.y1), endControlPoint: UnitPoint(x: unit.x2, y: unit.y2))
            blocks += exportBlocks { format throws(ExportError) in try CurveExport(curve: unitCurve, duration: 0.35).export(format) }
        }
        return ReportSection(kind: "curve", heading: "Curve: \(curve.name)",
                             summary: "\(curve.semantics == "css" ? "CSS" : "SwiftUI") timing curve, value at ½ = \(DecimalText.significant(curve.value(0.5), digits: 4))",
                             blocks: blocks)
    }
}
