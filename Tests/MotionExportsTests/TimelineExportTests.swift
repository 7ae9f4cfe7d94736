import Foundation
import MotionCurves
import MotionExports
import MotionKeyframes
import MotionSprings
import MotionTestSupport
import PropertyBased
import Testing

/// Timelines exported to CSS `@keyframes`, read back by a parser and an easing evaluator written
/// here from CSS Easing (bisection on the bezier's x, `linear()` per Easing Level 2), against the
/// timeline's own evaluation (MotionKeyframes).
@Suite("Timeline export to CSS and Web Animations")
struct TimelineExportTests {
    /// One `@keyframes` rule: (offset, value, easing text) per keyframe.
    struct ParsedRule {
        var property: String
        var keyframes: [(offset: Double, value: Double, easing: String)]

        /// The value at `offset` as CSS Animations computes it: the interval's easing from its start keyframe.
        func value(at offset: Double) throws -> Double {
            guard let next = keyframes.firstIndex(where: { $0.offset >= offset }) else { return keyframes.last!.value }
            if next == 0 || keyframes[next].offset == offset { return keyframes[next].value }
            let a = keyframes[next - 1], b = keyframes[next]
            let u = (offset - a.offset) / (b.offset - a.offset)
            return a.value + (b.value - a.value) * (try TimelineExportTests.ease(a.easing, u))
        }
    }

    struct Malformed: Error { var text: String }

    /// Every `@keyframes` rule of a CSS export.
    static func parse(_ css: String) throws -> [ParsedRule] {
        var rules: [ParsedRule] = []
        var current: ParsedRule? = nil
        for line in css.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.hasPrefix("@keyframes ") { current = ParsedRule(property: "", keyframes: []); continue }
            guard current != nil else { continue }
            if line == "}" { rules.append(current!); current = nil; continue }
            // "37.5% { --x: 12; animation-timing-function: cubic-bezier(…); }"
            guard let percent = line.firstIndex(of: "%"), let offset = Double(line[..<percent]),
                  let open = line.firstIndex(of: "{"), let close = line.lastIndex(of: "}") else { throw Malformed(text: line) }
            let declarations = line[line.index(after: open)..<close].split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            var value: Double? = nil, easing = "linear"
            for declaration in declarations where !declaration.isEmpty {
                let colon = declaration.firstIndex(of: ":")!
                let name = declaration[..<colon].trimmingCharacters(in: .whitespaces)
                let text = declaration[declaration.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                if name == "animation-timing-function" { easing = text } else { current!.property = name; value = Double(text) }
            }
            guard let value else { throw Malformed(text: line) }
            current!.keyframes.append((offset / 100, value, easing))
        }
        return rules
    }

