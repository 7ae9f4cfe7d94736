import MotionJSON
import Testing

/// The one location-plus-message error prints each kind of location as the command line and the
/// Python package show it; the expected texts are written out by hand from those formats.
@Suite("Path errors")
struct PathErrorTests {
    @Test(arguments: [
        (PathError(path: "tracks[0].keyframes[2].duration", message: "must be a finite number ≥ 0; got -1.0"),
         "tracks[0].keyframes[2].duration must be a finite number ≥ 0; got -1.0"),
        (PathError(message: "is not valid JSON: line 1, column 9: a comma before '}' (trailing commas are not JSON)"),
         "is not valid JSON: line 1, column 9: a comma before '}' (trailing commas are not JSON)"),
        (PathError(file: "out/", message: "is a directory; give a file name"), "out/: is a directory; give a file name"),
        (PathError(file: "", message: "an empty output path"), ": an empty output path"),
        (PathError(file: "m.json", path: "checks[0]", message: "needs \"recordings\""), "m.json: checks[0] needs \"recordings\""),
        (PathError(column: 22, message: "expected ',' or ')'"), "column 22: expected ',' or ')'"),
        (PathError(path: "transactions[1].animation", column: 9, expression: ".smooth x", message: "unexpected 'x'"),
         "transactions[1].animation, column 9: unexpected 'x'\n  .smooth x\n          ^"),
        (PathError(column: 1, expression: "x", message: "unexpected 'x'"), "column 1: unexpected 'x'\n  x\n  ^"),
    ])
    func description(error: PathError, text: String) {
        #expect(error.description == text)
    }

    @Test func strictMembersThrowAtTheOffendingKey() {
        let object = JSONValue.object([("a", .integer(1)), ("b", .null), ("c", .null)])
        #expect(throws: PathError(path: "top.b", message: "is not a key of a thing; nor is 'c' (allowed: a)")) {
            _ = try object.strictMembers(at: "top", describedAs: "a thing", allowed: ["a"])
        }
        #expect(throws: PathError(path: "top.a", message: "appears twice")) {
            _ = try JSONValue.object([("a", .null), ("a", .null)]).strictMembers(at: "top", describedAs: "a thing", allowed: ["a"])
        }
        #expect(throws: PathError(path: "", message: "must be a thing (an object); got an array")) {
            _ = try JSONValue.array([]).strictMembers(at: "", describedAs: "a thing", allowed: ["a"])
        }
    }
}
