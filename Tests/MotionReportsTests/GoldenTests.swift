import Foundation
import MotionIO
import MotionJSON
import MotionReports
import Testing
import MotionTestSupport

/// The Markdown, JSON and SVG of a fixed report, compared with the files in `Golden/`.
///
/// After an intended change of the output, regenerate the golden files and review their diff:
///
///     MOTIONLAB_UPDATE_GOLDEN=1 swift test --filter GoldenTests
@Suite("Report golden files")
struct GoldenTests {
    static let directory = Repository.url("Tests/MotionReportsTests/Golden")
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

    /// JSON is compared as data, key order included (the order of an object's keys is part of
    /// the public contract): numbers to 1e-12 relative (they are written in full precision, and
    /// the last bit of a libm result may differ between machines), everything else exactly.
    @Test func json() throws {
        let text = JSONRenderer().render(try Fixtures.goldenReport())
        let expected = try golden("golden.json", text)
        let differences = try JSONComparison.differences(text, expected)
        #expect(differences.isEmpty, "\(differences.prefix(10).joined(separator: "\n"))")
    }

    /// The comparison sees a change of key order, which a comparison of parsed dictionaries
    /// (JSONSerialization's) cannot; and it still reads the same number written two ways as one.
    @Test func jsonComparisonRejectsReorderedKeys() throws {
        let a = #"{"title": "x", "sections": [{"id": "s", "kind": "k", "n": 1}]}"#
        let swapped = #"{"title": "x", "sections": [{"kind": "k", "id": "s", "n": 1}]}"#
        let sameWithOtherNumbers = #"{"title": "x", "sections": [{"id": "s", "kind": "k", "n": 1.0e0}]}"#
        // A comparison of parsed dictionaries cannot tell them apart.
        let sorted = try [a, swapped].map {
            try JSONSerialization.data(withJSONObject: try JSONSerialization.jsonObject(with: Data($0.utf8)), options: [.sortedKeys])
        }
        #expect(sorted[0] == sorted[1])

        let differences = try JSONComparison.differences(swapped, a)
        #expect(differences == [#"$.sections[0]: keys ["kind", "id", "n"] ≠ ["id", "kind", "n"]"#])
        #expect(try JSONComparison.differences(a, a).isEmpty)
        #expect(try JSONComparison.differences(sameWithOtherNumbers, a).isEmpty)
        #expect(try JSONComparison.differences(#"{"title": "x", "sections": [{"id": "s", "kind": "k", "n": 2}]}"#, a) == ["$.sections[0].n: 2.0 ≠ 1.0"])
        #expect(try JSONComparison.differences(#"{"title": "x", "title": "x", "sections": []}"#, #"{"title": "x", "sections": []}"#).count == 1)

        // The golden document itself with the keys of one object reversed, for 40 of its objects
        // of two keys or more, from the top level down: each is rejected.
        let document = try JSONComparison.parse(try String(contentsOf: Self.directory.appendingPathComponent("golden.json"), encoding: .utf8))
        let original = JSONComparison.serialize(document)
        #expect(try JSONComparison.differences(original, original).isEmpty)
        let reorderings = JSONComparison.objectPaths(in: document)
        #expect(reorderings.count > 10)
        for path in stride(from: 0, to: reorderings.count, by: max(1, reorderings.count / 40)).map({ reorderings[$0] }) {
            let reordered = JSONComparison.serialize(JSONComparison.reversingKeys(of: document, at: path[...]))
            let found = try JSONComparison.differences(reordered, original)
            #expect(found.count == 1 && found[0].contains(": keys ["), "reordering the object at \(path): \(found)")
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

/// The comparison of two JSON documents read with MotionIO's parser, which keeps each object's
/// keys in their order (JSONSerialization's dictionaries do not; the parser itself is checked
/// against JSONSerialization in MotionIOTests).
enum JSONComparison {
    /// The differences between documents `a` and `b`, by path; empty when they are the same.
    static func differences(_ a: String, _ b: String) throws -> [String] {
        var differences: [String] = []
        compare(try parse(a), try parse(b), path: "$", into: &differences)
        return differences
    }

    static func compare(_ a: JSONValue, _ b: JSONValue, path: String, into differences: inout [String]) {
        switch (a, b) {
        case let (.object(x), .object(y)):
            let (kx, ky) = (x.map(\.0), y.map(\.0))
            if kx != ky {
                differences.append("\(path): keys \(kx) ≠ \(ky)")
                return
            }
            for (m, n) in zip(x, y) { compare(m.1, n.1, path: "\(path).\(m.0)", into: &differences) }
        case let (.array(x), .array(y)):
            if x.count != y.count { differences.append("\(path): \(x.count) items ≠ \(y.count)"); return }
            for i in x.indices { compare(x[i], y[i], path: "\(path)[\(i)]", into: &differences) }
        case let (.string(x), .string(y)):
            if x != y { differences.append("\(path): \"\(x)\" ≠ \"\(y)\"") }
        case let (.number(u), .number(v)):
            if !(u == v || abs(u - v) <= 1e-12 * max(abs(u), abs(v))) { differences.append("\(path): \(u) ≠ \(v)") }
        case let (.bool(x), .bool(y)):
            if x != y { differences.append("\(path): \(x) ≠ \(y)") }
        case (.null, .null):
            break
        default:
            differences.append("\(path): \(serialize(a).prefix(80)) ≠ \(serialize(b).prefix(80))")
        }
    }

    /// Reads a JSON document (RFC 8259), keeping the keys of each object in order.
    static func parse(_ text: String) throws -> JSONValue {
        try JSONValue.parse(Array(text.utf8))
    }

    /// The document as compact JSON text.
    static func serialize(_ value: JSONValue) -> String {
        value.serialized(pretty: false)
    }

    /// The paths (as array indices and keys) of every object with two keys or more.
    static func objectPaths(in value: JSONValue, at path: [String] = []) -> [[String]] {
        switch value {
        case .object(let members):
            (members.count >= 2 ? [path] : []) + members.flatMap { objectPaths(in: $0.1, at: path + [$0.0]) }
        case .array(let items):
            items.indices.flatMap { objectPaths(in: items[$0], at: path + ["\($0)"]) }
        default: []
        }
    }

    /// `value` with the keys of the object at `path` in reverse order.
    static func reversingKeys(of value: JSONValue, at path: ArraySlice<String>) -> JSONValue {
        switch value {
        case .object(let members):
            guard let first = path.first else { return .object(members.reversed()) }
            return .object(members.map { $0.0 == first ? ($0.0, reversingKeys(of: $0.1, at: path.dropFirst())) : $0 })
        case .array(var items):
            guard let first = path.first, let index = Int(first) else { return value }
            items[index] = reversingKeys(of: items[index], at: path.dropFirst())
            return .array(items)
        default: return value
        }
    }
}
