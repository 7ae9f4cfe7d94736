import Foundation
import Testing

/// What a user reads — the README, the generated examples, the DocC catalogs, the strings the
/// command line prints (help, errors) — must make sense in a clone of this repository alone:
/// it may not send the reader to a document the repository does not have (the internal
/// product specification, "SPEC"). Where a rule needs a reference, the text points to the DocC
/// articles or docs/.
@Suite("User-facing text names no document outside the repository")
struct UserFacingTextTests {
    static let root = MotionLabExecutable.repositoryRoot

    /// The forbidden word, standing alone ("SPEC", "SPEC.md", "SPEC §6"; not "SPECIFIC").
    static func mentions(_ line: Substring) -> Bool {
        line.ranges(of: "SPEC").contains { range in
            let after = line[range.upperBound...].first
            return !(after?.isLetter ?? false) && !(after?.isNumber ?? false)
        }
    }

    /// Every file under `folder` (relative to the repository root) whose name ends in `suffix`.
    static func files(under folder: String, suffix: String) -> [URL] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.path.hasSuffix(suffix) }
    }

    /// `file:line` for each line of a text file that `test` flags (by default: mentions the word);
    /// `include` picks the lines that count (all of a Markdown file; the code lines of a Swift file).
    static func offences(in urls: [URL], include: (Substring) -> Bool = { _ in true },
                         test: (Substring) -> Bool = mentions) throws -> [String] {
        var found: [String] = []
        for url in urls {
            let text = try String(contentsOf: url, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where include(line) && test(line) {
                found.append("\(url.path.replacingOccurrences(of: root.path + "/", with: "")):\(number + 1)")
            }
        }
        return found
    }

    /// The word, or a section number ("spec §3"; "\u00a7" as JSON escapes it): the product
    /// specification's numbering, which no document of the repository has.
    static func cites(_ line: Substring) -> Bool {
        mentions(line) || line.contains("§") || line.contains("\\u00a7")
    }

    @Test("the word test itself: standalone words only")
    func wordMatching() {
        #expect(Self.mentions("see SPEC §6"))
        #expect(Self.mentions("../shared/SPEC.md"))
        #expect(!Self.mentions("SPECIFIC rules"))
        #expect(!Self.mentions("data/timelines/spec-example.json"))
        #expect(Self.cites("MotionLab's spec §3"))
        #expect(Self.cites(#"{"method": "design matrix from \u00a74"}"#))
        #expect(!Self.cites("data/timelines/spec-example.json"))
    }

    @Test("README, docs/ and every DocC catalog", arguments: ["README.md", "docs", "Sources"])
    func markdown(_ place: String) throws {
        let urls = place.hasSuffix(".md")
            ? [Self.root.appendingPathComponent(place)]
            : Self.files(under: place, suffix: ".md")
        #expect(!urls.isEmpty)
        #expect(try Self.offences(in: urls, test: Self.cites) == [])
    }

    /// DocC comments of Swift symbols: neither the word nor a section number.
    @Test("documentation comments in Sources/")
    func documentationComments() throws {
        let urls = Self.files(under: "Sources", suffix: ".swift")
        #expect(urls.count > 100)
        let doc = { (line: Substring) in line.drop { $0 == " " }.hasPrefix("///") }
        #expect(try Self.offences(in: urls, include: doc, test: Self.cites) == [])
    }

    /// What the notebooks, the Python package and the data files say (markdown and code cells,
    /// docstrings, the descriptions in data/reference): neither the word nor a section number.
    @Test("notebooks, python/ and data/", arguments: [
        "notebooks/*.ipynb", "notebooks/*.py", "python/*.py", "python/*.md", "data/*.md", "data/*.json",
    ])
    func notebooksPythonAndData(_ pattern: String) throws {
        let parts = pattern.split(separator: "*", maxSplits: 1).map(String.init)
        let urls = Self.files(under: parts[0], suffix: parts[1])
        #expect(!urls.isEmpty)
        #expect(try Self.offences(in: urls, test: Self.cites) == [])
    }

    /// Swift sources: every line that is not a comment — string literals, single-line and
    /// multi-line (help texts, error messages). Documentation comments are not strings a
    /// command prints.
    @Test("string literals in Sources/")
    func swiftStrings() throws {
        let urls = Self.files(under: "Sources", suffix: ".swift")
        #expect(urls.count > 100)
        let code = { (line: Substring) in !line.drop { $0 == " " }.hasPrefix("//") }
        #expect(try Self.offences(in: urls, include: code) == [])
    }

    /// What `--help` prints for every command, as a user sees it (interpolated texts included).
    @Test("--help of every command", arguments: [
        [], ["spring"], ["spring", "sample"], ["curve"], ["keyframes", "eval"], ["keyframes", "verify"],
        ["fit", "keyframes"], ["fit", "spring"], ["fit", "bezier"], ["settle"], ["animate"], ["report"],
        ["check"], ["export"], ["import"],
    ])
    func help(_ command: [String]) throws {
        let result = try MotionLabExecutable.run(command + ["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE"))
        #expect(!Self.mentions(Substring(result.stdout + result.stderr)))
    }
}
