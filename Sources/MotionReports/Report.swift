import Foundation
import MotionNumerics

/// A report: a title, an introduction and sections, independent of how it is rendered.
///
/// The model holds data, not markup: key/value tables and tables hold numbers as numbers,
/// plots hold their data series. ``HTMLRenderer``, ``MarkdownRenderer`` and ``JSONRenderer``
/// turn it into a document; every string in it is treated as untrusted text and escaped by
/// the renderer for its output language.
public struct Report: Sendable, Hashable {
    public var title: String
    /// Paragraphs under the title.
    public var introduction: [String]
    public var sections: [ReportSection]

    public init(title: String, introduction: [String] = [], sections: [ReportSection] = []) {
        self.title = title
        self.introduction = introduction
        self.sections = sections
    }

    /// Every plot in document order, with the identifier the renderers give it
    /// (`plot-1`, `plot-2`, …): unique within the report, used for SVG ids and file names.
    public var numberedPlots: [(id: String, plot: Plot)] {
        var result: [(id: String, plot: Plot)] = []
        for section in sections {
            for block in section.blocks {
                if case .plot(let plot) = block { result.append(("plot-\(result.count + 1)", plot)) }
            }
        }
        return result
    }

    /// The section anchors the renderers use: `section-1`, `section-2`, ….
    public static func anchor(ofSection index: Int) -> String { "section-\(index + 1)" }
}

/// One input's part of a report (a spring, a curve, a timeline, a recording) or an overview.
public struct ReportSection: Sendable, Hashable {
    /// What the section describes: `overview`, `spring`, `curve`, `timeline`, `recording`.
    public var kind: String
    public var heading: String
    /// One line for the report's overview table.
    public var summary: String?
    public var blocks: [ReportBlock]

    public init(kind: String, heading: String, summary: String? = nil, blocks: [ReportBlock] = []) {
        self.kind = kind
        self.heading = heading
        self.summary = summary
        self.blocks = blocks
    }
}

/// The pieces of a section, in reading order.
public enum ReportBlock: Sendable, Hashable {
    /// A subheading inside the section.
    case heading(String)
    case paragraph(String)
    /// A remark a reader should not miss (a clamp, an approximation, a fit that does not apply).
    case note(String)
    case keyValues([ReportKeyValue])
    case table(ReportTable)
    case code(ReportCode)
    case plot(Plot)
    /// Frames of a video with the tracked boxes (HTML and JSON show the images).
    case filmstrip(Filmstrip)
    /// A recording played beside a model (HTML only; the plots show the same statically).
    case player(MotionPlayer)
}

/// One cell of a table: text, a number (formatted by the renderer, kept exact in JSON) or code.
public enum ReportCell: Sendable, Hashable {
    case text(String)
    /// A number with an optional unit (`s`, `%`, …) and the significant digits to show.
    case number(Double, unit: String? = nil, digits: Int = 6)
    /// Code, shown in a monospaced font.
    case code(String)
    /// Nothing to show.
    case empty

    /// The cell as people read it (the renderers escape it for their language).
    public var text: String {
        switch self {
        case .text(let s), .code(let s): return s
        case .number(let x, let unit, let digits):
            let n = DecimalText.significant(x, digits: digits)
            guard let unit, x.isFinite else { return n }
            return unit == "%" ? n + " %" : n + " " + unit
        case .empty: return ""
        }
    }
}

/// A row of a key/value table.
public struct ReportKeyValue: Sendable, Hashable {
    public var key: String
    public var value: ReportCell

    public init(_ key: String, _ value: ReportCell) {
        self.key = key
        self.value = value
    }

    public init(_ key: String, _ text: String) {
        self.init(key, .text(text))
    }

    public init(_ key: String, _ number: Double, unit: String? = nil, digits: Int = 6) {
        self.init(key, .number(number, unit: unit, digits: digits))
    }
}

/// A table with a header row.
public struct ReportTable: Sendable, Hashable {
    public var caption: String?
    public var columns: [String]
    /// Rows of `columns.count` cells (shorter rows are padded with empty cells when rendered).
    public var rows: [[ReportCell]]

    public init(caption: String? = nil, columns: [String], rows: [[ReportCell]]) {
        self.caption = caption
        self.columns = columns
        self.rows = rows
    }
}

/// A block of code to paste, in a named language (`swift`, `css`, `json`, `kotlin`, …).
public struct ReportCode: Sendable, Hashable {
    public var title: String?
    public var language: String
    public var text: String

    public init(title: String? = nil, language: String, text: String) {
        self.title = title
        self.language = language
        self.text = text
    }
}
