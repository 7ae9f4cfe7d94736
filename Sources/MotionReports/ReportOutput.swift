import MotionIO
import MotionJSON

/// The formats a report can be written in.
public enum ReportFormat: String, Sendable, CaseIterable {
    case html
    case markdown = "md"
    case json

    /// `html`, `md` (or `markdown`), `json`.
    public init?(name: String) {
        switch name.lowercased() {
        case "html", "htm": self = .html
        case "md", "markdown": self = .markdown
        case "json": self = .json
        default: return nil
        }
    }

    /// The format a file name's extension implies, if any.
    public init?(fileName: String) {
        let ext = ReportPath.fileExtension(of: fileName)
        guard !ext.isEmpty else { return nil }
        self.init(name: ext)
    }

    /// Renders `report`. Markdown's plots become files named `<plotPrefix>-plot-N.svg`.
    public func render(_ report: Report, plotPrefix: String = "report") -> RenderedReport {
        switch self {
        case .html: RenderedReport(text: HTMLRenderer().render(report))
        case .markdown: MarkdownRenderer().render(report, plotPrefix: plotPrefix)
        case .json: RenderedReport(text: JSONRenderer().render(report))
        }
    }
}

/// Writes rendered reports atomically, through MotionIO's `AtomicFileWriter`: each file is
/// written to a temporary file in its own directory and renamed over the destination, so a
/// reader sees the old file or the new one, never a half-written one; on any failure the
/// temporary files are removed.
///
/// Before anything is written, every destination is checked: it must not be a directory or an
/// input of the report, its directory must exist and be writable, and an existing file is
/// replaced only when it is writable — both for this process (`access(2)`, as
/// `FileManager.isWritableFile` checks) and by its permission bits, so a file marked read-only
/// (`chmod 444`) is refused even for root, whom `access(2)` lets write anything.
public enum ReportWriter {
    /// Writes `rendered.text` to `path` and `rendered.files` beside it.
    ///
    /// - Parameters:
    ///   - rendered: the report's text and the files (plots) that go beside it.
    ///   - path: the report's file; the other files are written into its directory.
    ///   - inputs: paths the report was made from; none may be overwritten.
    public static func write(_ rendered: RenderedReport, to path: String, inputs: [String] = []) throws(PathError) {
        let directory = ReportPath.directory(of: path)
        let files: [(path: String, contents: String)] =
            rendered.files.map { (ReportPath.join(directory, $0.name), $0.contents) } + [(path, rendered.text)]
        try AtomicFileWriter.write(files, inputs: inputs)
    }

    /// Throws unless `path` can be (over)written by this process without overwriting one of `inputs`.
    ///
    /// - Parameters:
    ///   - path: the report's file.
    ///   - inputs: paths the report is made from; none may be overwritten.
    public static func check(_ path: String, inputs: [String] = []) throws(PathError) {
        try AtomicFileWriter.check(path, inputs: inputs)
    }
}
