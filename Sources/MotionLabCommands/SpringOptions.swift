import ArgumentParser
import MotionLab

/// The ways to name a spring on the command line: SwiftUI's four parameterizations, its
/// presets, a SwiftUI spring animation as written in Swift (`--swiftui`), and other platforms'
/// vocabularies (`--platform`). Exactly one way per command.
struct SpringOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Perceptual duration in seconds (SwiftUI Spring(duration:bounce:)); with --preset, the preset's duration.")
    var duration: Double?
    @Option(parsing: .unconditional, help: "Bounce in [-0.9999, 1]: 0 critical, > 0 bouncy, < 0 overdamped.")
    var bounce: Double?
    @Option(parsing: .unconditional, help: "Response in seconds (with --damping-ratio).")
    var response: Double?
    @Option(name: [.customLong("damping-ratio"), .customLong("damping-fraction")], parsing: .unconditional,
            help: "Damping ratio ζ (SwiftUI's animations call it dampingFraction: --damping-fraction is the same option).")
    var dampingRatio: Double?
    @Option(parsing: .unconditional, help: "Mass (default 1).")
    var mass: Double?
    @Option(parsing: .unconditional, help: "Stiffness k.")
    var stiffness: Double?
    @Option(parsing: .unconditional, help: "Damping coefficient c.")
    var damping: Double?
    @Flag(name: .customLong("allow-overdamping"), help: "Keep an overdamped --mass/--stiffness/--damping spring (SwiftUI clamps it to critical by default).")
    var allowOverdamping = false
    @Option(name: .customLong("settling-duration"), parsing: .unconditional, help: "Settling duration in seconds (SwiftUI Spring(settlingDuration:dampingRatio:epsilon:)).")
    var settlingDuration: Double?
    @Option(help: "SwiftUI preset (smooth, snappy, bouncy); with --platform react-spring, its preset (default, gentle, wobbly, stiff, slow, molasses).")
    var preset: String?
    @Option(name: .customLong("extra-bounce"), parsing: .unconditional, help: "Extra bounce added to a preset's.")
    var extraBounce: Double?
    @Option(name: .customLong("swiftui"),
            help: "A SwiftUI spring animation as written in Swift, e.g. \".spring(response: 0.42, dampingFraction: 0.78)\", \".bouncy(duration: 0.4)\" or \".interpolatingSpring(stiffness: 170, damping: 15)\".")
    var swiftUI: String?

    @Option(help: "Another platform's vocabulary.")
    var platform: SpringPlatform?
    @Option(parsing: .unconditional, help: "react-spring / Rebound tension.")
    var tension: Double?
    @Option(parsing: .unconditional, help: "react-spring / Rebound friction.")
    var friction: Double?
    @Option(name: .customLong("visual-duration"), parsing: .unconditional, help: "Motion's visualDuration in seconds (with --bounce).")
    var visualDuration: Double?
    @Option(parsing: .unconditional, help: "react-spring frequency: the undamped period in seconds (with --damping-ratio).")
    var frequency: Double?
    @Option(name: .customLong("origami-tension"), parsing: .unconditional, help: "Rebound/Origami tension value.")
    var origamiTension: Double?
    @Option(name: .customLong("origami-friction"), parsing: .unconditional, help: "Rebound/Origami friction value.")
    var origamiFriction: Double?
    @Option(parsing: .unconditional, help: "Rebound bounciness (with --speed).")
    var bounciness: Double?
    @Option(parsing: .unconditional, help: "Rebound speed (with --bounciness).")
    var speed: Double?
    @Option(name: .customLong("stiffness-name"), help: "Compose/Android named stiffness: high, medium, mediumLow, low, veryLow.")
    var stiffnessName: String?
    @Option(name: .customLong("damping-ratio-name"), help: "Compose/Android named damping ratio: highBouncy, mediumBouncy, lowBouncy, noBouncy.")
    var dampingRatioName: String?
    @Option(name: .customLong("relative-velocity"), parsing: .unconditional, help: "Core Animation initialVelocity, in distances per second (instead of --initial-velocity).")
    var relativeVelocity: Double?

    @Option(parsing: .unconditional, help: "Target of the motion from 0 (default 1, except for spring sample, which needs it).")
    var target: Double?
    @Option(name: .customLong("initial-velocity"), parsing: .unconditional, help: "Initial velocity in value units per second (default 0).")
    var initialVelocity: Double?
    @Option(parsing: .unconditional, help: "Settling band half-width ε, absolute (default 0.001).")
    var epsilon: Double?

    /// The spring the options name, how they named it, and what a reader should know about it.
    struct Resolved {
        var spring: Spring
        var parameterization: String
        var swiftUICode: String
        /// Whether the spring was named in one of SwiftUI's own forms.
        var isSwiftUI: Bool
        var notes: [String] = []
        var target: Double
        var initialVelocity: Double
        var epsilon: Double
    }

    /// The options that name a spring and were given, by their command-line spelling.
    var given: [String] {
        let all: [(String, Bool)] = [
            ("--duration", duration != nil), ("--bounce", bounce != nil), ("--response", response != nil),
            ("--damping-ratio", dampingRatio != nil), ("--mass", mass != nil), ("--stiffness", stiffness != nil),
            ("--damping", damping != nil), ("--allow-overdamping", allowOverdamping),
            ("--settling-duration", settlingDuration != nil), ("--preset", preset != nil),
            ("--extra-bounce", extraBounce != nil), ("--platform", platform != nil), ("--tension", tension != nil),
            ("--friction", friction != nil), ("--visual-duration", visualDuration != nil),
            ("--frequency", frequency != nil), ("--origami-tension", origamiTension != nil),
            ("--origami-friction", origamiFriction != nil), ("--bounciness", bounciness != nil),
            ("--speed", speed != nil), ("--relative-velocity", relativeVelocity != nil),
            ("--stiffness-name", stiffnessName != nil), ("--damping-ratio-name", dampingRatioName != nil),
            ("--swiftui", swiftUI != nil),
        ]
        return all.filter(\.1).map(\.0)
    }

    /// Every option of this group that was given: the spring's and the motion's
    /// (`--target`, `--initial-velocity`, `--epsilon`).
    var givenWithMotion: [String] {
        given + [("--target", target != nil), ("--initial-velocity", initialVelocity != nil), ("--epsilon", epsilon != nil)]
            .filter(\.1).map(\.0)
    }

    private func only(_ allowed: Set<String>, for form: String) throws {
        if let stray = given.first(where: { !allowed.contains($0) }) {
            throw ValidationError("\(stray) cannot be combined with \(form); give one way of naming the spring")
        }
    }

    private func required(_ value: Double?, _ option: String, for form: String) throws -> Double {
        guard let value else { throw ValidationError("\(form) needs \(option)") }
        return value
    }

    func resolve() throws -> Resolved {
        // SwiftUI's settling estimate forms |Δλ − v0| + |Δ|, which overflows beyond this.
        let reason = "beyond it SwiftUI's own settling estimate overflows"
        let target = try Input.bounded(self.target ?? 1, "--target", by: SpringRequest.motionBound, because: reason)
        var initialVelocity = try Input.bounded(self.initialVelocity ?? 0, "--initial-velocity", by: SpringRequest.motionBound, because: reason)
        let epsilon = self.epsilon ?? 0.001
        guard epsilon.isFinite, epsilon > 0 else {
            throw ValidationError("--epsilon must be a finite number > 0; got \(epsilon)")
        }
        if let swiftUI {
            return try resolveSwiftUI(swiftUI, target: target, initialVelocity: self.initialVelocity.map { _ in initialVelocity }, epsilon: epsilon)
        }
        let specification = try self.specification(target: target, initialVelocity: &initialVelocity)
        let (spring, notes): (Spring, [String])
        do {
            (spring, notes) = try specification.resolve()
        } catch {
            throw ValidationError(SpringOptions.message(for: error))
        }
        let form = specification.parameterization
        let code = specification.swiftUICode(resolved: spring)
        return Resolved(spring: spring, parameterization: form, swiftUICode: code, isSwiftUI: specification.isSwiftUI, notes: notes,
                        target: target, initialVelocity: initialVelocity, epsilon: epsilon)
    }

    /// The spring the options name, after checking that they name it one way only.
    private func specification(target: Double, initialVelocity: inout Double) throws -> SpringSpecification {
        if let platform {
            return .platform(platform, try parameters(for: platform, target: target, initialVelocity: &initialVelocity))
        }
        if let preset {
            guard let swiftUIPreset = Spring.Preset(rawValue: preset) else {
                throw ValidationError("--preset \(preset) is not a SwiftUI preset (\(Spring.Preset.allCases.map(\.rawValue).joined(separator: ", "))); react-spring's presets take --platform react-spring --preset NAME")
            }
            try only(["--preset", "--duration", "--extra-bounce"], for: "--preset")
            return .preset(swiftUIPreset, duration: duration, extraBounce: extraBounce)
        }
        if let settlingDuration {
            try only(["--settling-duration", "--damping-ratio"], for: "--settling-duration")
            let z = try required(dampingRatio, "--damping-ratio", for: "--settling-duration")
            return .settlingDuration(settlingDuration, dampingRatio: z, epsilon: epsilon ?? 0.001)
        }
        if let response {
            try only(["--response", "--damping-ratio"], for: "--response")
            return .responseDampingRatio(response: response, dampingRatio: try required(dampingRatio, "--damping-ratio", for: "--response"))
        }
        if stiffness != nil || damping != nil || mass != nil || allowOverdamping {
            try only(["--mass", "--stiffness", "--damping", "--allow-overdamping"], for: "--stiffness/--damping")
            let k = try required(stiffness, "--stiffness", for: "--mass/--stiffness/--damping")
            let c = try required(damping, "--damping", for: "--mass/--stiffness/--damping")
            return .massStiffnessDamping(mass: mass ?? 1, stiffness: k, damping: c, allowOverDamping: allowOverdamping)
        }
        if duration != nil || bounce != nil {
            try only(["--duration", "--bounce"], for: "--duration/--bounce")
            return .durationBounce(duration: duration ?? 0.5, bounce: bounce ?? 0)
        }
        if let stray = given.first {
            throw ValidationError("\(stray) alone does not name a spring; see --help for the option groups")
        }
        throw ValidationError("no spring given: use --duration/--bounce, --response/--damping-ratio, --mass/--stiffness/--damping, --settling-duration/--damping-ratio, --preset, --swiftui EXPR or --platform")
    }

    /// The spring of `--platform`: which options its form takes is the library's
    /// (``SpringPlatform/accepted(given:)``), and so are its defaults and ranges.
    private func parameters(
        for platform: SpringPlatform, target: Double, initialVelocity: inout Double
    ) throws -> SpringPlatform.Parameters {
        var p = SpringPlatform.Parameters()
        (p.mass, p.stiffness, p.damping, p.dampingRatio) = (mass, stiffness, damping, dampingRatio)
        (p.tension, p.friction, p.visualDuration, p.bounce) = (tension, friction, visualDuration, bounce)
        (p.frequency, p.origamiTension, p.origamiFriction) = (frequency, origamiTension, origamiFriction)
        (p.bounciness, p.speed, p.duration, p.preset) = (bounciness, speed, duration, preset)
        (p.stiffnessName, p.dampingRatioName) = (stiffnessName, dampingRatioName)
        var allowed: Set<String> = ["--platform"]
        allowed.formUnion(platform.accepted(given: p.given).map { Self.optionNames[$0] ?? "--\($0)" })
        if platform == .coreAnimation { allowed.insert("--relative-velocity") }
        try only(allowed, for: "--platform \(platform.rawValue)")
        if let missing = platform.missing(given: p.given).first {
            throw ValidationError("--platform \(platform.rawValue) needs \(Self.optionNames[missing] ?? missing) (it has no default)")
        }
        if let relativeVelocity {
            guard self.initialVelocity == nil else {
                throw ValidationError("--relative-velocity and --initial-velocity cannot both be given")
            }
            initialVelocity = try Input.finite(relativeVelocity, "--relative-velocity") * target
        }
        return p
    }

    /// The command-line spelling of each library parameter name.
    static let optionNames = [
        "duration": "--duration", "bounce": "--bounce", "response": "--response", "dampingRatio": "--damping-ratio",
        "mass": "--mass", "stiffness": "--stiffness", "damping": "--damping", "settlingDuration": "--settling-duration",
        "epsilon": "--epsilon", "extraBounce": "--extra-bounce", "visualDuration": "--visual-duration",
        "frequency": "--frequency", "tension": "--tension", "friction": "--friction",
        "origamiTension": "--origami-tension", "origamiFriction": "--origami-friction",
        "bounciness": "--bounciness", "speed": "--speed", "preset": "--preset", "stiffnessName": "--stiffness-name",
        "dampingRatioName": "--damping-ratio-name",
    ]

    /// A library error in the command line's words.
    static func message(for error: SpringParameterError) -> String {
        let name = optionNames[error.parameter] ?? error.parameter
        if SpringPlatform(rawValue: error.parameter) != nil {
            return "--platform \(error.parameter) must be \(error.validRange); got \(error.value)"
        }
        return error.value.isNaN ? "\(name) must be \(error.validRange)" : "\(name) must be \(error.validRange); got \(error.value)"
    }
}
