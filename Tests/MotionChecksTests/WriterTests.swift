import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import MotionChecks
import MotionIO
import MotionJSON
import Testing

@Suite("Check outputs")
struct WriterTests {
    static let run = CheckRun(testcases: [
        CheckTestcase(recording: "cap/a,b.csv", check: "sheet <open>", name: "spring.duration", level: .error, passed: false,
                      measured: 0.61, expected: .range(ValueRange(min: 0.45, max: 0.55)), message: "0.61, expected 0.45 … 0.55 & \"more\"\nline 2 100%"),
        CheckTestcase(recording: "cap/a,b.csv", check: "sheet <open>", name: "overshoot", level: .error, passed: true,
                      measured: 3, expected: .range(ValueRange(max: 5)), message: "3 %, expected ≤ 5 %"),
        CheckTestcase(recording: "cap/c.csv", check: "fade", name: "settlingTime", level: .warn, passed: false,
                      measured: .infinity, expected: .range(ValueRange(max: 1)), message: "never"),
    ], problems: [CheckProblem(subject: "cap/d.csv", message: "no such file\u{1}", check: "fade")], recordingCount: 3)

    @Test("JUnit XML: read back by Foundation's XML parser")
    func junit() throws {
        let xml = Self.run.junitXML()
        let document = try XMLDocument(data: Data(xml.utf8))
        let root = try #require(document.rootElement())
        #expect(root.attribute(forName: "tests")?.stringValue == "4")
        #expect(root.attribute(forName: "failures")?.stringValue == "1")
        #expect(root.attribute(forName: "errors")?.stringValue == "1")
        let failures = try root.nodes(forXPath: "//testcase[failure]").compactMap { $0 as? XMLElement }
        #expect(failures.map { $0.attribute(forName: "name")?.stringValue } == ["cap/a,b.csv › spring.duration"])
        #expect(failures.first?.attribute(forName: "classname")?.stringValue == "sheet <open>")
        let failure = try #require(failures.first?.elements(forName: "failure").first)
        #expect(failure.attribute(forName: "message")?.stringValue == "0.61, expected 0.45 … 0.55 & \"more\"\nline 2 100%")
        #expect(failure.stringValue?.contains("measured: 0.61 — expected: 0.45 … 0.55") == true)
        let errors = try root.nodes(forXPath: "//testcase[error]")
        #expect(errors.count == 1)
        #expect(try root.nodes(forXPath: "//testsuite").count == 2)
    }

    @Test("JSON Lines: one object per testcase and problem, with the contract's keys first")
    func jsonLines() throws {
        let lines = Self.run.jsonLines.split(separator: "\n")
        #expect(lines.count == 4)
        let keys = ["recording", "check", "name", "passed", "level", "measured", "expected", "message"]
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(Set(keys).isSubset(of: Set(object?.keys.map { $0 } ?? [])))
            guard case .object(let pairs) = try JSONValue.parse(Data(line.utf8)) else { Issue.record("not an object"); continue }
            #expect(Array(pairs.map(\.0).prefix(keys.count)) == keys)
        }
        let third = try JSONSerialization.jsonObject(with: Data(lines[2].utf8)) as? [String: Any]
        #expect(third?["measured"] as? String == "inf")
        #expect((third?["expected"] as? [String: Any])?["max"] as? Double == 1)
    }

    @Test("GitHub annotations: errors, warnings and problems, with the runner's escapes")
    func github() {
        let lines = Self.run.githubAnnotations.split(separator: "\n").map(String.init)
        #expect(lines == [
            "::error file=cap/a%2Cb.csv,title=sheet <open>%3A spring.duration::0.61, expected 0.45 … 0.55 & \"more\"%0Aline 2 100%25",
            "::warning file=cap/c.csv,title=fade%3A settlingTime::never",
            "::error file=cap/d.csv,title=fade%3A cannot check::no such file\u{1}",
        ])
    }

    @Test("Markdown summary: a table per check, failures listed, pipes escaped")
    func summary() {
        let md = Self.run.markdownSummary
        #expect(md.hasPrefix("## Motion checks: could not run\n"))
        #expect(md.contains("| cap/a,b.csv | spring.duration | 0.61 | 0.45 … 0.55 | ❌ fail |"))
        #expect(md.contains("| cap/c.csv | settlingTime | inf | ≤ 1 | ⚠️ warn |"))
        #expect(md.contains("### sheet &lt;open>"))
        #expect(md.contains("### Could not be checked"))
        #expect(Self.run.exitStatus == 2)
    }
}
