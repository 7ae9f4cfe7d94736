import MotionJSON
import MotionNumerics

extension CheckTestcase.Expected {
    /// `{"min", "max"}` (the ends given) or `{"maxError"}`.
    public var json: JSONValue {
        switch self {
        case .range(let range):
            .object([("min", range.min.map(JSONValue.number)), ("max", range.max.map(JSONValue.number))].compactMap { key, value in value.map { (key, $0) } })
        case .maxError(let maxError):
            .object([("maxError", .number(maxError))])
        case .ranges(let ranges):
            .object(ranges.map { ($0.name, CheckTestcase.Expected.range($0.range).json) })
        }
    }

    /// `0.45 … 0.55`, `≤ 2`: for tables and failure texts.
    public var summary: String {
        switch self {
        case .range(let range): range.description
        case .maxError(let maxError): "max |error| ≤ \(DecimalText.shortest(maxError))"
        case .ranges(let ranges): ranges.map { "\($0.name) \($0.range)" }.joined(separator: ", ")
        }
    }
}

extension CheckTestcase {
    /// The JSON Lines object: `recording`, `check`, `name`, `passed`, `level`,
    /// `measured` (a number, "inf"/"-inf", or null when nothing could be measured; for `spring`, an
    /// object of the bounded figures), `expected`, `message`, then the details.
    public var json: JSONValue {
        func number(_ value: Double?) -> JSONValue {
            switch value {
            case nil: .null
            case let x? where x.isNaN: .null
            case let x? where x.isInfinite: .string(x > 0 ? "inf" : "-inf")
            case let x?: .number(x)
            }
        }
        let measuredValue = figures.isEmpty ? number(measured) : .object(figures.map { ($0.name, number($0.value)) })
        return .object([
            ("recording", .string(recording)), ("check", .string(check)), ("name", .string(name)),
            ("passed", .bool(passed)), ("level", .string(level.rawValue)), ("measured", measuredValue),
            ("expected", expected.json), ("message", .string(message)),
        ] + details)
    }
}

extension CheckProblem {
    /// A problem as a JSON Lines object of the testcases' shape: `name` is `read`, `passed` false.
    public var json: JSONValue {
        .object([
            ("recording", .string(subject)), ("check", check.map(JSONValue.string) ?? .null), ("name", .string("read")),
            ("passed", .bool(false)), ("level", .string("error")), ("measured", .null), ("expected", .null),
            ("message", .string(message)),
        ])
    }
}

extension CheckRun {
    /// One JSON object per line: every testcase, then every problem.
    public var jsonLines: String {
        (testcases.map(\.json) + problems.map(\.json)).map { $0.serialized(pretty: false) + "\n" }.joined()
    }
}

extension CheckRun {
    /// The whole run as one document: `exitStatus`, `recordings`, `passed`, `failed`,
    /// `warnings`, then `testcases` and `problems` as in ``jsonLines``.
    public var json: JSONValue {
        .object([
            ("exitStatus", .integer(Int(exitStatus))), ("recordings", .integer(recordingCount)),
            ("passed", .integer(testcases.filter(\.passed).count)), ("failed", .integer(failures.count)),
            ("warnings", .integer(warnings.count)),
            ("testcases", .array(testcases.map(\.json))), ("problems", .array(problems.map(\.json))),
        ])
    }
}
