extension Report {
    /// A report of `sections`, preceded by an overview table when there is more than one.
    public static func assemble(title: String, introduction: [String] = [], sections: [ReportSection]) -> Report {
        guard sections.count > 1 else { return Report(title: title, introduction: introduction, sections: sections) }
        let overview = ReportSection(
            kind: "overview", heading: "Overview",
            blocks: [.table(ReportTable(
                columns: ["#", "input", "in short"],
                rows: sections.enumerated().map { index, section in
                    [.number(Double(index + 2)), .text(section.heading), .text(section.summary ?? "")]
                }))])
        return Report(title: title, introduction: introduction, sections: [overview] + sections)
    }
}
