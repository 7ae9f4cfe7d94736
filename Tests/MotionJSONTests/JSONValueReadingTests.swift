import Foundation
import MotionJSON
import Testing

/// The number reader the strict document readers share, and `JSONValue` read through a `Decoder`.
@Suite("JSON: reading numbers and decoding values")
struct JSONValueReadingTests {
    @Test(arguments: [
        (JSONValue.number(2.5), 2.5), (.integer(3), 3.0), (.number(0), 0.0),
    ])
    func acceptedNumbers(_ entry: (value: JSONValue, number: Double)) throws {
        #expect(try entry.value.number(at: "a.b", mustBe: "a finite number ≥ 0") { $0 >= 0 } == entry.number)
    }

    @Test(arguments: [
        (JSONValue.number(-1), "a.b must be a finite number ≥ 0; got -1.0"),
        (.number(-1e-7), "a.b must be a finite number ≥ 0; got -1e-07"),
        (.number(.infinity), "a.b must be a finite number ≥ 0; got a number too large for a double"),
        (.number(-.infinity), "a.b must be a finite number ≥ 0; got a number too large for a double"),
        (.number(.nan), "a.b must be a finite number ≥ 0; got NaN (not a number)"),
        (.string("1"), #"a.b must be a finite number ≥ 0; got the string "1""#),
        (.bool(false), "a.b must be a finite number ≥ 0; got false"),
        (.null, "a.b must be a finite number ≥ 0; got null"),
        (.array([.number(1)]), "a.b must be a finite number ≥ 0; got an array"),
        (.object([]), "a.b must be a finite number ≥ 0; got an object"),
    ])
    func rejectedNumbers(_ entry: (value: JSONValue, message: String)) {
        let error = #expect(throws: PathError.self) { try entry.value.number(at: "a.b", mustBe: "a finite number ≥ 0") { $0 >= 0 } }
        #expect(error?.description == entry.message)
    }

    /// A decoder's value as a `JSONValue`: every kind, object keys in name order (a decoder reports
    /// no order), and the same value back through an encoder.
    @Test func decodesEveryKind() throws {
        let text = #"{"b": [1, true, null, "s", -0.5e3], "a": {"d": {}, "c": []}}"#
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        let expected = JSONValue.object([
            ("a", .object([("c", .array([])), ("d", .object([]))])),
            ("b", .array([.number(1), .bool(true), .null, .string("s"), .number(-500)])),
        ])
        #expect(value == expected)
        #expect(try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(expected)) == expected)
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data("\"x\"".utf8)) == .string("x"))
    }
}
