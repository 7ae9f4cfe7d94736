import Foundation
import MotionCurves
import MotionExports
import MotionImports
import MotionKeyframes
import PropertyBased
import Testing

/// CSS `@keyframes` and Web Animations JSON imported as timelines: export → import gives back
/// the keyframes; hand-written CSS and JSON give the motion the CSS and Web Animations specs
/// define (values checked against numbers worked out here on paper).
@Suite("CSS and Web Animations keyframes import")
struct KeyframesImportTests {
    /// Keyframes of cubic, linear and move kinds with distinct values (no leading or
    /// consecutive moves: an export folds those into its neighbours), tangents within the
    /// export's unsplit range.
    static func timeline(_ specs: [[Double]], properties: Bool) -> TimelineDocument {
        if properties {
            return TimelineDocument(initialValue: .properties([.init("x", 1), .init("opacity", 1)]), tracks: [
                TimelineDocument.Track("x", keyframes: keyframes(specs)), TimelineDocument.Track("opacity", keyframes: keyframes(specs.reversed()))])
        }
        return TimelineDocument(initialValue: .scalar(1), tracks: [TimelineDocument.Track(nil, keyframes: keyframes(specs))])
    }

    static func keyframes(_ specs: [[Double]]) -> [Keyframe<Double>] {
        var keyframes: [Keyframe<Double>] = []
        var previous = 1.0
        for (i, s) in specs.enumerated() {
            let to = previous + (s[1] < 0.5 ? -1 : 1) * (1 + 9 * s[1])
            let d = 0.05 + 0.9 * s[2]
            let kind = Int(s[0] * 3)
            if kind == 0 && i > 0, case .move? = keyframes.last {} else if kind == 0 && i > 0 {
                keyframes.append(.move(MoveKeyframe(to)))
                previous = to
                continue
            }
            if kind == 1 {
                keyframes.append(.linear(LinearKeyframe(to, duration: d, timingCurve: [UnitCurve.linear, .easeInOut, .easeIn,
                    .bezier(startControlPoint: UnitPoint(x: 0.3, y: -0.4), endControlPoint: UnitPoint(x: 0.7, y: 1.3))][Int(s[3] * 3.99)])))
            } else {
                // |m/(3Δ)| ≤ 2: the export keeps it in one piece.
                let delta = to - previous
                keyframes.append(.cubic(CubicKeyframe(to, duration: d, startVelocity: (s[3] * 4 - 2) * 3 * delta / d,
                                                      endVelocity: (s[4] * 4 - 2) * 3 * delta / d)))
            }
            previous = to
        }
        return keyframes
    }

    static func close(_ a: Double, _ b: Double, _ relative: Double, scale: Double = 1) -> Bool {
        abs(a - b) <= relative * max(abs(a), abs(b), scale)
    }

    /// The same keyframes: kinds, values (1e-12 relative), durations and tangents (1e-9 relative).
    static func same(_ a: TimelineDocument, _ b: TimelineDocument) -> String? {
        guard a.initialValue == b.initialValue || "\(a.initialValue)" == "\(b.initialValue)" else { return "initial values \(a.initialValue) vs \(b.initialValue)" }
        guard a.paths.count == b.paths.count else { return "\(a.paths.count) tracks vs \(b.paths.count)" }
        for (p, q) in zip(a.paths, b.paths) {
            let x = p.segments, y = q.segments
            guard x.count == y.count else { return "\(x.count) keyframes vs \(y.count): \(y.map(\.motion))" }
            for (s, t) in zip(x, y) {
                guard close(s.to, t.to, 1e-12), close(s.duration, t.duration, 1e-12) else { return "keyframe \(s.index + 1): \(s) vs \(t)" }
                switch (s.motion, t.motion) {
                case (.move, .move): break
                case let (.linear(c), .linear(d)):
                    let (e, f) = (c.controlPoints, d.controlPoints)
                    guard (e == nil) == (f == nil) else { return "keyframe \(s.index + 1): curve \(c) vs \(d)" }
                    if let e, let f, !(close(e.start.x, f.start.x, 1e-9) && close(e.start.y, f.start.y, 1e-9)
                                        && close(e.end.x, f.end.x, 1e-9) && close(e.end.y, f.end.y, 1e-9)) { return "keyframe \(s.index + 1): curve \(c) vs \(d)" }
                case (.cubic, .cubic):
                    let (m0, m1, n0, n1) = (s.startTangent, s.endTangent, t.startTangent, t.endTangent)
                    let scale = abs(s.to - s.from)
                    guard close(m0, n0, 1e-9, scale: scale), close(m1, n1, 1e-9, scale: scale) else { return "keyframe \(s.index + 1): tangents \(m0), \(m1) vs \(n0), \(n1)" }
                default: return "keyframe \(s.index + 1): \(s.motion) vs \(t.motion)"
                }
            }
        }
        return nil
    }

