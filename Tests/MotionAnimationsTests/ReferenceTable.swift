import Foundation
import MotionAnimations
import Testing

/// data/reference/animations.json, written by scripts/reference/animation_reference.py: an
/// independent Python implementation of SPEC §9 and the engine reference, with the frames,
/// events and duration of 39 scenarios.
enum ReferenceTable {
    struct Entry: @unchecked Sendable, CustomTestStringConvertible {
        var name: String
        var fps: Double
        var from: Double
        var to: Double
        var version: DefaultAnimationVersion
        var scenario: [String: Any]
        /// initialValue's keys in file order (JSONSerialization forgets it), nil for numbers.
        var keys: [String]?
        var expected: [String: Any]
        var testDescription: String { name }
    }

    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let entries: [Entry] = {
        let url = root.appendingPathComponent("data/reference/animations.json")
        guard let data = try? Data(contentsOf: url), let text = String(data: data, encoding: .utf8),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let scenarios = json["scenarios"] as? [[String: Any]] else { return [] }
        let keyOrders = initialValueKeyOrders(text)
        return scenarios.enumerated().map { index, s in
            Entry(name: s["name"] as! String, fps: jsonDouble(s["fps"])!,
                  from: jsonDouble(s["from"])!, to: jsonDouble(s["to"])!,
                  version: DefaultAnimationVersion(rawValue: s["defaultAnimation"] as! String)!,
                  scenario: s["scenario"] as! [String: Any],
                  keys: index < keyOrders.count ? keyOrders[index] : nil,
                  expected: s["expected"] as! [String: Any])
        }
    }()

    /// For each `"initialValue"` in the text, in order: the keys of its object, or nil for a number.
    static func initialValueKeyOrders(_ text: String) -> [[String]?] {
        var orders: [[String]?] = []
        var rest = text[...]
        while let marker = rest.range(of: "\"initialValue\":") {
            rest = rest[marker.upperBound...]
            let body = rest.drop { $0 == " " || $0 == "\n" }
            guard body.first == "{", let close = body.firstIndex(of: "}") else {
                orders.append(nil)
                continue
            }
            let object = body[body.startIndex...close]
            let keys = object.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            orders.append(keys)
        }
        return orders
    }
}
