import Foundation
import MotionImports
import MotionJSON
import MotionKeyframes
import Testing

/// `approximate` on Lottie curved motion paths, checked against expected values computed here
/// independently: the arc length by Simpson's rule and its inverse by bisection (not the
/// importer's chord table), and a straight path's closed form.
@Suite("Lottie import: approximate")
struct LottieApproximateTests {
    static let k = 0.5523
    /// A quarter circle of radius 100 about the origin, from (100, 0) to (0, 100) over 30 frames
    /// at 30 fps with linear timing: the standard cubic, tangents k·R along the circle.
    static let quarterCircle = LottieImportTests.document("""
        "ks": {"p": {"a": 1, "k": [
          {"t": 0, "s": [100, 0], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}, "to": [0, 55.23], "ti": [55.23, 0]},
          {"t": 30, "s": [0, 100]}]}}
        """)

    /// The standard cubic's point at parameter s.
    static func circle(_ s: Double) -> (x: Double, y: Double) {
        let (p0, p1, p2, p3) = ((100.0, 0.0), (100.0, 100 * k), (100 * k, 100.0), (0.0, 100.0))
        let r = 1 - s
        let (a, b, c, d) = (r * r * r, 3 * r * r * s, 3 * r * s * s, s * s * s)
        return (a * p0.0 + b * p1.0 + c * p2.0 + d * p3.0, a * p0.1 + b * p1.1 + c * p2.1 + d * p3.1)
    }

    /// |B'(s)| of the standard cubic, from the derivative's own control points.
    static func speed(_ s: Double) -> Double {
        let (d0, d1, d2) = ((0.0, 100 * k), (100 * k - 100, 100 - 100 * k), (-100 * k, 0.0))
        let r = 1 - s
        let x = 3 * (r * r * d0.0 + 2 * r * s * d1.0 + s * s * d2.0)
        let y = 3 * (r * r * d0.1 + 2 * r * s * d1.1 + s * s * d2.1)
        return (x * x + y * y).squareRoot()
    }

    /// ∫₀ˢ |B'| by Simpson's rule with 512 panels.
    static func arcLength(_ s: Double) -> Double {
        let n = 512, h = s / Double(n)
        var sum = speed(0) + speed(s)
        for i in 1..<n { sum += (i % 2 == 1 ? 4 : 2) * speed(Double(i) * h) }
        return sum * h / 3
    }

    /// The point at arc length p·L, by bisection on the curve parameter.
    static func expected(progress p: Double) -> (x: Double, y: Double) {
        let target = p * arcLength(1)
        var (low, high) = (0.0, 1.0)
        for _ in 0..<60 { let mid = (low + high) / 2; if arcLength(mid) < target { low = mid } else { high = mid } }
        return circle((low + high) / 2)
    }

    @Test("A quarter circle: arc-length points within the stated deviation, x and y sharing keyframes")
    func quarterCircle() throws {
        let result = try LottieImport(approximate: true).imported(json: Self.quarterCircle)
        let timeline = result.timeline
        #expect(timeline.initialValue == .properties([.init("x", 100), .init("y", 0)]))
        // Default tolerance: 0.1 % of the path's extent, the diagonal of its 100 × 100 box.
        #expect(result.maxError > 0 && result.maxError <= 0.1 * 2.0.squareRoot())
        #expect(result.notes.count == 1)
        #expect(result.notes.first?.hasPrefix("layers[0].ks.p is a curved motion path") == true, "\(result.notes)")
        let durations = timeline.tracks.map { track in track.keyframes.map { keyframe -> Double in
            if case .linear(let linear) = keyframe { linear.duration } else { -1 }
        } }
        #expect(durations.count == 2 && durations[0] == durations[1])
        #expect(durations[0].count < 40 && !durations[0].contains(-1), "\(durations[0])")
        // At the samples (8 per frame): within the stated deviation (and the chord table's error).
        for i in 0...240 {
            let t = Double(i) / 240
            let (x, y) = Self.expected(progress: t)
            #expect(abs(LottieImportTests.value(timeline, "x", t) - x) <= result.maxError + 1e-6, "x at \(t)")
            #expect(abs(LottieImportTests.value(timeline, "y", t) - y) <= result.maxError + 1e-6, "y at \(t)")
        }
        // Between the samples: within the deviation plus the baking tolerance.
        // On a 2000-point grid the largest deviation stays within the default tolerance too.
        var worst = 0.0
        for i in 0...2000 {
            let t = Double(i) / 2000
            let (x, y) = Self.expected(progress: t)
            worst = max(worst, abs(LottieImportTests.value(timeline, "x", t) - x), abs(LottieImportTests.value(timeline, "y", t) - y))
        }
        #expect(worst <= 0.1 * 2.0.squareRoot(), "\(worst)")
        for i in 0..<97 {
            let t = (Double(i) + 0.37) / 97
            let (x, y) = Self.expected(progress: t)
            #expect(abs(LottieImportTests.value(timeline, "x", t) - x) <= result.maxError + 0.1, "x at \(t)")
            #expect(abs(LottieImportTests.value(timeline, "y", t) - y) <= result.maxError + 0.1, "y at \(t)")
        }
        #expect(LottieImportTests.value(timeline, "x", 1) == 0 && LottieImportTests.value(timeline, "y", 2) == 100)
    }