    @Test("Export → import round trip gives back cubic, linear and move keyframes (CSS and Web Animations)")
    func roundTrip() async throws {
        await propertyCheck(count: 150, input: Gen.double(in: 0...1).array(of: 5).array(of: 1...7), Gen.bool) { specs, properties in
            let timeline = Self.timeline(specs, properties: properties)
            let export = try TimelineExport(timeline)
            let css = try CSSKeyframesImport.timeline(export.css().text)
            #expect(Self.same(timeline, css) == nil, "CSS \(specs): \(Self.same(timeline, css) ?? "")")
            let waapi = try WebAnimationsImport.timeline(json: Array(export.webAnimations().text.utf8))
            #expect(Self.same(timeline, waapi) == nil, "WAAPI \(specs): \(Self.same(timeline, waapi) ?? "")")
        }
    }

    @Test("steps() is an error naming the keyframe unless approximate is set")
    func stepsNeedApproximate() {
        #expect {
            _ = try CSSKeyframesImport.timeline("@keyframes a { 0% { --x: 0; animation-timing-function: steps(3) } 100% { --x: 3 } }", options: KeyframesImportOptions(duration: 1))
        } throws: { error in
            "\(error)".contains("@keyframes a keyframe 0%: 'steps(3)' is a staircase") && "\(error)".contains("--approximate")
        }
        #expect(throws: ImportError.self) {
            _ = try WebAnimationsImport.timeline(json: Array(#"{"keyframes": [{"--x": 0, "easing": "step-end"}, {"--x": 1}], "options": {"duration": 500}}"#.utf8))
        }
    }

    @Test("Hand-written CSS: from/to, selector lists, merged duplicates, named easings, steps() and linear() exactly")
    func css() throws {
        let text = """
            /* a comment */
            @keyframes fade {
              from { opacity: 0; animation-timing-function: ease-in }
              50%, 75% { opacity: 0.5; animation-timing-function: steps(2, jump-end) }
              75% { animation-timing-function: linear(0, 0.8 50%, 1) }
              to { opacity: 1 }
            }
            .card { animation: fade 2s linear both; }
            """
        let timeline = try CSSKeyframesImport.timeline(text, options: KeyframesImportOptions(approximate: true))
        #expect(timeline.duration == 2)
        // ease-in = cubic-bezier(0.42, 0, 1, 1) over [0, 1] s from 0 to 0.5.
        #expect(abs(timeline.value(time: 0.5)["opacity"]! - 0.5 * Self.bezier(0.42, 0, 1, 1, 0.5)) < 1e-12)
        // steps(2, jump-end) from 0.5 to 0.5 over [1, 1.5]: constant.
        #expect(timeline.value(time: 1.3)["opacity"] == 0.5)
        // linear(0, 0.8 50%, 1) from 0.5 to 1 over [1.5, 2]: at 1.625 (u = 0.25) 0.5 + 0.5·0.4.
        #expect(abs(timeline.value(time: 1.625)["opacity"]! - 0.7) < 1e-12)
        #expect(abs(timeline.value(time: 1.875)["opacity"]! - (0.5 + 0.5 * 0.9)) < 1e-12)
    }

    @Test("Web Animations: missing offsets spaced evenly, duplicate offsets jump, steps() exact")
    func waapi() throws {
        let json = """
            {"keyframes": [{"--x": 0, "easing": "steps(4)"}, {"--x": 8}, {"offset": 0.5, "--x": 20}, {"--x": 10}], "options": {"duration": 1000}}
            """
        let timeline = try WebAnimationsImport.timeline(json: Array(json.utf8), options: KeyframesImportOptions(approximate: true))
        // Offsets 0, 0.25, 0.5, 1: steps(4, end) from 0 to 8 over [0, 0.25]: 0, 2, 4, 6.
        #expect(timeline.value(time: 0.1)["x"] == 2)
        #expect(timeline.value(time: 0.2)["x"] == 6)
        #expect(abs(timeline.value(time: 0.375)["x"]! - 14) < 1e-12)
        #expect(abs(timeline.value(time: 0.75)["x"]! - 15) < 1e-12)
        let jump = try WebAnimationsImport.timeline(json: Array("""
            [{"offset": 0, "opacity": 0}, {"offset": 0.5, "opacity": 0.2}, {"offset": 0.5, "opacity": 0.9}, {"offset": 1, "opacity": 1}]
            """.utf8), options: KeyframesImportOptions(duration: 2))
        #expect(abs(jump.value(time: 0.999)["opacity"]! - 0.1998) < 1e-12)
        #expect(abs(jump.value(time: 1.0 + 1e-9)["opacity"]! - 0.9) < 1e-8)
        #expect(jump.tracks[0].keyframes.contains { $0.kind == "move" })
    }

