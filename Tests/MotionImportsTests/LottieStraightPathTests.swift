import Foundation
import MotionJSON
import PropertyBased
import MotionImports
import MotionKeyframes
import Testing

/// Spatial tangents along a straight move, as After Effects writes them on every eased straight
/// move: imported exactly, without `approximate`. Expected values are the start plus the temporal
/// easing (by bisection on the bezier, ``LottieImportTests/bezier(_:_:_:_:_:)``) times the move:
/// players walk a path at constant speed along its length, and along a straight line that length
/// is the fraction of the move.
@Suite("Lottie import: straight paths with tangents")
struct LottieStraightPathTests {
    /// A position from `start` to `end` over 30 frames at 30 fps, After Effects' easy ease (0.333,
    /// 0)–(0.667, 1) shared by the dimensions, with the given tangents.
    static func move(_ start: [Double], _ end: [Double], to: [Double], ti: [Double]) -> [UInt8] {
        func list(_ xs: [Double]) -> String { "[" + xs.map { "\($0)" }.joined(separator: ", ") + "]" }
        return LottieImportTests.document("""
            "ks": {"p": {"a": 1, "k": [
              {"t": 0, "s": \(list(start)), "o": {"x": [0.333], "y": [0]}, "i": {"x": [0.667], "y": [1]}, "to": \(list(to)), "ti": \(list(ti))},
              {"t": 30, "s": \(list(end))}]}}
            """)
    }

    @Test("Collinear tangents, as written (a third of the move each way, rounded to three decimals): exact",
          arguments: [
            // A horizontal move: the y tangents are exactly zero.
            ([100.0, 200.0], [400.0, 200.0], [100.0, 0.0], [-100.0, 0.0]),
            // A diagonal move whose thirds After Effects rounds: 0.0004 off the line.
            ([0.0, 0.0], [100.0, 70.0], [33.333, 23.333], [-33.333, -23.333]),
            // Handles of different lengths (influence 80 % and 10 %), still between the ends.
            ([20.0, -40.0], [-180.0, 60.0], [-160.0, 80.0], [20.0, -10.0]),
          ])
    func collinearIsExact(start: [Double], end: [Double], to: [Double], ti: [Double]) throws {
        let imported = try LottieImport().imported(json: Self.move(start, end, to: to, ti: ti))
        #expect(imported.maxError == 0 && imported.notes.isEmpty)
        for i in 0...120 {
            let t = Double(i) / 120
            let p = LottieImportTests.bezier(0.333, 0, 0.667, 1, t)
            for (d, name) in ["x", "y"].enumerated() {
                let expected = start[d] + (end[d] - start[d]) * p
                #expect(abs(LottieImportTests.value(imported.timeline, name, t) - expected) <= 1e-9, "\(name) at \(t)")
            }
        }
    }

    @Test("Property: any collinear handles between the ends, rounded to three decimals as written, import exactly")
    func collinearProperty() async {
        let coordinate = Gen.double(in: -500...500)
        await propertyCheck(count: 200, input: coordinate.array(of: 4), Gen.double(in: 0...1), Gen.double(in: 0...1)) { ends, a, b in
            // Ends, and control points at fractions a and b of the move, rounded as written.
            let round3 = { (x: Double) in (x * 1000).rounded() / 1000 }
            let (start, end) = ([ends[0], ends[1]].map(round3), [ends[2], ends[3]].map(round3))
            let move = [end[0] - start[0], end[1] - start[1]]
            guard (move[0] * move[0] + move[1] * move[1]).squareRoot() > 1 else { return }
            let to = move.map { round3($0 * a) }, ti = move.map { round3(-$0 * (1 - b)) }
            let imported = try? LottieImport().imported(json: Self.move(start, end, to: to, ti: ti))
            #expect(imported != nil, "to \(to) ti \(ti)")
            guard let imported else { return }
            for t in [0.1, 0.37, 0.5, 0.81] {
                let p = LottieImportTests.bezier(0.333, 0, 0.667, 1, t)
                for (d, name) in ["x", "y"].enumerated() {
                    let expected = start[d] + (end[d] - start[d]) * p
                    #expect(abs(LottieImportTests.value(imported.timeline, name, t) - expected) <= 1e-9, "\(name) at \(t)")
                }
            }
        }
    }

    @Test("Tangents that leave the line or pass an end are curved: an error naming the tangent",
          arguments: [
            // 0.01 off the line: a real (if slight) curve.
            ([33.333, 23.343], [-33.333, -23.333], "to"),
            // Along the line but beyond the end: the path runs past s1 and comes back.
            ([150.0, 105.0], [-33.333, -23.333], "to"),
            // The in-tangent points forward from the end: its control point lies past s1.
            ([33.333, 23.333], [10.0, 7.0], "ti"),
          ])
    func curvedIsRefused(to: [Double], ti: [Double], key: String) {
        let bytes = Self.move([0, 0], [100, 70], to: to, ti: ti)
        let error = #expect(throws: PathError.self) { _ = try LottieImport().timeline(json: bytes) }
        #expect(error?.path == "layers[0].ks.p.k[0].\(key)")
        #expect(error?.message.contains("--approximate") == true)
    }

    @Test("A moving loop (tangents on a keyframe that does not move) is curved")
    func zeroLengthLoop() {
        let bytes = Self.move([10, 10], [10, 10], to: [30, 0], ti: [0, 30])
        #expect(throws: PathError.self) { _ = try LottieImport().timeline(json: bytes) }
    }

    @Test("A folded path along x = c: the default tolerance is the motion's, not the constant x's zero range; translation changes nothing",
          arguments: [0.0, 100.0, -3517.25, 1e4])
    func constantDimension(x: Double) throws {
        // From (x, 0) to (x, 100), control points at y = 150 and y = −50, past both ends: the
        // point runs up, back down and up again — curved, fitted with approximate.
        let bytes = Self.move([x, 0], [x, 100], to: [0, 150], ti: [0, -150])
        let result = try LottieImport(approximate: true).imported(json: bytes)
        let reference = try LottieImport(approximate: true).imported(json: Self.move([0, 0], [0, 100], to: [0, 150], ti: [0, -150]))
        let counts = result.timeline.tracks.map(\.keyframes.count)
        #expect(counts == reference.timeline.tracks.map(\.keyframes.count), "\(counts)")
        // y turns at s = (1 ∓ 1/√7)/2 (y' = 0 on paper), at 59.5 and 40.5, inside 0 … 100: the
        // extent is 100, so 0.1 of tolerance, and a fold needs only a few dozen chords within it.
        #expect(counts.allSatisfy { $0 < 40 }, "\(counts)")
        for i in 0...60 {
            #expect(abs(LottieImportTests.value(result.timeline, "x", Double(i) / 60) - x) <= 1e-9 * max(1, abs(x)))
        }
    }
}
