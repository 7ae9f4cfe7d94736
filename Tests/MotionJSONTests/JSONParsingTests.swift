import Foundation
import MotionJSON
import MotionNumerics
import PropertyBased
import Testing

/// The strict, order-keeping JSON parser against Foundation's JSONSerialization (an independent
/// parser) and against hand-counted lines and columns of syntax errors.
@Suite("JSON parsing")
struct JSONParsingTests {
    /// Our value compared with JSONSerialization's, keys compared as sets (it has no order).
    static func same(_ ours: JSONValue, _ theirs: Any) -> Bool {
        switch ours {
        case .null: return theirs is NSNull
        case .bool(let b): return (theirs as? Bool) == b
        // JSONSerialization reads long numbers through NSDecimalNumber, whose conversion to a
        // double is off by ulps for ordinary magnitudes and unreliable for extreme ones: compare to 1e-15 relative
        // there, and only the kind outside (the round trip checks those exactly).
        case .number(let x):
            guard let number = theirs as? NSNumber else { return false }
            if x != 0 && !(1e-15...1e15).contains(abs(x)) { return true }
            return abs(number.doubleValue - x) <= 1e-15 * abs(x)
        case .integer(let i): return (theirs as? NSNumber).map { $0.intValue == i } ?? false
        case .string(let s): return (theirs as? String) == s
        case .array(let items):
            guard let list = theirs as? [Any], list.count == items.count else { return false }
            return zip(items, list).allSatisfy { same($0, $1) }
        case .object(let pairs):
            guard let dictionary = theirs as? [String: Any], dictionary.count == pairs.count else { return false }
            return pairs.allSatisfy { key, value in dictionary[key].map { same(value, $0) } ?? false }
        }
    }

    static let documents = [
        #"{"initialValue": {"z": 0, "a": 1.5e-3, "m": -2}, "tracks": []}"#,
        #"[1, -0.0, 1e308, 2.2250738585072014e-308, 4.9e-324, 123456789012345678901234567890, 0.1]"#,
        #"{"s": "a\"b\\c\/d\b\f\n\r\t\u00e9\ud83d\ude00", "t": true, "f": false, "n": null, "e": {}, "a": [[]]}"#,
        "\u{FEFF}{\"bom\": 1}",
        "  \n\t{ \"x\" :\r\n [ 1 , 2 ] } \n",
    ]

    @Test(arguments: documents)
    func agreesWithJSONSerialization(text: String) throws {
        let ours = try JSONValue.parse(Array(text.utf8))
        let theirs = try JSONSerialization.jsonObject(with: Data(text.utf8.drop { $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }),
                                                      options: [.fragmentsAllowed])
        #expect(Self.same(ours, theirs), "\(ours)")
    }

    @Test func keepsKeyOrder() throws {
        let value = try JSONValue.parse(Array(#"{"z": 0, "a": 1, "m": {"y": 2, "b": 3}}"#.utf8))
        guard case .object(let pairs) = value, case .object(let inner)? = value["m"] else {
            Issue.record("not an object: \(value)")
            return
        }
        #expect(pairs.map(\.0) == ["z", "a", "m"])
        #expect(inner.map(\.0) == ["y", "b"])
    }

    /// (text, line, column, fragment): positions counted by hand, columns in characters from 1.
    @Test(arguments: [
        ("{\"a\": 1,}", 1, 9, "trailing commas"),
        ("[1, 2,]", 1, 7, "trailing commas"),
        ("{\n  \"a\": 01\n}", 2, 9, "leading zero"),
        ("{\"é\": tru}", 1, 7, "expected true"),
        ("time,y\n0,1\n", 1, 1, "unexpected 'time'; expected a value"),
        ("[nul]", 1, 2, "expected null"),
        ("[falsy]", 1, 2, "unexpected 'falsy'; expected a value"),
        ("[1 2]", 1, 4, "expected ',' or ']'"),
        ("{\"a\" 1}", 1, 6, "expected ':'"),
        ("\"abc", 1, 5, "end of the text inside a string"),
        ("[\"a\tb\"]", 1, 4, "control character"),
        ("{} x", 1, 4, "after the document"),
        ("[1.]", 1, 4, "digit after the decimal point"),
        ("[\"\\x\"]", 1, 3, "is not an escape"),
        ("", 1, 1, "end of the text"),
        ("{'a': 1}", 1, 2, "expected a key in double quotes"),
        ("[NaN]", 1, 2, "expected a value"),
    ] as [(String, Int, Int, String)])
    func syntaxErrors(text: String, line: Int, column: Int, fragment: String) {
        do {
            let value = try JSONValue.parse(Array(text.utf8))
            Issue.record("parsed \(text) as \(value)")
        } catch {
            #expect(error.line == line && error.column == column, "\(text): \(error)")
            #expect(error.message.contains(fragment), "\(text): \(error)")
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(Array(deep.utf8)) }
        let fine = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(throws: Never.self) { try JSONValue.parse(Array(fine.utf8)) }
    }

    /// Random documents written by MotionLab's serializer read back to the same value, and
    /// JSONSerialization agrees with the parse.
    @Test func roundTrips() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...Int(UInt32.max))) { seed in
            var generator = SplitMix64(seed: UInt64(seed) &+ 0x9E37_79B9_7F4A_7C15)
            func next() -> UInt64 { generator.next() }
            func random(_ depth: Int) -> JSONValue {
                switch next() % (depth > 3 ? 4 : 6) {
                case 0: return .null
                case 1: return .bool(next() & 1 == 0)
                case 2:
                    let x = Double(bitPattern: next())
                    return .number(x.isFinite ? x : Double(next() % 1000) / 7)
                case 3: return .string(String((0..<Int(next() % 6)).map { _ in Character(Unicode.Scalar(UInt8(32 + next() % 90))) }) + "é\n\"")
                case 4: return .array((0..<Int(next() % 4)).map { _ in random(depth + 1) })
                default: return .object((0..<Int(next() % 4)).map { i in ("k\(i)\(next() % 10)", random(depth + 1)) })
                }
            }
            let value = random(0)
            let text = value.serialized(pretty: next() & 1 == 0)
            let parsed = try? JSONValue.parse(Array(text.utf8))
            #expect(parsed == value, "\(text)")
            if let theirs = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]), let parsed {
                #expect(Self.same(parsed, theirs), "\(text)")
            }
        }
    }
}