    @Test("A tolerance: a looser fit, fewer keyframes, the deviation still within it")
    func tolerance() throws {
        let fine = try LottieImport(approximate: true).imported(json: Self.quarterCircle)
        let coarse = try LottieImport(approximate: true, tolerance: 1).imported(json: Self.quarterCircle)
        #expect(coarse.maxError <= 1 && coarse.maxError > fine.maxError)
        #expect(coarse.timeline.tracks[0].keyframes.count < fine.timeline.tracks[0].keyframes.count)
        #expect(throws: PathError.self) { _ = try LottieImport(approximate: true, tolerance: 0).imported(json: Self.quarterCircle) }
    }

    @Test("A straight path with collinear tangents: constant speed along the line (not the bezier parameter), eased")
    func straightPath() throws {
        // P1 = (60, 30), P2 = (40, 20): at bezier parameter 0.25 the curve is at 32.5 % of the
        // line, but players walk it by length — x = 100·p, y = 50·p with p the temporal easing.
        let bytes = LottieImportTests.document(fr: 60, """
            "ks": {"p": {"a": 1, "k": [
              {"t": 0, "s": [0, 0], "o": {"x": [0.42], "y": [0]}, "i": {"x": [0.58], "y": [1]}, "to": [60, 30], "ti": [-60, -30]},
              {"t": 60, "s": [100, 50]}]}}
            """)
        let result = try LottieImport(approximate: true).imported(json: bytes)
        #expect(result.maxError <= 0.1)
        for i in 0...199 {
            let t = Double(i) / 199
            let p = LottieImportTests.bezier(0.42, 0, 0.58, 1, t)
            #expect(abs(LottieImportTests.value(result.timeline, "x", t) - 100 * p) <= result.maxError + 0.1, "x at \(t)")
            #expect(abs(LottieImportTests.value(result.timeline, "y", t) - 50 * p) <= result.maxError + 0.05, "y at \(t)")
        }
    }

    @Test("Without approximate a curved path is an error naming the tangent and --approximate")
    func refusedWithoutApproximate() {
        let error = #expect(throws: PathError.self) { _ = try LottieImport().timeline(json: Self.quarterCircle) }
        #expect(error?.path == "layers[0].ks.p.k[0].to")
        #expect(error?.message.contains("is a spatial tangent") == true)
        #expect(error?.message.contains("--approximate") == true)
    }

    @Test("A curved path too long to sample is an error naming the keyframe and the limit, at once",
          arguments: [(1000.0, 1e12), (1000.0, 1e7), (60.0, 31251)])
    func tooLongToSample(fr: Double, end: Double) {
        // 8 samples a frame: 1e7 frames are 8e7 samples; 31,250 frames and one are 250,008.
        let bytes = LottieImportTests.document(fr: fr, """
            "ks": {"p": {"a": 1, "k": [
              {"t": 0, "s": [0, 0], "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.6], "y": [1]}, "to": [30, 50], "ti": [-30, 50]},
              {"t": \(end), "s": [100, 0]}]}}
            """)
        let error = #expect(throws: PathError.self) { _ = try LottieImport(approximate: true).timeline(json: bytes) }
        #expect(error?.path == "layers[0].ks.p.k[0]")
        #expect(error?.message.contains("at most 250000 samples in all") == true, "\(String(describing: error))")
    }

    @Test("A curved path of a minute at 60 fps is still sampled (under the limit)")
    func longButSampled() throws {
        // 60 fps × 60 s × 8 = 28,800 samples.
        let bytes = LottieImportTests.document(fr: 60, """
            "ks": {"p": {"a": 1, "k": [
              {"t": 0, "s": [0, 0], "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.6], "y": [1]}, "to": [30, 50], "ti": [-30, 50]},
              {"t": 3600, "s": [100, 0]}]}}
            """)
        let timeline = try LottieImport(approximate: true).timeline(json: bytes)
        #expect(timeline.value(time: 60)["x"] == 100)
    }

    @Test("An expression stays an error with approximate, saying why")
    func expression() {
        let bytes = LottieImportTests.document(#""ks": {"r": {"a": 1, "k": 0, "x": "wiggle(2, 30)"}}"#)
        let error = #expect(throws: PathError.self) { _ = try LottieImport(approximate: true).timeline(json: bytes) }
        #expect(error?.path == "layers[0].ks.r.x")
        #expect(error?.message.contains("JavaScript") == true && error?.message.contains("not even with --approximate") == true)
    }

    @Test("Through MotionImport: the notes name the file; exact imports have none")
    func motionImport() throws {
        let curved = try MotionImport(options: .init(approximate: true)).imported(Data(Self.quarterCircle), name: "path.json")
        #expect(curved.notes.first?.hasPrefix("path.json: layers[0].ks.p") == true)
        let straight = LottieImportTests.document("""
            "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [0, 0], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}, "to": [0, 0], "ti": [0, 0]}, {"t": 30, "s": [50, 0]}]}}
            """)
        let exact = try MotionImport(options: .init(approximate: true)).imported(Data(straight), name: "line.json")
        #expect(exact.notes.isEmpty && exact.maxError == 0)
        #expect(exact.timeline == (try LottieImport().timeline(json: straight)))
    }
}
