import MotionIO
import MotionNumerics

extension CheckRun {
    /// JUnit XML as CI systems read it: one `testsuite` per check, one `testcase` per recording
    /// and expectation (`classname` the check, `name` "recording › expectation"), a `failure`
    /// with measured against expected for each failure at level `error`, a `system-out` warning
    /// for one at level `warn`, and an `error` testcase for each problem.
    public func junitXML(suiteName: String = "motionlab check") -> String {
        var checks: [String] = []
        for name in testcases.map(\.check) + problems.compactMap(\.check) where !checks.contains(name) { checks.append(name) }
        if problems.contains(where: { $0.check == nil }) { checks.append("") }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let errorCount = problems.count
        xml += "<testsuites name=\"\(Self.escape(suiteName))\" tests=\"\(testcases.count + errorCount)\" failures=\"\(failures.count)\" errors=\"\(errorCount)\">\n"
        for check in checks {
            let cases = testcases.filter { $0.check == check }
            let broken = problems.filter { ($0.check ?? "") == check }
            let failed = cases.filter(\.failsRun).count
            let suite = check.isEmpty ? "manifest" : check
            xml += "  <testsuite name=\"\(Self.escape(suite))\" tests=\"\(cases.count + broken.count)\" failures=\"\(failed)\" errors=\"\(broken.count)\" skipped=\"0\">\n"
            for testcase in cases {
                let name = "\(testcase.recording) › \(testcase.name)"
                xml += "    <testcase classname=\"\(Self.escape(suite))\" name=\"\(Self.escape(name))\" file=\"\(Self.escape(testcase.recording))\">\n"
                let text = "measured: \(testcase.measured == nil && testcase.figures.isEmpty ? "nothing" : testcase.measuredText { DecimalText.shortest($0) }) — expected: \(testcase.expected.summary)\n\(testcase.message)"
                if testcase.failsRun {
                    xml += "      <failure message=\"\(Self.escape(testcase.message))\" type=\"\(Self.escape(testcase.name))\">\(Self.escape(text))</failure>\n"
                } else if !testcase.passed {
                    xml += "      <system-out>\(Self.escape("warning (level warn): " + text))</system-out>\n"
                }
                xml += "    </testcase>\n"
            }
            for problem in broken {
                xml += "    <testcase classname=\"\(Self.escape(suite))\" name=\"\(Self.escape("\(problem.subject) › read"))\">\n"
                xml += "      <error message=\"\(Self.escape(problem.message))\" type=\"read\">\(Self.escape(problem.description))</error>\n"
                xml += "    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        return xml
    }

    /// Text for XML attributes and character data: MotionIO's markup escaping (the five entities,
    /// control characters XML 1.0 cannot carry as U+FFFD), with line breaks and tabs as character
    /// references so that attribute values keep them.
    static func escape(_ text: String) -> String {
        MarkupText.escaped(text).replacingOccurrences(of: "\n", with: "&#10;").replacingOccurrences(of: "\r", with: "&#13;")
            .replacingOccurrences(of: "\t", with: "&#9;")
    }
}
