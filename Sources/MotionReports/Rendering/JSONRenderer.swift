import MotionJSON

/// Renders a ``Report`` as JSON: the report model itself, numbers in full precision (±∞ as
/// the strings "inf"/"-inf", NaN as null, as everywhere in MotionLab), plots as their data.
///
/// ```json
/// {"title": "…", "introduction": ["…"],
///  "sections": [{"id": "section-1", "kind": "spring", "heading": "…", "summary": "…",
///                "blocks": [{"type": "keyValues", "items": [{"key": "…", "value": 0.5, "unit": "s"}]},
///                           {"type": "plot", "id": "plot-1", "title": "…", "series": [{"name", "style", "x", "y"}], …}]}]}
/// ```
public struct JSONRenderer: Sendable {
    public init() {}

    public func render(_ report: Report) -> String {
        json(report).serialized(pretty: true) + "\n"
    }

    public func json(_ report: Report) -> JSONValue {
        var plotNumber = 0
        let sections: [JSONValue] = report.sections.enumerated().map { index, section in
            var pairs: [(String, JSONValue)] = [
                ("id", .string(Report.anchor(ofSection: index))),
                ("kind", .string(section.kind)),
                ("heading", .string(section.heading)),
            ]
            if let summary = section.summary { pairs.append(("summary", .string(summary))) }
            pairs.append(("blocks", .array(section.blocks.map { block in
                if case .plot = block { plotNumber += 1 }
                return Self.json(block, plotID: "plot-\(plotNumber)")
            })))
            return .object(pairs)
        }
        return .object([
            ("title", .string(report.title)),
            ("introduction", .array(report.introduction.map(JSONValue.string))),
            ("sections", .array(sections)),
        ])
    }

    static func json(_ block: ReportBlock, plotID: String) -> JSONValue {
        switch block {
        case .heading(let text): return .object([("type", .string("heading")), ("text", .string(text))])
        case .paragraph(let text): return .object([("type", .string("paragraph")), ("text", .string(text))])
        case .note(let text): return .object([("type", .string("note")), ("text", .string(text))])
        case .keyValues(let pairs):
            return .object([("type", .string("keyValues")), ("items", .array(pairs.map { pair in
                .object([("key", .string(pair.key))] + cellPairs(pair.value))
            }))])
        case .table(let table):
            var pairs: [(String, JSONValue)] = [("type", .string("table"))]
            if let caption = table.caption { pairs.append(("caption", .string(caption))) }
            pairs.append(("columns", .array(table.columns.map(JSONValue.string))))
            pairs.append(("rows", .array(table.rows.map { .array($0.map(cellValue)) })))
            return .object(pairs)
        case .code(let code):
            var pairs: [(String, JSONValue)] = [("type", .string("code"))]
            if let title = code.title { pairs.append(("title", .string(title))) }
            pairs += [("language", .string(code.language)), ("text", .string(code.text))]
            return .object(pairs)
        case .filmstrip(let strip):
            return VideoHTML.json(strip)
        case .player(let player):
            return .object([("type", .string("player")), ("title", .string(player.title)), ("model", .string(player.modelName)),
                            ("times", .array(player.times.map(JSONValue.number))),
                            ("recorded", .array(player.recorded.map(JSONValue.number))),
                            ("fitted", .array(player.model.map(JSONValue.number)))])
        case .plot(let plot):
            var pairs: [(String, JSONValue)] = [
                ("type", .string("plot")), ("id", .string(plotID)), ("title", .string(plot.title)),
                ("xLabel", .string(plot.xLabel)), ("yLabel", .string(plot.yLabel)),
                ("series", .array(plot.series.map { s in
                    var series: [(String, JSONValue)] = [("name", .string(s.name)), ("style", .string(s.style.rawValue))]
                    if let color = s.color { series.append(("color", .string(color.rawValue))) }
                    series += [("x", .array(s.x.map(JSONValue.number))), ("y", .array(s.y.map(JSONValue.number)))]
                    return .object(series)
                })),
                ("markers", .array(plot.markers.map { m in
                    .object([("axis", .string(m.axis.rawValue)), ("value", .number(m.value)), ("label", .string(m.label)),
                             ("color", .string(m.color.rawValue)), ("dashed", .bool(m.dashed))])
                })),
                ("bands", .array(plot.bands.map { b in
                    .object([("lower", .number(b.lower)), ("upper", .number(b.upper)), ("label", .string(b.label)),
                             ("color", .string(b.color.rawValue))])
                })),
            ]
            if let range = plot.yRange {
                pairs.append(("yRange", .array([.number(range.lowerBound), .number(range.upperBound)])))
            }
            return .object(pairs)
        }
    }

    /// A cell as JSON: numbers stay numbers, everything else is its text.
    static func cellValue(_ cell: ReportCell) -> JSONValue {
        switch cell {
        case .number(let x, _, _): return .number(x)
        case .empty: return .null
        default: return .string(cell.text)
        }
    }

    static func cellPairs(_ cell: ReportCell) -> [(String, JSONValue)] {
        var pairs: [(String, JSONValue)] = [("value", cellValue(cell))]
        if case .number(_, let unit?, _) = cell { pairs.append(("unit", .string(unit))) }
        if case .code = cell { pairs.append(("code", .bool(true))) }
        return pairs
    }
}
