import Foundation
import MotionCurves
import MotionExports
import MotionImports
import MotionIO
import MotionJSON
import MotionKeyframes
import MotionSprings
import PropertyBased
import Testing

/// Timelines exported to Lottie and imported back: the same motion (the timeline's own evaluation
/// at every time but a jump's instant) and, exported again, the same Lottie keyframes.
@Suite("Lottie export → import round trip")
struct LottieRoundTripTests {
    /// Every number of two JSON documents, in order, within `relative` of each other (the keys and
    /// the shape equal).
    static func sameNumbers(_ a: JSONValue, _ b: JSONValue, relative: Double, path: String = "") -> String? {
        switch (a, b) {
        case let (.number(x), .number(y)):
            return abs(x - y) <= relative * max(1, abs(x), abs(y)) ? nil : "\(path): \(x) ≠ \(y)"
        case let (.array(xs), .array(ys)):
            guard xs.count == ys.count else { return "\(path): \(xs.count) ≠ \(ys.count) entries" }
            for (i, (x, y)) in zip(xs, ys).enumerated() {
                if let d = sameNumbers(x, y, relative: relative, path: path + "[\(i)]") { return d }
            }
            return nil
        case let (.object(xs), .object(ys)):
            guard xs.map(\.0) == ys.map(\.0) else { return "\(path): keys \(xs.map(\.0)) ≠ \(ys.map(\.0))" }
            for ((k, x), (_, y)) in zip(xs, ys) {
                if let d = sameNumbers(x, y, relative: relative, path: path + "." + k) { return d }
            }
            return nil
        default:
            return a == b ? nil : "\(path): \(a) ≠ \(b)"
        }
    }

    static func keyframes(_ specs: [[Double]], scale: Double = 1) -> [Keyframe<Double>] {
        specs.map { s in
            let to = (-10 + 20 * s[1]) * scale, d = 0.05 + 0.9 * s[2]
            switch Int(s[0] * 3) {
            case 0: return .move(MoveKeyframe(to))
            case 1: return .linear(LinearKeyframe(to, duration: d, timingCurve: [UnitCurve.linear, .easeInOut,
                        .bezier(startControlPoint: UnitPoint(x: 0.3, y: -0.4), endControlPoint: UnitPoint(x: 0.7, y: 1.3))][Int(s[3] * 2.99)]))
            default: return .cubic(CubicKeyframe(to, duration: d, startVelocity: s[3] < 0.2 ? 80 * s[4] - 40 : nil))
            }
        }
    }

    /// The largest |imported − original| over `times`, in units of each track's value range,
    /// away from the instants of jumps (where Lottie players show the later value).
    static func deviation(_ original: TimelineDocument, _ imported: TimelineDocument) -> Double {
        let times = (0...400).map { original.duration * Double($0) / 400 } + [original.duration + 1]
        var worst = 0.0
        for (track, path) in zip(original.tracks, original.paths) {
            let jumps = path.segments.filter { $0.duration == 0 }.map(\.startTime)
            let values = path.values(atSorted: times)
            // A track that does not move is measured against its magnitude (percent conversions round there).
            let range = max(values.max()! - values.min()!, 1e-3 * values.map(abs).max()!, 1e-9)
            let index = imported.tracks.firstIndex { $0.property == track.property }
            for (t, exact) in zip(times, values) where !jumps.contains(where: { abs($0 - t) < 1e-9 }) {
                let back = index.map { imported.paths[$0].value(at: t) } ?? imported.initialValue[track.property]!
                worst = max(worst, abs(back - exact) / range)
            }
        }
        return worst
    }

