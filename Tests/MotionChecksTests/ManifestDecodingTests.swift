import Foundation
import MotionChecks
import MotionIO
import MotionJSON
import Testing

@Suite("Manifest decoding")
struct ManifestDecodingTests {
    /// A manifest's checks, summarised for comparisons: name, recordings, column, level, expectations.
    static func summary(_ manifest: CheckManifest) -> [String] {
        manifest.checks.map { check in
            let expectations = check.expectations.map { expectation -> String in
                switch expectation {
                case .spring(let bounds): "spring " + bounds.map { "\($0.0.rawValue) \($0.1)" }.joined(separator: "; ")
                case let .step(quantity, range): "\(quantity.rawValue) \(range)"
                case let .matches(reference, maxError, maxShift): "matches \(reference.summary) ≤ \(maxError) shift \(String(describing: maxShift))"
                case let .baseline(template, maxError): "baseline \(template) ≤ \(maxError)"
                }
            }
            return "\(check.name) | \(check.recordings) | \(check.column ?? "-") | \(check.level) | \(check.threshold) | " + expectations.joined(separator: " | ")
        }
    }

    @Test("The worked example reads the same from JSON and YAML")
    func jsonAndYAML() throws {
        let directory = Fixture.repositoryRoot + "/data/checks"
        let json = try CheckManifest.load(path: directory + "/motion-checks.json")
        let yaml = try CheckManifest.load(path: directory + "/motion-checks.yaml")
        #expect(Self.summary(json) == Self.summary(yaml))
        #expect(json.checks.count == 2)
        #expect(json.checks[0].expectations.flatMap(\.testcaseNames)
                == ["spring", "settlingTime", "overshoot", "riseTime", "matches", "baseline"])
        #expect(json.checks[1].level == .warn)
        #expect(json.directory == directory)
    }

    static let valid = #"{"name": "a", "recordings": "x.csv", "expect": {"overshoot": {"max": 5}}}"#

    /// Bad manifests: the path the error names and a fragment of its message.
    @Test(arguments: [
        (#"{"checks": []}"#, "checks", "non-empty list"),
        (#"{"checks": [{"recordings": "x.csv", "colum": "y", "lvl": "warn", "expect": {"overshoot": {"max": 1}}}]}"#, "checks[0].colum", "nor is 'lvl'"),
        (#"{"check": []}"#, "check", "is not a key of a manifest"),
        (#"[]"#, "", "must be a manifest (an object)"),
        (#"{"checks": [{"recordings": "x.csv"}]}"#, "checks[0]", "needs \"expect\""),
        (#"{"checks": [{"expect": {"overshoot": {"max": 5}}}]}"#, "checks[0]", "needs \"recordings\""),
        (#"{"checks": [{"recordings": [], "expect": {"overshoot": {"max": 5}}}]}"#, "checks[0].recordings", "non-empty list"),
        (#"{"checks": [{"recordings": ["a.csv", 3], "expect": {"overshoot": {"max": 5}}}]}"#, "checks[0].recordings[1]", "non-empty string"),
        (#"{"checks": [{"recordings": "x.csv", "expect": {"overshot": {"max": 5}}}]}"#, "checks[0].expect.overshot", "is not a key of an expect object"),
        (#"{"checks": [{"recordings": "x.csv", "expect": {}}]}"#, "checks[0].expect", "at least one of"),
        (#"{"checks": [{"recordings": "x.csv", "expect": {"overshoot": {"min": 5, "max": 1}}}]}"#, "checks[0].expect.overshoot", "inverted: min 5.0 > max 1.0"),
        (#"{"checks": [{"recordings": "x.csv", "expect": {"overshoot": {}}}]}"#, "checks[0].expect.overshoot", "must give \"min\", \"max\" or both"),
        (#"{"checks": [{"recordings": "x.csv", "expect": {"overshoot": {"max": "5"}}}]}"#, "checks[0].expect.overshoot.max", "must be a finite number; got the string \"5\""),
        (#"{"checks": [{"recordings": "x.csv", "expect": {"overshoot": {"max": 1e999}}}]}"#, "checks[0].expect.overshoot.max", "must be a finite number; got a number too large for a double"),
        (#"{"checks": [{"recordings": "x.csv", "threshold": 1.5, "expect": {"overshoot": {"max": 5}}}]}"#, "checks[0].threshold", "must be a fraction of the step in (0, 1), such as 0.02; got 1.5"),
        (#"{"checks": [{"recordings": "x.csv", "expect": {"overshoot": {"max": 5, "mx": 1}}}]}"#, "checks[0].expect.overshoot.mx", "is not a key"),
        (#"{"checks": [{"recordings": "x.csv", "expect": {"spring": {"duraton": {"max": 1}}}}]}"#, "checks[0].expect.spring.duraton", "is not a key of a spring expectation"),
        (#"{"checks": [{"recordings": "x.csv", "expect": {"spring": {}}}]}"#, "checks[0].expect.spring", "at least one of duration"),
        (#"{"checks": [{"recordings": "x.csv", "level": "fatal", "expect": {"overshoot": {"max": 5}}}]}"#, "checks[0].level", "must be error or warn; got 'fatal'"),
        (#"{"checks": [{"recordings": "x.csv", "timeUnit": "min", "expect": {"overshoot": {"max": 5}}}]}"#, "checks[0].timeUnit", "must be one of s, ms"),
        (#"{"checks": [{"recordings": "x.csv", "threshold": 2, "expect": {"overshoot": {"max": 5}}}]}"#, "checks[0].threshold", "in (0, 1)"),
        (#"{"checks": [{"recordings": "x.csv", "fps": 0, "expect": {"overshoot": {"max": 5}}}]}"#, "checks[0].fps", "a frame rate in (0, 1000]"),
        (#"{"checks": [{"recordings": "x.csv", "fps": 60, "timeUnit": "ms", "expect": {"overshoot": {"max": 5}}}]}"#, "checks[0].fps", "and timeUnit cannot both be given"),
        (#"{"checks": [{"recordings": "x.csv", "expect": {"matches": {"maxError": 1}}}]}"#, "checks[0].expect.matches", "needs one of timeline, scenario, spring, curve"),
        (#"{"checks": [{"recordings": "x.csv", "expect": {"matches": {"spring": {"from": 0, "to": 1}}}}]}"#, "checks[0].expect.matches", "needs \"maxError\""),
        (#"{"checks": [{"recordings": "x.csv", "expect": {"matches": {"spring": {"from": 0, "to": 1}, "curve": {}, "maxError": 1}}}]}"#, "checks[0].expect.matches", "gives spring and curve; give exactly one"),
        (#"{"checks": [{"recordings": "x.csv", "expect": {"matches": {"spring": {"to": 1}, "maxError": 1}}}]}"#, "checks[0].expect.matches.spring", "needs \"from\""),
        (#"{"checks": [{"recordings": "x.csv", "expect": {"matches": {"spring": {"from": 0, "to": 1, "bounce": 3}, "maxError": 1}}}]}"#, "checks[0].expect.matches.spring.bounce", "must be"),
        (#"{"checks": [{"recordings": "x.csv", "expect": {"matches": {"spring": {"from": 0, "to": 1}, "maxError": 0}}}]}"#, "checks[0].expect.matches.maxError", "> 0"),
        (#"{"checks": [{"recordings": "x.csv", "expect": {"matches": {"spring": {"from": 0, "to": 1}, "maxError": 1, "allowShift": -1}}}]}"#, "checks[0].expect.matches.allowShift", "largest shift in seconds"),
        (#"{"checks": [{"recordings": "x.csv", "expect": {"matches": {"spring": {"from": 0, "to": 1}, "maxError": 1, "allowShift": 1e17}}}]}"#, "checks[0].expect.matches.allowShift", "largest shift in seconds, in (0, 3600]"),
        (#"{"checks": [{"recordings": "x.csv", "expect": {"matches": {"curve": {"controlPoints": [1.5, 0, 0.5, 1], "from": 0, "to": 1, "duration": 1}, "maxError": 1}}}]}"#, "checks[0].expect.matches.curve.controlPoints", "x1"),
        (#"{"checks": [{"recordings": "x.csv", "expect": {"matches": {"curve": {"controlPoints": [0.5, 0, 0.5], "from": 0, "to": 1, "duration": 1}, "maxError": 1}}}]}"#, "checks[0].expect.matches.curve.controlPoints", "4 numbers"),
        (#"{"checks": [{"recordings": "x.csv", "expect": {"matches": {"curve": {"controlPoints": [0.5, 0, 0.5, 1], "from": 0, "to": 1, "duration": 0}, "maxError": 1}}}]}"#, "checks[0].expect.matches.curve.duration", "> 0"),
        (#"{"checks": [{"recordings": "x.csv", "expect": {"matches": {"timeline": "missing.json", "maxError": 1}}}]}"#, "checks[0].expect.matches.timeline", "no such file"),
        (#"{"checks": [{"recordings": "x.csv", "expect": {"baseline": {"maxError": 1}}}]}"#, "checks[0].expect.baseline", "needs \"recording\""),
        (#"{"checks": [{"recordings": "x.csv", "expect": {"overshoot": {"max": 5}, "overshoot": {"max": 6}}}]}"#, "checks[0].expect.overshoot", "appears twice"),
        (#"{"checks": [\#(valid), \#(valid)]}"#, "checks[1].name", "repeats the name 'a'"),
    ])
    func errors(text: String, path: String, message: String) throws {
        let document = try JSONValue.parse(Data(text.utf8))
        #expect {
            _ = try CheckManifest.decode(document, file: "m.json")
        } throws: { error in
            guard let error = error as? PathError else { return false }
            return error.path == path && error.message.contains(message) && error.file == "m.json"
        }
    }

    @Test("A file that is not a manifest: the file, then the line and column")
    func unreadable() throws {
        let fixture = Fixture()
        let cases: [(String, String, String)] = [
            ("bad.json", "{\"checks\": [}", "is not valid JSON: line 1, column 13"),
            ("bad.yaml", "checks:\n  - name: a\n   recordings: [x\n", "is not valid YAML: line"),
            ("merge.yaml", "checks:\n  - recordings: x.csv\n    expect: {overshoot: {max: 5}}\n    <<: 3\n", "a merge key (<<) takes a mapping"),
            ("quoted.yaml", "checks:\n  - recordings: x.csv\n    expect: {overshoot: {max: 5}}\n    '<<': {level: warn}\n", "checks[0].<< is not a key of a check"),
            ("twice.yaml", "checks: []\nchecks: []\n", "repeats the key checks"),
            ("empty.yaml", "", "is not valid YAML: is empty"),
            ("nan.yaml", "checks:\n  - recordings: x.csv\n    expect: {overshoot: {max: .nan}}\n", "overshoot.max must be a finite number; got NaN (not a number)"),
        ]
        for (name, text, message) in cases {
            let path = fixture.write(name, text)
            #expect {
                _ = try CheckManifest.load(path: path)
            } throws: { error in
                "\(error)".hasPrefix(path + ": ") && "\(error)".contains(message)
            }
        }
        #expect(throws: PathError(file: fixture.path("none.json"), message: "no such file")) {
            _ = try CheckManifest.load(path: fixture.path("none.json"))
        }
    }

    @Test("YAML anchors and aliases share a value")
    func aliases() throws {
        let fixture = Fixture()
        let path = fixture.write("alias.yaml", "checks:\n  - recordings: x.csv\n    expect: {overshoot: &band {min: 1, max: 5}}\n  - name: second\n    recordings: y.csv\n    expect: {undershoot: *band}\n")
        let manifest = try CheckManifest.load(path: path)
        #expect(Self.summary(manifest) == ["check 1 | [\"x.csv\"] | - | error | 0.02 | overshoot 1 … 5",
                                           "second | [\"y.csv\"] | - | error | 0.02 | undershoot 1 … 5"])
    }

    @Test("YAML merge keys: the merged mappings' keys that the mapping does not give itself, the first merged one winning")
    func mergeKeys() throws {
        let value = try JSONValue.parse(yaml: """
            base: &base {level: warn, threshold: 0.05, column: y}
            other: &other {column: x, timeUnit: ms}
            one: {<<: *base, level: error}
            two: {<<: [*other, *base], name: b}
            """)
        guard case .object(let members) = value else { Issue.record("not an object"); return }
        let one = try #require(members.first { $0.0 == "one" }?.1)
        let two = try #require(members.first { $0.0 == "two" }?.1)
        #expect(one == .object([("level", .string("error")), ("threshold", .number(0.05)), ("column", .string("y"))]))
        #expect(two == .object([("name", .string("b")), ("column", .string("x")), ("timeUnit", .string("ms")),
                                ("level", .string("warn")), ("threshold", .number(0.05))]))
        // In a manifest: shared settings of two checks.
        let fixture = Fixture()
        let path = fixture.write("merge.yaml", """
            defaults: &defaults {column: y, level: warn}
            checks:
              - {<<: *defaults, recordings: x.csv, expect: {overshoot: {max: 5}}}
            """)
        #expect(throws: PathError.self) { _ = try CheckManifest.load(path: path) }  // `defaults` is no manifest key
        let valid = fixture.write("merge-valid.yaml", """
            checks:
              - &first {name: a, column: y, level: warn, recordings: x.csv, expect: {overshoot: {max: 5}}}
              - {<<: *first, name: b}
            """)
        #expect(Self.summary(try CheckManifest.load(path: valid)) == ["a | [\"x.csv\"] | y | warn | 0.02 | overshoot ≤ 5",
                                                                        "b | [\"x.csv\"] | y | warn | 0.02 | overshoot ≤ 5"])
    }

    @Test("YAML scalars take their core-schema types")
    func yamlScalars() throws {
        let value = try JSONValue.parse(yaml: "a: 1\nb: 1.5\nc: true\nd: ~\ne: text\nf: '2'\ng: .inf\nh: [1, x]\n")
        let expected: JSONValue = .object([
            ("a", .integer(1)), ("b", .number(1.5)), ("c", .bool(true)), ("d", .null), ("e", .string("text")),
            ("f", .string("2")), ("g", .number(.infinity)), ("h", .array([.integer(1), .string("x")])),
        ])
        #expect(value == expected)
    }
}