    /// An easing function's output at input progress `u`, from its CSS text.
    static func ease(_ text: String, _ u: Double) throws -> Double {
        if text == "linear" { return u }
        if text.hasPrefix("cubic-bezier(") {
            let p = text.dropFirst("cubic-bezier(".count).dropLast().split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces))! }
            func coordinate(_ a: Double, _ b: Double, _ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s }
            var (lo, hi) = (0.0, 1.0)
            for _ in 0..<200 {
                let mid = (lo + hi) / 2
                if coordinate(p[0], p[2], mid) < u { lo = mid } else { hi = mid }
            }
            return coordinate(p[1], p[3], (lo + hi) / 2)
        }
        if text.hasPrefix("linear(") { return try CSSLinearReader(text).value(u) }
        throw Malformed(text: text)
    }

    /// A timeline's values at `times` against the CSS export read back; returns the largest
    /// deviation in units of the value range, away from each jump's sliver.
    static func deviation(_ timeline: TimelineDocument, _ export: TimelineExport, times: [Double]) throws -> Double {
        let rules = try parse(export.css().text)
        #expect(rules.count == timeline.tracks.count)
        var worst = 0.0
        for (track, rule) in zip(export.tracks, rules) {
            let path = timeline.paths[timeline.tracks.firstIndex { $0.property == track.property }!]
            let values = (0...200).map { path.value(at: path.duration * Double($0) / 200) } + [path.initialValue]
            let range = max((values.max()! - values.min()!), 1e-12)
            let jumps = track.segments.filter { $0.easing == .jump }.map(\.startTime)
            for t in times where !jumps.contains(where: { t >= $0 && t <= $0 + 2 * TimelineExport.jumpWidth }) {
                let exact = path.value(at: t)
                let exported = try rule.value(at: t / export.playDuration)
                worst = max(worst, (abs(exported - exact) - track.maxError) / range)
            }
        }
        return worst
    }

    @Test("Cubic, linear (bezier curves) and move keyframes are exact")
    func exact() async throws {
        await propertyCheck(count: 150, input: Gen.double(in: 0...1).array(of: 5).array(of: 1...7)) { specs in
            let keyframes: [Keyframe<Double>] = specs.map { s in
                let to = -10 + 20 * s[1], d = 0.05 + 0.9 * s[2]
                switch Int(s[0] * 3) {
                case 0: return .move(MoveKeyframe(to))
                case 1: return .linear(LinearKeyframe(to, duration: d, timingCurve: [UnitCurve.linear, .easeInOut,
                            .bezier(startControlPoint: UnitPoint(x: 0.3, y: -0.4), endControlPoint: UnitPoint(x: 0.7, y: 1.3))][Int(s[3] * 2.99)]))
                default: return .cubic(CubicKeyframe(to, duration: d, startVelocity: s[3] < 0.2 ? 80 * s[4] - 40 : nil))
                }
            }
            let timeline = TimelineDocument(initialValue: .scalar(1), tracks: [TimelineDocument.Track(nil, keyframes: keyframes)])
            guard timeline.duration > 0 else { return }
            let export = try TimelineExport(timeline)
            #expect(export.maxError < 1e-12 * 20, "\(specs)")
            let times = (0...300).map { timeline.duration * Double($0) / 300 }
            let worst = try Self.deviation(timeline, export, times: times)
            // Exact up to the doubles' rounding: of the ordinates (up to 8) and of the offsets.
            #expect(worst < 1e-8, "\(specs): \(worst)")
        }
    }

    /// Moves in a row happen at one instant: the timeline shows the values between them for no
    /// time, so the export has one jump, from the value before the first to the last, drawn as one
    /// sliver. (Drawn as a sliver each, four moves took 40 µs and a time 28 µs after the instant
    /// showed 6.87 where the timeline is at −9.27.)
    @Test("Moves in a row are one jump")
    func movesInARow() throws {
        let timeline = TimelineDocument(initialValue: .scalar(1), tracks: [TimelineDocument.Track(nil, keyframes: [
            .linear(LinearKeyframe(0.5, duration: 0.5, timingCurve: .easeInOut)),
            .move(MoveKeyframe(1.75)), .move(MoveKeyframe(2.5)), .move(MoveKeyframe(8)), .move(MoveKeyframe(-9.25)),
            .linear(LinearKeyframe(-3.5, duration: 0.15, timingCurve: .easeInOut)),
            .move(MoveKeyframe(4)), .move(MoveKeyframe(-3.5)),  // there and back: no jump at all
        ])])
        let export = try TimelineExport(timeline)
        let jumps = export.tracks[0].segments.filter { $0.easing == .jump }
        #expect(jumps.map { [$0.startTime, $0.from, $0.to] } == [[0.5, 0.5, -9.25]])
        let times = (0...300).map { timeline.duration * Double($0) / 300 } + (3...9).map { 0.5 + Double($0) * 1e-5 }
        #expect(try Self.deviation(timeline, export, times: times) < 1e-8)
    }

    @Test("Spring keyframes within the stated error, circular curves too; several tracks")
    func approximated() throws {
        let timeline = TimelineDocument.springsAndCircularCurves
        let export = try TimelineExport(timeline, tolerance: 0.3)
        #expect(export.maxError <= 0.3)
        #expect(export.maxError > 0)
        let times = (0...1200).map { timeline.duration * Double($0) / 1200 }
        #expect(try Self.deviation(timeline, export, times: times) < 1e-9)
        let css = export.css(name: "card").text
        #expect(css.contains("@property --x {"))
        #expect(css.contains("@keyframes card-y {"))
        #expect(css.contains("animation: card-x 1.2s linear both,\n    card-y 1.2s linear both;"))
        // The y spring returns to where it started (Δ = 0): it was split, never divided by zero.
        #expect(!css.contains("nan") && !css.contains("inf"))
    }

    @Test("Web Animations JSON: sorted offsets, one property per keyframe, duration in ms")
    func webAnimations() throws {
        let timeline = TimelineDocument(initialValue: .scalar(0), tracks: [TimelineDocument.Track(nil, keyframes: [
            .cubic(CubicKeyframe(10, duration: 0.5)), .move(MoveKeyframe(20)), .linear(LinearKeyframe(30, duration: 0.5, timingCurve: .easeIn))])])
        let export = try TimelineExport(timeline).webAnimations()
        let object = try JSONSerialization.jsonObject(with: Data(export.text.utf8)) as! [String: Any]
        let keyframes = object["keyframes"] as! [[String: Any]]
        let offsets = keyframes.map { $0["offset"] as! Double }
        #expect(offsets == offsets.sorted())
        #expect(keyframes.allSatisfy { $0.keys.filter { $0.hasPrefix("--") } == ["--value"] })
        #expect(keyframes.first?["easing"] as? String == "cubic-bezier(0.3333333333333333, 0, 0.6666666666666666, 1)")
        #expect((object["options"] as! [String: Any])["duration"] as? Double == 1000)
        #expect(export.notes.contains { $0.contains("each jump (moves at one time are one) takes") })
    }

    @Test("A timeline that lasts 0 s or a tolerance ≤ 0 is an error")
    func errors() {
        let still = TimelineDocument(initialValue: .scalar(0), tracks: [TimelineDocument.Track(nil, keyframes: [.move(MoveKeyframe(1))])])
        #expect(throws: ExportError("the timeline lasts 0 s: there is nothing to animate")) { _ = try TimelineExport(still) }
        let moving = TimelineDocument(initialValue: .scalar(0), tracks: [TimelineDocument.Track(nil, keyframes: [.cubic(CubicKeyframe(1, duration: 1))])])
        #expect(throws: ExportError.self) { _ = try TimelineExport(moving, tolerance: 0) }
    }
}

