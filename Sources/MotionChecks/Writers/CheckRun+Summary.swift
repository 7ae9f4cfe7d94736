import MotionNumerics

extension CheckRun {
    /// The verdict in one line: `12 testcases on 4 recordings: 11 passed, 1 failed, 0 warnings`.
    public var verdict: String {
        let passed = testcases.filter(\.passed).count
        var text = "\(testcases.count) testcase\(testcases.count == 1 ? "" : "s") on \(recordingCount) recording\(recordingCount == 1 ? "" : "s"): "
            + "\(passed) passed, \(failures.count) failed, \(warnings.count) warning\(warnings.count == 1 ? "" : "s")"
        if !problems.isEmpty { text += ", \(problems.count) could not be checked" }
        return text
    }

    /// A Markdown job summary: the verdict, a table per check (recording × expectation,
    /// measured, expected, result), then what could not be checked.
    public var markdownSummary: String {
        var md = "## Motion checks: " + (exitStatus == 0 ? "passed" : exitStatus == 1 ? "failed" : "could not run") + "\n\n"
        md += verdict + "\n\n"
        var checks: [String] = []
        for name in testcases.map(\.check) where !checks.contains(name) { checks.append(name) }
        for check in checks {
            md += "### \(Self.cell(check))\n\n| recording | expectation | measured | expected | result |\n|---|---|---|---|---|\n"
            for t in testcases where t.check == check {
                let result = t.passed ? "✅ pass" : t.level == .error ? "❌ fail" : "⚠️ warn"
                md += "| \(Self.cell(t.recording)) | \(Self.cell(t.name)) | \(Self.cell(t.measuredText { DecimalText.significant($0) })) | \(Self.cell(t.expected.summary)) | \(result) |\n"
            }
            md += "\n"
            for t in testcases where t.check == check && !t.passed {
                md += "- **\(Self.cell(t.recording)) › \(Self.cell(t.name))**: \(Self.cell(t.message))\n"
            }
            if testcases.contains(where: { $0.check == check && !$0.passed }) { md += "\n" }
        }
        if !problems.isEmpty {
            md += "### Could not be checked\n\n"
            for p in problems { md += "- \(Self.cell(p.description))\n" }
            md += "\n"
        }
        return md
    }

    /// Text for a Markdown table cell: `|` escaped, line breaks as spaces, HTML's `<` and `&` as entities.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    /// A plain-text table for the terminal: one row per testcase, failures and problems listed below.
    public var table: String {
        let rows = testcases.map { t in
            [t.passed ? "pass" : t.level == .error ? "FAIL" : "warn", t.check, t.recording, t.name,
             t.measuredText { DecimalText.significant($0) }, t.expected.summary]
        }
        let header = ["result", "check", "recording", "expectation", "measured", "expected"]
        var widths = header.map(\.count)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { i, c in i == cells.count - 1 ? c : c.padding(toLength: widths[i], withPad: " ", startingAt: 0) }
                .joined(separator: "  ")
        }
        var text = line(header) + "\n" + line(widths.map { String(repeating: "-", count: $0) }) + "\n"
        for row in rows { text += line(row) + "\n" }
        let notable = testcases.filter { !$0.passed }
        if !notable.isEmpty {
            text += "\n"
            for t in notable { text += "\(t.level == .error ? "FAIL" : "warn") \(t.check) › \(t.recording) › \(t.name): \(t.message)\n" }
        }
        if !problems.isEmpty {
            text += "\n"
            for p in problems { text += "cannot check: \(p.description)\n" }
        }
        return text + "\n" + verdict + "\n"
    }
}
