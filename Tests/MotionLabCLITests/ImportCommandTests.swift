import Foundation
import Testing

/// `motionlab import` through the built binary: a Lottie file as timeline JSON, export → import
/// through files, and the exit codes of the CLI conventions.
@Suite("motionlab import")
struct ImportCommandTests {
    static func file(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("motionlab-import-\(UUID().uuidString).json")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    static let lottie = """
        {"fr": 30, "ip": 0, "op": 30, "w": 10, "h": 10, "layers": [
          {"ty": 3, "nm": "still", "ip": 0, "op": 30, "ks": {}},
          {"ty": 3, "nm": "card", "ip": 0, "op": 30, "ks": {"r": {"a": 1, "k": [
            {"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [90]}]}}}]}
        """

    @Test("The first animated layer as timeline JSON; --layer names one")
    func imports() throws {
        let path = try Self.file(Self.lottie)
        for arguments in [["import", path], ["import", path, "--json"], ["import", path, "--layer", "card"]] {
            let result = try MotionLabExecutable.run(arguments)
            #expect(result.status == 0, "\(result.stderr)")
            let json = try result.json()
            #expect(json["initialValue"] as? [String: Double] == ["rotation": 0])
            let keyframe = ((json["tracks"] as? [[String: Any]])?.first?["keyframes"] as? [[String: Any]])?.first
            #expect(keyframe?["type"] as? String == "linear")
            #expect(keyframe?["to"] as? Double == 90)
            #expect(keyframe?["duration"] as? Double == 1)
        }
    }

    @Test("export → import → keyframes eval; export reads a Lottie file too")
    func roundTrip() throws {
        let lottie = try MotionLabExecutable.run(["export", "--curve", "easeIn", "--curve-duration", "0.5", "--format", "lottie"])
        #expect(lottie.status == 0, "\(lottie.stderr)")
        let lottiePath = try Self.file(lottie.stdout)
        let imported = try MotionLabExecutable.run(["import", lottiePath])
        #expect(imported.status == 0, "\(imported.stderr)")
        let timelinePath = try Self.file(imported.stdout)
        let eval = try MotionLabExecutable.run(["keyframes", "eval", timelinePath, "--times", "0.25", "--json"])
        let value = ((try eval.json()["samples"] as? [[String: Any]])?.first?["value"] as? Double) ?? .nan
        // easeIn = cubic-bezier(0.42, 0, 1, 1) at x = 0.5, by bisection here.
        func b(_ p1: Double, _ p2: Double, _ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s }
        var (lo, hi) = (0.0, 1.0)
        for _ in 0..<200 { let m = (lo + hi) / 2; if b(0.42, 1, m) < 0.5 { lo = m } else { hi = m } }
        #expect(abs(value - b(0, 1, (lo + hi) / 2)) < 1e-12, "\(eval.stdout)")
        let css = try MotionLabExecutable.run(["export", lottiePath, "--format", "css"])
        #expect(css.status == 0, "\(css.stderr)")
        #expect(css.stdout.contains("cubic-bezier(0.42, 0, 1, 1)"))
    }

    @Test("Exit codes: 64 for the command line, 2 for an unreadable file, 1 naming the JSON path")
    func exitCodes() throws {
        #expect(try MotionLabExecutable.run(["import"]).status == 64)
        #expect(try MotionLabExecutable.run(["import", "x.json", "--layer", ""]).status == 64)
        let missing = try MotionLabExecutable.run(["import", "/nonexistent/lottie.json"])
        #expect(missing.status == 2)
        let path = try Self.file(Self.lottie)
        let layer = try MotionLabExecutable.run(["import", path, "--layer", "nope"])
        #expect(layer.status == 1)
        #expect(layer.stderr.contains("layers has no layer named 'nope' (layers: 'still', 'card')"), "\(layer.stderr)")
        let property = try MotionLabExecutable.run(["import", path, "--layer", "card", "--property", "ks.p"])
        #expect(property.status == 1)
        #expect(property.stderr.contains("layers[1].ks.p does not exist"), "\(property.stderr)")
        let expression = try Self.file(#"{"fr": 30, "layers": [{"ty": 3, "ks": {"o": {"a": 0, "k": 100, "x": "time * 10"}}}]}"#)
        let json = try MotionLabExecutable.run(["import", expression, "--json"])
        #expect(json.status == 1)
        #expect(json.stdout.isEmpty)
        #expect(json.stderr.contains("layers[0].ks.o.x is an expression"), "\(json.stderr)")
    }
}
