extension CheckRun {
    /// GitHub Actions workflow commands: `::error file=…,title=…::message` for each failure at
    /// level `error` and each problem, `::warning …` for each failure at level `warn`.
    public var githubAnnotations: String {
        var lines: [String] = []
        for testcase in testcases where !testcase.passed {
            let command = testcase.level == .error ? "error" : "warning"
            lines.append("::\(command) file=\(Self.property(testcase.recording)),title=\(Self.property("\(testcase.check): \(testcase.name)"))::\(Self.data(testcase.message))")
        }
        for problem in problems {
            let title = problem.check.map { "\($0): cannot check" } ?? "cannot check"
            lines.append("::error file=\(Self.property(problem.subject)),title=\(Self.property(title))::\(Self.data(problem.message))")
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// A workflow command's message: `%`, CR and LF escaped as the runner expects.
    static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A workflow command's property value: also `:` and `,`.
    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
