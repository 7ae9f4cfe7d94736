import Foundation
import Testing

@Suite("motionlab curve")
struct CurveCommandTests {
    /// The samples of a `--json` run as (progress, value, velocity); "inf" strings become ±∞.
    private func samples(_ arguments: [String]) throws -> [(Double, Double, Double)] {
        let result = try MotionLabExecutable.run(["curve"] + arguments + ["--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try result.json()
        let rows = try #require(json["samples"] as? [[String: Any]])
        func number(_ any: Any?) -> Double {
            if let n = any as? NSNumber { return n.doubleValue }
            switch any as? String {
            case "inf": return .infinity
            case "-inf": return -.infinity
            default: return .nan
            }
        }
        return rows.map { (number($0["progress"]), number($0["value"]), number($0["velocity"])) }
    }

    /// Foundation's JSON reader may be an ulp off; the values are compared to a few ulps.
    private func close(_ a: Double, _ b: Double, ulps: Double = 4) -> Bool {
        a == b || abs(a - b) <= ulps * max(a.ulp, b.ulp, Double.leastNormalMagnitude)
    }

    @Test func jsonContract() throws {
        let result = try MotionLabExecutable.run(["curve", "easeInOut", "--at", "0,0.5,1", "--json"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let json = try result.json()
        let rows = try #require(json["samples"] as? [[String: Any]])
        #expect(rows.count == 3)
        for row in rows {
            for key in ["progress", "value", "velocity"] { #expect(row[key] != nil, "missing \(key)") }
        }
        let curve = try #require(json["curve"] as? [String: Any])
        #expect(curve["name"] as? String == "easeInOut")
        #expect((curve["controlPoints"] as? [Double]) == [0.42, 0, 0.58, 1])
    }

    /// Paper values: ends exact, the symmetric midpoint, a quarter circle through (0.6, 0.2).
    @Test func swiftUIValues() throws {
        let s = try samples(["easeInOut", "--at", "0,0.5,1"])
        #expect(s[0].1 == 0 && s[2].1 == 1)
        #expect(close(s[1].1, 0.5))
        let circle = try samples(["circularEaseIn", "--at", "0.6"])
        #expect(close(circle[0].1, 0.2))
        #expect(close(circle[0].2, 0.75))  // p/√(1 − p²)
        let inverse = try samples(["circularEaseIn", "--inverse", "--at", "0.2"])
        #expect(close(inverse[0].1, 0.6))
        let linear = try samples(["--bezier", "0,0,1,1", "--at", "0.25"])
        #expect(close(linear[0].1, 0.25))
    }

    /// SwiftUI clamps progress; negative numbers after --at are values, not options.
    @Test func swiftUIClamps() throws {
        let s = try samples(["easeIn", "--at", "-0.5,1.5"])
        #expect(s[0].0 == -0.5 && s[0].1 == 0)
        #expect(s[1].0 == 1.5 && s[1].1 == 1)
    }

    /// CSS extrapolates along the end tangents: ease leaves 0 with slope 0.1/0.25 = 0.4 and
    /// reaches 1 with slope 0; linear continues with slope 1.
    @Test func cssExtrapolates() throws {
        let ease = try samples(["ease", "--css", "--at", "-0.5,1.5"])
        #expect(close(ease[0].1, -0.2))
        #expect(close(ease[0].2, 0.4))
        #expect(ease[1].1 == 1 && ease[1].2 == 0)
        let linear = try samples(["linear", "--css", "--at", "-2,3"])
        #expect(linear[0].1 == -2 && linear[1].1 == 3)
        let custom = try samples(["--css", "--bezier", "0.25,0.1,0.25,1", "--at", "-0.5"])
        #expect(close(custom[0].1, -0.2))
        let parsed = try samples(["cubic-bezier(0.25, 0.1, 0.25, 1)", "--css", "--at", "-0.5"])
        #expect(close(parsed[0].1, -0.2))
    }

    /// Vertical start tangent: velocity +∞, written as the string "inf".
    @Test func infiniteVelocity() throws {
        let result = try MotionLabExecutable.run(["curve", "--bezier", "0,0.5,1,1", "--at", "0", "--json"])
        #expect(result.stdout.contains("\"inf\""))
    }

    @Test func tableByDefault() throws {
        let result = try MotionLabExecutable.run(["curve", "easeOut", "--at", "0,0.5,1"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("progress") && result.stdout.contains("velocity"))
        #expect(!result.stdout.contains("{"))
    }

    /// Bad input: a message on stderr naming the value (and the range), nothing on stdout, a
    /// non-zero status, no crash.
    @Test(arguments: [
        (["easeIn", "--bezier", "0,0,1,1", "--at", "0.5"], ["either"]),
        (["--at", "0.5"], ["name", "--bezier"]),
        (["bouncy", "--at", "0.5"], ["bouncy", "easeInOut"]),
        (["ease", "--at", "0.5"], ["ease", "--css"]),
        (["easeIn", "--at", "0.5,nan"], ["--at", "nan"]),
        (["easeIn", "--at", "inf"], ["--at", "inf"]),
        (["easeIn", "--at", "0.5,abc"], ["abc"]),
        (["easeIn", "--at", ""], ["--at"]),
        (["--bezier", "0.1,0.2,0.3", "--at", "0.5"], ["4 numbers", "3"]),
        (["--bezier", "0.1,nan,0.3,1", "--at", "0.5"], ["--bezier", "nan"]),
        (["--css", "--bezier", "1.5,0,0.5,1", "--at", "0.5"], ["x1", "1.5", "[0, 1]"]),
        (["--css", "--bezier", "0.5,0,-0.2,1", "--at", "0.5"], ["x2", "-0.2", "[0, 1]"]),
        (["cubic-bezier(0.1, 0.2, 2, 1)", "--css", "--at", "0.5"], ["x2", "2", "[0, 1]"]),
        (["--css", "--inverse", "--bezier", "0.34,1.56,0.64,1", "--at", "0.5"], ["1.56", "[0, 1]"]),
        (["bogus", "--css", "--at", "0.5"], ["bogus", "ease-in-out"]),
    ])
    func badInput(_ arguments: [String], _ fragments: [String]) throws {
        let result = try MotionLabExecutable.run(["curve"] + arguments)
        #expect(result.status != 0, "\(arguments)")
        #expect(result.stdout.isEmpty, "\(arguments): \(result.stdout)")
        for fragment in fragments {
            #expect(result.stderr.contains(fragment), "\(arguments): \(result.stderr)")
        }
        #expect(!result.stderr.contains("Fatal error"))
    }
}

/// SPEC §3: where a bezier's dx/dt and dy/dt both vanish, `velocity` is what real SwiftUI prints
/// (1 at the start, 0 at the end) and `exactVelocity` the limit, 1/0.58 for easeOut at 0 and
/// easeIn at 1 (the ratio of second derivatives, on paper).
@Suite("motionlab curve: velocity where both derivatives vanish")
struct CurveVanishingDerivativeTests {
    static func sample(_ arguments: [String]) throws -> [String: Any] {
        let result = try MotionLabExecutable.run(["curve"] + arguments + ["--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try #require(try result.json()["samples"] as? [[String: Any]])
        return try #require(rows.first)
    }

    @Test func easeOutAtTheStart() throws {
        let row = try Self.sample(["easeOut", "--at", "0"])
        #expect(row["velocity"] as? Double == 1)
        #expect(abs((row["exactVelocity"] as? Double ?? 0) * 0.58 - 1) <= 1e-14)
    }

    @Test func easeInAtTheEnd() throws {
        let row = try Self.sample(["easeIn", "--at", "1"])
        #expect(row["velocity"] as? Double == 0)
        #expect(abs((row["exactVelocity"] as? Double ?? 0) * 0.58 - 1) <= 1e-14)
    }

    /// CSS reports the limit (browsers' tangent), so both keys agree.
    @Test func cssGivesTheLimit() throws {
        let row = try Self.sample(["ease-in", "--css", "--at", "1"])
        #expect(abs((row["velocity"] as? Double ?? 0) * 0.58 - 1) <= 1e-14)
        #expect(row["velocity"] as? Double == row["exactVelocity"] as? Double)
    }
}
