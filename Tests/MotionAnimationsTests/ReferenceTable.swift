import Foundation
import MotionAnimations
import MotionIO
import MotionJSON
import Testing
import MotionTestSupport

/// data/reference/animations.json, written by scripts/reference/animation_reference.py: an
/// independent Python implementation of SPEC §9 and the engine reference, with the frames,
/// events and duration of each scenario.
enum ReferenceTable {
    struct Entry: Sendable, CustomTestStringConvertible {
        var name: String
        var fps: Double
        var from: Double
        var to: Double
        var version: DefaultAnimationVersion
        /// The scenario document, as the table holds it (key order kept).
        var scenario: JSONValue
        /// The expected `motionlab animate` document.
        var expected: JSONValue
        var testDescription: String { name }
    }

    static let root = Repository.root

    static func load(_ name: String) -> JSONValue? {
        guard let data = try? Data(contentsOf: root.appendingPathComponent("data/reference/\(name)")) else { return nil }
        return try? JSONValue.parse(data)
    }

    static let entries: [Entry] = {
        guard case .array(let scenarios)? = load("animations.json")?["scenarios"] else { return [] }
        return scenarios.map { s in
            Entry(name: s["name"]!.string!, fps: s["fps"]!.double!, from: s["from"]!.double!, to: s["to"]!.double!,
                  version: DefaultAnimationVersion(rawValue: s["defaultAnimation"]!.string!)!,
                  scenario: s["scenario"]!, expected: s["expected"]!)
        }
    }()
}

extension JSONValue {
    var double: Double? {
        switch self {
        case .number(let x): x
        case .integer(let i): Double(i)
        case .string("inf"): .infinity
        case .string("-inf"): -.infinity
        default: nil
        }
    }

    var string: String? {
        if case .string(let s) = self { s } else { nil }
    }

    var items: [JSONValue] {
        if case .array(let items) = self { items } else { [] }
    }

    /// A number's one component, or an object's components in its key order.
    var components: [Double] {
        if case .object(let pairs) = self { return pairs.map { $0.1.double ?? .nan } }
        return [double ?? .nan]
    }
}
