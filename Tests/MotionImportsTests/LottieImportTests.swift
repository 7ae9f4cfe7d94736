import Foundation
import MotionCurves
import MotionImports
import MotionJSON
import MotionKeyframes
import Testing

/// Hand-written Lottie files imported as the spec says they play (values worked out here by hand),
/// and the errors, each naming its JSON path.
@Suite("Lottie import")
struct LottieImportTests {
    /// A composition at `fr` whose one layer has `layer` (JSON text of its fields).
    static func document(fr: Double = 30, _ layer: String) -> [UInt8] {
        Array("{\"fr\": \(fr), \"ip\": 0, \"op\": 60, \"w\": 100, \"h\": 100, \"layers\": [{\"ty\": 3, \"nm\": \"a\", \"ip\": 0, \"op\": 60, \(layer)}]}".utf8)
    }

    static func value(_ timeline: TimelineDocument, _ name: String?, _ t: Double) -> Double { timeline.value(time: t)[name]! }

    /// y of the CSS cubic-bezier(x1, y1, x2, y2) at x, by bisection on the curve parameter.
    static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double) -> Double {
        func b(_ p1: Double, _ p2: Double, _ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s }
        var (lo, hi) = (0.0, 1.0)
        for _ in 0..<200 { let m = (lo + hi) / 2; if b(x1, x2, m) < x { lo = m } else { hi = m } }
        return b(y1, y2, (lo + hi) / 2)
    }

    @Test("Holds: the value stays until the next keyframe, then moves on; opacity ÷ 100")
    func holds() throws {
        let timeline = try LottieImport().timeline(json: Self.document("""
            "ks": {"o": {"a": 1, "k": [{"t": 0, "s": [0], "h": 1},
                                       {"t": 15, "s": [100], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}},
                                       {"t": 30, "s": [50]}]}}
            """))
        #expect(timeline.initialValue.propertyNames == ["opacity"])
        #expect(Self.value(timeline, "opacity", 0.25) == 0)
        #expect(Self.value(timeline, "opacity", 0.4999) == 0)
        #expect(Self.value(timeline, "opacity", 0.5001) == 1 - 0.5 * 0.0001 / 0.5)  // linear from 1 to 0.5 over 0.5 s
        #expect(abs(Self.value(timeline, "opacity", 0.75) - 0.75) < 1e-15)
        #expect(Self.value(timeline, "opacity", 2) == 0.5)
    }

    @Test("Handles per dimension: a non-uniform scale gives scale.x and scale.y, each with its own easing")
    func perDimension() throws {
        let timeline = try LottieImport().timeline(json: Self.document(fr: 60, """
            "ks": {"s": {"a": 1, "k": [{"t": 0, "s": [100, 200, 100], "o": {"x": [0.5, 0], "y": [0, 0]}, "i": {"x": [0.5, 1], "y": [1, 1]}},
                                       {"t": 60, "s": [300, 400, 100]}]}}
            """))
        #expect(timeline.initialValue.propertyNames == ["scale.x", "scale.y"])
        // x: 1 + 2·bezier(0.5, 0, 0.5, 1); symmetric, so 0.5 at the middle. y: linear from 2 to 4.
        #expect(abs(Self.value(timeline, "scale.x", 0.5) - 2) < 1e-12)
        #expect(abs(Self.value(timeline, "scale.x", 0.25) - (1 + 2 * Self.bezier(0.5, 0, 0.5, 1, 0.25))) < 1e-12)
        #expect(abs(Self.value(timeline, "scale.y", 0.25) - 2.5) < 1e-12)
    }

    @Test("Split position, a static y; a cubic at thirds becomes a cubic keyframe with its velocities")
    func splitPosition() throws {
        let timeline = try LottieImport().timeline(json: Self.document("""
            "ks": {"p": {"s": true, "x": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.3333333333333333], "y": [0.1]}, "i": {"x": [0.6666666666666666], "y": [0.8]}},
                                                          {"t": 30, "s": [10]}]},
                                    "y": {"a": 0, "k": 7}}}
            """))
        #expect(timeline.initialValue == .properties([.init("x", 0), .init("y", 7)]))
        // Δ = 10 over 1 s: v0 = 3·10·0.1 = 3, v1 = 3·10·(1 − 0.8) = 6.
        guard case .cubic(let cubic) = timeline.tracks[0].keyframes[0] else { Issue.record("not a cubic keyframe"); return }
        #expect(abs(cubic.startVelocity! - 3) < 1e-12 && abs(cubic.endVelocity! - 6) < 1e-12)
        // Hermite at u = 0.5: (0 + 10)/2 + (m0 − m1)/8 = 5 + (3 − 6)/8.
        #expect(abs(Self.value(timeline, "x", 0.5) - (5 - 3.0 / 8)) < 1e-12)
        #expect(Self.value(timeline, "y", 0.5) == 7)
    }

    @Test("Non-split 2-D position: x and y tracks; zero spatial tangents are a straight path")
    func vectorPosition() throws {
        let timeline = try LottieImport().timeline(json: Self.document("""
            "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [0, 100, 0], "o": {"x": 0.25, "y": 0.1}, "i": {"x": 0.25, "y": 1}, "to": [0, 0, 0], "ti": [0, 0, 0]},
                                       {"t": 30, "s": [50, 0, 0]}]}}
            """))
        #expect(timeline.initialValue.propertyNames == ["x", "y"])
        let p = Self.bezier(0.25, 0.1, 0.25, 1, 0.4)
        #expect(abs(Self.value(timeline, "x", 0.4) - 50 * p) < 1e-9)
        #expect(abs(Self.value(timeline, "y", 0.4) - (100 - 100 * p)) < 1e-9)
    }

    @Test("A slider named value is a scalar timeline; two keyframes at one frame are a move")
    func sliderAndJump() throws {
        let timeline = try LottieImport().timeline(json: Self.document("""
            "ks": {}, "ef": [{"ty": 5, "nm": "value", "ef": [{"ty": 0, "nm": "Slider", "v": {"a": 1, "k": [
                {"t": 0, "s": [1], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [2], "h": 1}, {"t": 30, "s": [9]}]}}]}]
            """))
        #expect(timeline.initialValue == .scalar(1))
        #expect(timeline.tracks[0].keyframes == [.linear(LinearKeyframe(2, duration: 1)), .move(MoveKeyframe(9))])
        #expect(Self.value(timeline, nil, 0.5) == 1.5)
        #expect(Self.value(timeline, nil, 1.01) == 9)
    }

    @Test("--property picks any property by its path, values as the file holds them")
    func propertyPath() throws {
        let bytes = Self.document("""
            "ks": {"a": {"a": 1, "k": [{"t": 0, "s": [5, 6], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [15, 6]}]},
                   "o": {"a": 1, "k": [{"t": 0, "s": [0], "h": 1}, {"t": 30, "s": [100]}]}}
            """)
        let anchor = try LottieImport(property: "ks.a").timeline(json: bytes)
        #expect(anchor.initialValue == .properties([.init("x", 5), .init("y", 6)]))
        #expect(Self.value(anchor, "x", 0.5) == 10)
        let opacity = try LottieImport(property: "ks.o").timeline(json: bytes)
        #expect(opacity.initialValue == .scalar(0))
        #expect(Self.value(opacity, nil, 2) == 100)
    }

    @Test("Errors name the JSON path", arguments: [
        (#""ks": {"r": {"a": 1, "k": 0, "x": "wiggle(2, 30)"}}"#, nil, nil, "layers[0].ks.r.x is an expression"),
        (#""ks": {"p": {"a": 1, "k": [{"t": 0, "s": [0, 0], "o": {"x": 0.3, "y": 0}, "i": {"x": 0.7, "y": 1}, "to": [10, 5], "ti": [0, 0]}, {"t": 30, "s": [50, 0]}]}}"#, nil, nil, "layers[0].ks.p.k[0].to is a spatial tangent"),
        (#""ks": {}"#, "b", nil, "layers has no layer named 'b' (layers: 'a')"),
        (#""ks": {}"#, nil, "ks.q", "layers[0].ks.q does not exist"),
        (#""ks": {"r": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 30, "s": [90]}]}}"#, nil, nil, "layers[0].ks.r.k[0].o is missing"),
        (#""ks": {"r": {"a": 1, "k": [{"t": 30, "s": [0], "h": 1}, {"t": 0, "s": [90]}]}}"#, nil, nil, "layers[0].ks.r.k[1].t is frame 0.0, before the previous"),
        (#""ks": {"r": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [1.5], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [90]}]}}"#, nil, nil, "layers[0].ks.r.k[0].o.x is 1.5"),
        (#""ks": {"r": {"a": 1, "k": [{"t": 0, "s": "a"}]}}"#, nil, nil, "layers[0].ks.r.k[0].s must be a number"),
        (#""ks": {"r": {"a": 1, "k": [{"t": 0, "s": [0], "h": 2}]}}"#, nil, nil, "layers[0].ks.r.k[0].h must be 0 or 1"),
        (#""ks": {"o": {"a": 0, "k": 100}}"#, nil, nil, "layers[0] has no animated property"),
    ] as [(String, String?, String?, String)])
    func errors(_ layer: String, _ name: String?, _ property: String?, _ expected: String) throws {
        let error = #expect(throws: PathError.self) {
            _ = try LottieImport(layer: name, property: property).timeline(json: Self.document(layer))
        }
        #expect(error?.description.hasPrefix(expected) == true, "\(error?.description ?? "no error")")
    }

    @Test("Not Lottie: invalid JSON with its line, a missing frame rate")
    func documentErrors() {
        #expect(throws: PathError.self) { _ = try LottieImport().timeline(json: Array("{\"fr\": 30,".utf8)) }
        let error = #expect(throws: PathError.self) { _ = try LottieImport().timeline(json: Array("{\"layers\": []}".utf8)) }
        #expect(error?.description == "fr is missing (the frame rate)")
    }
}
