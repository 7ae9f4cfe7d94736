import Foundation
import Testing

/// A spring as SwiftUI code names it: `--damping-fraction` (SwiftUI's animation label) beside
/// `--damping-ratio`, and `--swiftui ".spring(response: 0.42, dampingFraction: 0.78)"` on
/// spring, settle and export.
@Suite("SwiftUI's spelling of a spring")
struct SwiftUISpringOptionTests {
    static let figures = ["mass", "stiffness", "damping", "duration", "bounce", "response", "dampingRatio",
                          "settlingDuration", "exactSettlingTime", "initialVelocity", "target"]

    static func json(_ arguments: [String]) throws -> [String: Any] {
        let result = try MotionLabExecutable.run(arguments + ["--json"])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return try result.json()
    }

    /// k = (2π/R)², c = 4πζ/R with R = 0.42, ζ = 0.78 (mass 1).
    @Test func responseAndDampingFractionByHand() throws {
        let json = try Self.json(["spring", "--swiftui", ".spring(response: 0.42, dampingFraction: 0.78)"])
        let k = (2 * Double.pi / 0.42) * (2 * Double.pi / 0.42), c = 4 * Double.pi * 0.78 / 0.42
        #expect(abs(try #require(json["stiffness"] as? Double) - k) <= 1e-12 * k)
        #expect(abs(try #require(json["damping"] as? Double) - c) <= 1e-12 * c)
        #expect(json["dampingRatio"] as? Double == 0.78 && json["response"] as? Double == 0.42)
        #expect((json["swiftUI"] as? [String: Any])?["code"] as? String == "Animation.spring(response: 0.42, dampingFraction: 0.78)")
    }

    /// Each expression names the spring the options name: the same figures.
    @Test("an expression equals the options that name its spring", arguments: [
        (".spring(response: 0.42, dampingFraction: 0.78)", ["--response", "0.42", "--damping-ratio", "0.78"]),
        ("Animation.spring(duration: 0.5, bounce: 0.3)", ["--duration", "0.5", "--bounce", "0.3"]),
        (".bouncy", ["--preset", "bouncy"]),
        (" .snappy(duration: 0.4, extraBounce: 0.1) ", ["--preset", "snappy", "--duration", "0.4", "--extra-bounce", "0.1"]),
        (".interpolatingSpring(mass: 2, stiffness: 170, damping: 15)", ["--mass", "2", "--stiffness", "170", "--damping", "15"]),
    ])
    func sameSpring(_ case_: (expression: String, options: [String])) throws {
        let expression = try Self.json(["spring", "--swiftui", case_.expression])
        let options = try Self.json(["spring"] + case_.options)
        for key in Self.figures {
            let (a, b) = (try #require(expression[key] as? Double, "\(key)"), try #require(options[key] as? Double, "\(key)"))
            #expect(abs(a - b) <= 1e-12 * max(abs(b), 1e-300), "\(key): \(a) vs \(b)")
        }
        #expect(expression["parameterization"] as? String == "swiftui-animation")
    }

    @Test func dampingFractionIsDampingRatio() throws {
        let fraction = try MotionLabExecutable.run(["spring", "--response", "0.42", "--damping-fraction", "0.78", "--json"])
        let ratio = try MotionLabExecutable.run(["spring", "--response", "0.42", "--damping-ratio", "0.78", "--json"])
        #expect(fraction.status == 0 && fraction.stdout == ratio.stdout)
    }

    @Test("export and settle take --swiftui too", arguments: [
        ["export", "--format", "css"], ["export", "--format", "swiftui"], ["settle"],
    ])
    func otherCommands(_ command: [String]) throws {
        let expression = try MotionLabExecutable.run(command + ["--swiftui", ".spring(response: 0.42, dampingFraction: 0.78)"])
        let options = try MotionLabExecutable.run(command + ["--response", "0.42", "--damping-fraction", "0.78"])
        #expect(expression.status == 0 && options.status == 0, "\(expression.stderr)")
        // The spring's name in a title or comment differs; every number is the same.
        let numbers = { (text: String) in
            text.split(whereSeparator: { !"0123456789.e-".contains($0) }).filter { $0.contains(".") }.compactMap { Double($0) }
        }
        // The title names the spring (and so its numbers); the rest is the same.
        #expect(numbers(expression.stdout).suffix(5) == numbers(options.stdout).suffix(5))
        #expect(numbers(expression.stdout).count >= 5)
        #expect(!expression.stdout.isEmpty)
    }

    /// `.interpolatingSpring`'s initialVelocity is in intervals per second: × target.
    @Test func interpolatingSpringInitialVelocity() throws {
        let json = try Self.json(["spring", "--swiftui", ".interpolatingSpring(stiffness: 170, damping: 15, initialVelocity: 2)", "--target", "10"])
        #expect(json["initialVelocity"] as? Double == 20)
    }

    @Test("mistakes name the expression and the problem", arguments: [
        ([".spring(response: 0.42, dampingFraction: 0.78"], "column 46"),
        ([".easeInOut(duration: 0.3)"], "is not a spring"),
        ([".spring(response: 0.4).delay(0.1)"], "without modifiers"),
        ([".spring(response: -1)"], "'response'"),
        // Springs the expression's own checks let through, out of the ranges the options are held to.
        ([".spring(duration: 1e308, bounce: 0.2)"], "its spring must be a spring whose duration 2π/ω0 is in [1e-06, 1e+06] seconds; got"),
        ([".spring(response: 1e-300, dampingFraction: 0.5)"], "its spring must be a spring whose duration 2π/ω0 is in [1e-06, 1e+06] seconds; got 1e-300"),
        ([".interpolatingSpring(mass: 1e300, stiffness: 1, damping: 1)"], "its spring must be a spring whose duration 2π/ω0 is in [1e-06, 1e+06] seconds"),
        ([".bouncy(duration: 1e300)"], "its spring must be a spring whose duration 2π/ω0 is in [1e-06, 1e+06] seconds; got 1e+300"),
        ([".spring(response: 0.4)", "--duration", "0.5"], "--duration cannot be combined with --swiftui"),
        ([".interpolatingSpring(stiffness: 1, damping: 1, initialVelocity: 1)", "--initial-velocity", "2"], "--initial-velocity cannot be given too"),
    ])
    func mistakes(_ case_: (arguments: [String], message: String)) throws {
        let result = try MotionLabExecutable.run(["spring", "--swiftui"] + case_.arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(case_.message), "\(result.stderr)")
    }
}
