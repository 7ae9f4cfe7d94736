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

/// A JSON reader that keeps each object's keys in their order (JSONSerialization's dictionaries
/// do not), and the comparison of two documents read with it.
enum JSONComparison {
    indirect enum Value {
        case object([(key: String, value: Value)])
        case array([Value])
        case string(String)
        /// The number and its text as written.
        case number(Double, String)
        case bool(Bool)
        case null
    }

    struct Failure: Error, CustomStringConvertible {
        var offset: Int
        var message: String
        var description: String { "JSON at byte \(offset): \(message)" }
    }

    /// The differences between documents `a` and `b`, by path; empty when they are the same.
    static func differences(_ a: String, _ b: String) throws -> [String] {
        var differences: [String] = []
        compare(try parse(a), try parse(b), path: "$", into: &differences)
        return differences
    }

    static func compare(_ a: Value, _ b: Value, path: String, into differences: inout [String]) {
        switch (a, b) {
        case let (.object(x), .object(y)):
            let (kx, ky) = (x.map(\.key), y.map(\.key))
            if kx != ky {
                differences.append("\(path): keys \(kx) ≠ \(ky)")
                return
            }
            for (m, n) in zip(x, y) { compare(m.value, n.value, path: "\(path).\(m.key)", into: &differences) }
        case let (.array(x), .array(y)):
            if x.count != y.count { differences.append("\(path): \(x.count) items ≠ \(y.count)"); return }
            for i in x.indices { compare(x[i], y[i], path: "\(path)[\(i)]", into: &differences) }
        case let (.string(x), .string(y)):
            if x != y { differences.append("\(path): \"\(x)\" ≠ \"\(y)\"") }
        case let (.number(u, _), .number(v, _)):
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
    static func parse(_ text: String) throws -> Value {
        var reader = Reader(bytes: Array(text.utf8))
        let value = try reader.value()
        reader.skipSpace()
        guard reader.offset == reader.bytes.count else { throw Failure(offset: reader.offset, message: "text after the document") }
        return value
    }

    struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func skipSpace() {
            while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
        }

        mutating func expect(_ literal: String) throws {
            for byte in literal.utf8 {
                guard offset < bytes.count, bytes[offset] == byte else { throw Failure(offset: offset, message: "expected \(literal)") }
                offset += 1
            }
        }

        mutating func value() throws -> Value {
            skipSpace()
            guard offset < bytes.count else { throw Failure(offset: offset, message: "unexpected end") }
            switch bytes[offset] {
            case UInt8(ascii: "{"):
                offset += 1
                var members: [(key: String, value: Value)] = []
                skipSpace()
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") { offset += 1; return .object(members) }
                while true {
                    skipSpace()
                    let key = try string()
                    skipSpace()
                    try expect(":")
                    members.append((key, try value()))
                    skipSpace()
                    if offset < bytes.count, bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
                    try expect("}")
                    return .object(members)
                }
            case UInt8(ascii: "["):
                offset += 1
                var items: [Value] = []
                skipSpace()
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") { offset += 1; return .array(items) }
                while true {
                    items.append(try value())
                    skipSpace()
                    if offset < bytes.count, bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
                    try expect("]")
                    return .array(items)
                }
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try expect("true"); return .bool(true)
            case UInt8(ascii: "f"): try expect("false"); return .bool(false)
            case UInt8(ascii: "n"): try expect("null"); return .null
            default: return try number()
            }
        }

        mutating func number() throws -> Value {
            let start = offset
            let allowed = Set("+-0123456789.eE".utf8)
            while offset < bytes.count, allowed.contains(bytes[offset]) { offset += 1 }
            let text = String(decoding: bytes[start..<offset], as: UTF8.self)
            guard Self.isJSONNumber(bytes[start..<offset]), let number = Double(text) else {
                throw Failure(offset: start, message: "not a JSON number: '\(text)'")
            }
            return .number(number, text)
        }

        /// RFC 8259's grammar: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
        static func isJSONNumber(_ text: ArraySlice<UInt8>) -> Bool {
            var rest = text[...]
            func digits() -> Int {
                let count = rest.prefix { (0x30...0x39).contains($0) }.count
                rest = rest.dropFirst(count)
                return count
            }
            if rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
            if rest.first == UInt8(ascii: "0") { rest = rest.dropFirst() } else if digits() == 0 { return false }
            if rest.first == UInt8(ascii: ".") {
                rest = rest.dropFirst()
                if digits() == 0 { return false }
            }
            if rest.first == UInt8(ascii: "e") || rest.first == UInt8(ascii: "E") {
                rest = rest.dropFirst()
                if rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
                if digits() == 0 { return false }
            }
            return rest.isEmpty
        }

        mutating func string() throws -> String {
            try expect("\"")
            var scalars = String.UnicodeScalarView()
            var run: [UInt8] = []
            func flush() {
                scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
                run = []
            }
            while true {
                guard offset < bytes.count else { throw Failure(offset: offset, message: "unterminated string") }
                let byte = bytes[offset]
                offset += 1
                switch byte {
                case UInt8(ascii: "\""):
                    flush()
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    flush()
                    guard offset < bytes.count else { throw Failure(offset: offset, message: "unterminated escape") }
                    let escape = bytes[offset]
                    offset += 1
                    switch escape {
                    case UInt8(ascii: "\""): scalars.append("\"")
                    case UInt8(ascii: "\\"): scalars.append("\\")
                    case UInt8(ascii: "/"): scalars.append("/")
                    case UInt8(ascii: "b"): scalars.append("\u{08}")
                    case UInt8(ascii: "f"): scalars.append("\u{0C}")
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "u"):
                        var code = try hex4()
                        if (0xD800..<0xDC00).contains(code) {
                            try expect("\\u")
                            let low = try hex4()
                            guard (0xDC00..<0xE000).contains(low) else { throw Failure(offset: offset, message: "unpaired surrogate") }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let scalar = Unicode.Scalar(code) else { throw Failure(offset: offset, message: "unpaired surrogate") }
                        scalars.append(scalar)
                    default: throw Failure(offset: offset - 1, message: "bad escape")
                    }
                case 0x00..<0x20: throw Failure(offset: offset - 1, message: "control character in a string")
                default: run.append(byte)
                }
            }
        }

        mutating func hex4() throws -> UInt32 {
            guard offset + 4 <= bytes.count, bytes[offset..<offset + 4].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
                  let code = UInt32(String(decoding: bytes[offset..<offset + 4], as: UTF8.self), radix: 16) else {
                throw Failure(offset: offset, message: "bad \\u escape")
            }
            offset += 4
            return code
        }
    }

    /// The document as compact JSON text, numbers as they were written.
    static func serialize(_ value: Value) -> String {
        switch value {
        case .object(let members): "{" + members.map { quote($0.key) + ":" + serialize($0.value) }.joined(separator: ",") + "}"
        case .array(let items): "[" + items.map(serialize).joined(separator: ",") + "]"
        case .string(let text): quote(text)
        case .number(_, let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        }
    }

    static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// The paths (as array indices and keys) of every object with two keys or more.
    static func objectPaths(in value: Value, at path: [String] = []) -> [[String]] {
        switch value {
        case .object(let members):
            (members.count >= 2 ? [path] : []) + members.flatMap { objectPaths(in: $0.value, at: path + [$0.key]) }
        case .array(let items):
            items.indices.flatMap { objectPaths(in: items[$0], at: path + ["\($0)"]) }
        default: []
        }
    }

    /// `value` with the keys of the object at `path` in reverse order.
    static func reversingKeys(of value: Value, at path: ArraySlice<String>) -> Value {
        switch value {
        case .object(let members):
            guard let first = path.first else { return .object(members.reversed()) }
            return .object(members.map { $0.key == first ? ($0.key, reversingKeys(of: $0.value, at: path.dropFirst())) : $0 })
        case .array(var items):
            guard let first = path.first, let index = Int(first) else { return value }
            items[index] = reversingKeys(of: items[index], at: path.dropFirst())
            return .array(items)
        default: return value
        }
    }
}
