import MotionAnimations
import MotionIO
import MotionJSON
import Testing

/// data/reference/animation_errors.json, written by the Python reference from its own loader:
/// each bad scenario is rejected at the same JSON path and, inside a SwiftUI expression, at the
/// same column; and the message says what is wrong in words.
@Suite("Bad scenarios, against the Python reference's loader")
struct ScenarioErrorTableTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var scenario: JSONValue
        var path: String
        var column: Int?
        var testDescription: String { name }
    }

    static let cases: [Case] = {
        guard let table = ReferenceTable.load("animation_errors.json") else { return [] }
        return table["cases"]!.items.map { c in
            Case(name: c["name"]!.string!, scenario: c["scenario"]!, path: c["path"]!.string!,
                 column: c["column"]!.double.map { Int($0) })
        }
    }()

    @Test func tableIsPresent() {
        #expect(Self.cases.count >= 100)
    }

    @Test(arguments: cases)
    func rejectedAtTheSamePlace(_ entry: Case) {
        do {
            let document = try AnimationScenarioDocument.decode(json: Array(entry.scenario.serialized().utf8))
            Issue.record("\(entry.name): accepted, as \(document)")
        } catch {
            #expect(error.path == entry.path, "\(entry.name): \(error)")
            #expect(error.column == entry.column, "\(entry.name): \(error)")
            #expect(!error.message.isEmpty)
        }
    }
}