@Suite("Export of values at the edge of the doubles")
struct TimelineExportOverflowTests {
    @Test("A timeline whose change overflows is refused by the reader, naming the keyframe")
    func reader() {
        let text = #"{"initialValue": -1.7e308, "keyframes": [{"type": "cubic", "to": 1.7e308, "duration": 0.5}]}"#
        #expect {
            _ = try TimelineDocument.decode(json: Data(text.utf8))
        } throws: { error in
            "\(error)".hasPrefix("keyframes[0] moves from -1.7e+308 to 1.7e+308")
        }
    }

    @Test("A timeline built in code with such a change is refused by the export, never written as NaN")
    func export() {
        let timeline = TimelineDocument(initialValue: .scalar(-1.7e308), tracks: [TimelineDocument.Track(nil, keyframes: [.linear(LinearKeyframe(1.7e308, duration: 1))])])
        #expect(throws: ExportError.self) { _ = try TimelineExport(timeline) }
        // Large but representable: exported, every number finite.
        let large = TimelineDocument(initialValue: .scalar(0), tracks: [TimelineDocument.Track(nil, keyframes: [.cubic(CubicKeyframe(1e307, duration: 1)), .cubic(CubicKeyframe(-1e307, duration: 1))])])
        let css = try? TimelineExport(large).css().text
        #expect(css != nil && !(css!.contains("nan") || css!.contains("inf")))
    }
}