    @Test("Cubic, linear and move keyframes come back exactly (scalar timelines)")
    func scalar() async throws {
        await propertyCheck(count: 120, input: Gen.double(in: 0...1).array(of: 5).array(of: 1...7)) { specs in
            let timeline = TimelineDocument(initialValue: .scalar(1), tracks: [TimelineDocument.Track(nil, keyframes: Self.keyframes(specs))])
            guard timeline.duration > 0 else { return }
            let export = try TimelineExport(timeline).lottie(fps: 30)
            #expect(export.maxError < 1e-11, "\(specs)")
            let imported = try LottieImport().timeline(json: Array(export.text.utf8))
            #expect(imported.initialValue.propertyNames.isEmpty, "a scalar timeline comes back scalar")
            let worst = Self.deviation(timeline, imported)
            #expect(worst < 1e-9, "\(specs): \(worst)")
            // Exported again: the same keyframes (times, values, handles), up to rounding.
            let again = try TimelineExport(imported).lottie(fps: 30)
            let difference = Self.sameNumbers(try JSONValue.parse(Array(export.text.utf8)), try JSONValue.parse(Array(again.text.utf8)), relative: 1e-9)
            #expect(difference == nil, "\(specs): \(difference ?? "")")
        }
    }

    @Test("Transform properties and sliders: x, y, rotation, opacity and scale (percent), a slider")
    func properties() async throws {
        await propertyCheck(count: 60, input: Gen.double(in: 0...1).array(of: 5).array(of: 1...4).array(of: 6)) { tracks in
            let names = ["x", "y", "rotation", "opacity", "scale", "blur"]
            let scales = [10.0, 10, 18, 0.05, 0.05, 1]
            let timeline = TimelineDocument(
                initialValue: .properties(names.enumerated().map { .init($1, ["opacity", "scale"].contains($1) ? 1 : Double($0)) }),
                tracks: zip(names, zip(tracks, scales)).map { TimelineDocument.Track($0, keyframes: Self.keyframes($1.0, scale: $1.1)) })
            guard timeline.duration > 0 else { return }
            let export = try TimelineExport(timeline).lottie(name: "card")
            let imported = try LottieImport(layer: "card").timeline(json: Array(export.text.utf8))
            #expect(Set(imported.initialValue.propertyNames) == Set(names))
            let worst = Self.deviation(timeline, imported)
            #expect(worst < 1e-9, "\(tracks): \(worst)")
            let again = try TimelineExport(imported).lottie(name: "card")
            let difference = Self.sameNumbers(try JSONValue.parse(Array(export.text.utf8)), try JSONValue.parse(Array(again.text.utf8)), relative: 1e-9)
            #expect(difference == nil, "\(difference ?? "")")
        }
    }

    @Test("A spring is baked within the stated error; the import plays the baked keyframes")
    func spring() throws {
        let timeline = TimelineDocument(initialValue: .scalar(0), tracks: [TimelineDocument.Track(nil, keyframes: [
            .spring(SpringKeyframe(100, duration: 0.8, spring: Spring(duration: 0.5, bounce: 0.4))), .move(MoveKeyframe(50))])])
        let export = try TimelineExport(timeline, tolerance: 0.05).lottie()
        #expect(export.maxError > 0 && export.maxError <= 0.05)
        #expect(export.notes.contains { $0.contains("baked into linear keyframes") })
        let imported = try LottieImport().timeline(json: Array(export.text.utf8))
        for t in stride(from: 0.0, through: 0.8, by: 0.001) {
            #expect(abs(imported.paths[0].value(at: t) - timeline.paths[0].value(at: t)) <= export.maxError + 1e-9, "t = \(t)")
        }
    }

    @Test("A timing curve and a spring export to Lottie")
    func curveAndSpringExports() throws {
        let curve = try CurveExport(curve: .easeOut, duration: 0.5).export(.lottie, fps: 24)
        let document = try JSONValue.parse(Array(curve.text.utf8))
        #expect(document["fr"] == .number(24))
        let back = try LottieImport().timeline(document)
        #expect(abs(back.value(time: 0.25)[nil]! - UnitCurve.easeOut.value(at: 0.5)) < 1e-12)
        let spring = try SpringExport(spring: Spring(duration: 0.4, bounce: 0.2), to: 10).export(.lottie)
        #expect(spring.maxError > 0 && spring.maxError <= 0.01 + 1e-12)
    }
}
