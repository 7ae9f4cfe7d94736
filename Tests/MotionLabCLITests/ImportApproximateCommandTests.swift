import Foundation
import Testing

/// `motionlab import --approximate` on a Lottie curved motion path through the built binary: the
/// fitted timeline on stdout, the stated deviation on stderr as a warning, the error without it.
@Suite("motionlab import --approximate")
struct ImportApproximateCommandTests {
    /// A quarter circle of radius 100 (the standard cubic, k = 0.5523) over one second.
    static let quarterCircle = """
        {"fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100, "layers": [{"ty": 3, "nm": "dot", "ip": 0, "op": 30, "ks": {"p": {"a": 1, "k": [
          {"t": 0, "s": [100, 0], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}, "to": [0, 55.23], "ti": [55.23, 0]},
          {"t": 30, "s": [0, 100]}]}}}]}
        """

    @Test("--approximate: timeline JSON on stdout, the largest deviation as a warning; refused without it")
    func approximates() throws {
        let path = try ImportCommandTests.file(Self.quarterCircle)
        let result = try MotionLabExecutable.run(["import", path, "--approximate"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("warning: \(path): layers[0].ks.p is a curved motion path"), "\(result.stderr)")
        #expect(result.stderr.contains("the largest deviation at a sample is"))
        let json = try result.json()
        #expect(json["initialValue"] as? [String: Double] == ["x": 100, "y": 0])
        let tracks = json["tracks"] as? [[String: Any]] ?? []
        #expect(tracks.map { $0["property"] as? String } == ["x", "y"])
        let last = (tracks.first?["keyframes"] as? [[String: Any]])?.last
        #expect(last?["to"] as? Double == 0)

        let coarse = try MotionLabExecutable.run(["import", path, "--approximate", "--tolerance", "1"])
        #expect(coarse.status == 0, "\(coarse.stderr)")
        #expect(coarse.stdout.count < result.stdout.count)

        let refused = try MotionLabExecutable.run(["import", path])
        #expect(refused.status == 1)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr.contains("layers[0].ks.p.k[0].to is a spatial tangent") && refused.stderr.contains("--approximate"), "\(refused.stderr)")
        #expect(try MotionLabExecutable.run(["import", path, "--tolerance", "1"]).status == 64)
        #expect(try MotionLabExecutable.run(["import", path, "--approximate", "--tolerance", "0"]).status == 64)
    }
}
