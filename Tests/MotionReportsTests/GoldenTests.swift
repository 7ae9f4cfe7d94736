import Foundation
import MotionReports
import Testing

/// The Markdown, JSON and SVG of a fixed report, compared with the files in `Golden/`.
///
/// After an intended change of the output, regenerate the golden files and review their diff:
///
///     MOTIONLAB_UPDATE_GOLDEN=1 swift test --filter GoldenTests
@Suite("Report golden files")
struct GoldenTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static var updating: Bool { ProcessInfo.processInfo.environment["MOTIONLAB_UPDATE_GOLDEN"] == "1" }

    /// The golden file's text, or (when updating) writes `text` as the new golden file.
    private func golden(_ name: String, _ text: String) throws -> String {
        let url = Self.directory.appendingPathComponent(name)
        if Self.updating {
            try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        guard let stored = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("missing golden file \(url.path); run MOTIONLAB_UPDATE_GOLDEN=1 swift test --filter GoldenTests")
            return ""
        }
        return stored
    }

    /// The first line where two texts differ, for a readable failure.
    private func firstDifference(_ a: String, _ b: String) -> String {
        let (la, lb) = (a.components(separatedBy: "\n"), b.components(separatedBy: "\n"))
        for i in 0..<max(la.count, lb.count) where i >= la.count || i >= lb.count || la[i] != lb[i] {
            return "line \(i + 1):\n  got:      \(i < la.count ? la[i] : "<end>")\n  expected: \(i < lb.count ? lb[i] : "<end>")"
        }
        return "identical"
    }

    @Test func markdownAndPlotFiles() throws {
        let rendered = MarkdownRenderer().render(try Fixtures.goldenReport(), plotPrefix: "golden")
        let expected = try golden("golden.md", rendered.text)
        #expect(rendered.text == expected, "\(firstDifference(rendered.text, expected))")
        #expect(rendered.files.map(\.name) == (1...4).map { "golden-plot-\($0).svg" })
        for file in rendered.files {
            let stored = try golden(file.name, file.contents)
            #expect(file.contents == stored, "\(file.name): \(firstDifference(file.contents, stored))")
            #expect(rendered.text.contains("](\(file.name))"), "the Markdown links \(file.name)")
        }
    }

    /// JSON is compared as data: numbers to 1e-12 relative (they are written in full precision,
    /// and the last bit of a libm result may differ between machines), everything else exactly.
    @Test func json() throws {
        let text = JSONRenderer().render(try Fixtures.goldenReport())
        let expected = try golden("golden.json", text)
        let got = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let want = try JSONSerialization.jsonObject(with: Data(expected.utf8))
        var differences: [String] = []
        compare(got, want, path: "$", into: &differences)
        #expect(differences.isEmpty, "\(differences.prefix(10).joined(separator: "\n"))")
    }

    private func compare(_ a: Any, _ b: Any, path: String, into differences: inout [String]) {
        switch (a, b) {
        case let (x as [String: Any], y as [String: Any]):
            if Set(x.keys) != Set(y.keys) { differences.append("\(path): keys \(x.keys.sorted()) ≠ \(y.keys.sorted())"); return }
            for key in x.keys.sorted() { compare(x[key]!, y[key]!, path: "\(path).\(key)", into: &differences) }
        case let (x as [Any], y as [Any]):
            if x.count != y.count { differences.append("\(path): \(x.count) items ≠ \(y.count)"); return }
            for i in x.indices { compare(x[i], y[i], path: "\(path)[\(i)]", into: &differences) }
        case let (x as String, y as String):
            if x != y { differences.append("\(path): \"\(x)\" ≠ \"\(y)\"") }
        case let (x as NSNumber, y as NSNumber):
            let (u, v) = (x.doubleValue, y.doubleValue)
            if !(u == v || abs(u - v) <= 1e-12 * max(abs(u), abs(v))) { differences.append("\(path): \(u) ≠ \(v)") }
        case (is NSNull, is NSNull):
            break
        default:
            differences.append("\(path): \(a) ≠ \(b)")
        }
    }

    /// The golden report is what the spec asks of a spring and a timeline section.
    @Test func goldenReportContents() throws {
        let report = try Fixtures.goldenReport()
        #expect(report.sections.map(\.kind) == ["overview", "spring", "timeline"])
        let md = MarkdownRenderer().render(report, plotPrefix: "golden").text
        for text in ["SwiftUI&#39;s estimate", "settling: exact", "Other platforms", "Android SpringForce", "Continuity", "Δ velocity"] {
            #expect(md.contains(text.replacingOccurrences(of: "&#39;", with: "'")), "the Markdown mentions \(text)")
        }
    }
}