    @Test("Errors name the rule, keyframe and property, and the valid range")
    func errors() {
        func message(_ body: () throws -> TimelineDocument) -> String {
            do { _ = try body(); return "" } catch { return "\(error)" }
        }
        #expect(message { try CSSKeyframesImport.timeline("@keyframes slide { from { translate: 0px } to { translate: 10px } }", options: .init(duration: 1)) }
            .contains("@keyframes slide keyframe 0%: translate: '0px' is not a plain number"))
        #expect(message { try CSSKeyframesImport.timeline("@keyframes a { from { --x: 0 } to { --x: 1 } }") }.contains("@keyframes a has no duration"))
        #expect(message { try CSSKeyframesImport.timeline("@keyframes a { 50% { --x: 0 } to { --x: 1 } }", options: .init(duration: 1)) }
            .contains("x has no keyframe at 0%"))
        #expect(message { try CSSKeyframesImport.timeline("@keyframes a { from { --x: 0; animation-timing-function: cubic-bezier(2, 0, 1, 1) } to { --x: 1 } }", options: .init(duration: 1)) }
            .contains("keyframe 0%: 'cubic-bezier(2, 0, 1, 1)': x1 and x2 must be in [0, 1]"))
        #expect(message { try WebAnimationsImport.timeline(json: Array(#"[{"offset": 0.6, "--x": 0}, {"offset": 0.5, "--x": 1}]"#.utf8), options: .init(duration: 1)) }
            .contains("keyframe 2: offset 0.5 is below the previous offset 0.6"))
        #expect(message { try WebAnimationsImport.timeline(json: Array(#"{"keyframes": [{"--x": 0}, {"--x": 1}], "options": {"duration": 1000, "easing": "ease"}}"#.utf8)) }
            .contains("options.easing 'ease'"))
    }

    static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ u: Double) -> Double {
        func c(_ a: Double, _ b: Double, _ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s }
        var (lo, hi) = (0.0, 1.0)
        for _ in 0..<200 { let m = (lo + hi) / 2; if c(x1, x2, m) < u { lo = m } else { hi = m } }
        return c(y1, y2, (lo + hi) / 2)
    }
}

/// What a JSON document is taken for: Web Animations keyframes are objects of properties, a
/// timeline's keyframes have a "type" — a timeline without its initialValue must not be read as
/// Web Animations (and then asked for options.duration).
@Suite("Telling the sources apart")
struct ImportSourceTests {
    @Test(arguments: [
        (#"{"keyframes": [{"opacity": 0}, {"opacity": 1}], "options": {"duration": 300}}"#, MotionImport.Source?.some(.webAnimations)),
        (#"{"keyframes": {"opacity": [0, 1]}, "options": {"duration": 300}}"#, .some(.webAnimations)),
        (#"[{"transform": "translateX(0px)"}, {"transform": "translateX(10px)"}]"#, .some(.webAnimations)),
        (#"{"keyframes": [{"type": "linear", "to": 1, "duration": 1}]}"#, nil),
        (#"{"initialValue": 0, "keyframes": [{"type": "linear", "to": 1, "duration": 1}]}"#, nil),
        ("[1, 2, 3]", nil),
    ])
    func source(json: String, expected: MotionImport.Source?) {
        #expect(MotionImport.source(of: Data(json.utf8)) == expected, "\(json)")
    }

    @Test("A timeline without initialValue is told so by the timeline reader")
    func timelineWithoutInitialValue() {
        let data = Data(#"{"keyframes": [{"type": "linear", "to": 1, "duration": 1}]}"#.utf8)
        #expect(throws: ImportError.self) { _ = try MotionImport().anyTimeline(data, name: "t.json") }
        do { _ = try MotionImport().anyTimeline(data, name: "t.json") } catch {
            #expect(error.message.contains("initialValue"), "\(error)")
        }
    }
}
