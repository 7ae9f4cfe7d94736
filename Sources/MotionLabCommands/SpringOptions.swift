import ArgumentParser
import MotionLab

/// The ways to name a spring on the command line: SwiftUI's four parameterizations, its
/// presets, and other platforms' vocabularies (`--platform`). Exactly one way per command.
struct SpringOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Perceptual duration in seconds (SwiftUI Spring(duration:bounce:)); with --preset, the preset's duration.")
    var duration: Double?
    @Option(parsing: .unconditional, help: "Bounce in [-0.9999, 1]: 0 critical, > 0 bouncy, < 0 overdamped.")
    var bounce: Double?
    @Option(parsing: .unconditional, help: "Response in seconds (with --damping-ratio).")
    var response: Double?
    @Option(name: .customLong("damping-ratio"), parsing: .unconditional, help: "Damping ratio ζ.")
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
    @Option(help: "SwiftUI preset: smooth, snappy or bouncy.")
    var preset: String?
    @Option(name: .customLong("extra-bounce"), parsing: .unconditional, help: "Extra bounce added to a preset's.")
    var extraBounce: Double?

    @Option(help: "Another platform's vocabulary: android, compose, flutter, motion, react-spring, rebound, core-animation, figma.")
    var platform: String?
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
    @Option(name: .customLong("relative-velocity"), parsing: .unconditional, help: "Core Animation initialVelocity, in distances per second (instead of --initial-velocity).")
    var relativeVelocity: Double?

    @Option(parsing: .unconditional, help: "Target of the motion from 0 (default 1).")
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
        var notes: [String] = []
        var target: Double
        var initialVelocity: Double
        var epsilon: Double
    }

    /// Options given, by their command-line spelling.
    private var given: [String] {
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
        ]
        return all.filter(\.1).map(\.0)
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
        let target = try Input.finite(self.target ?? 1, "--target")
        var initialVelocity = try Input.finite(self.initialVelocity ?? 0, "--initial-velocity")
        let epsilon = self.epsilon ?? 0.001
        guard epsilon.isFinite, epsilon > 0 else {
            throw ValidationError("--epsilon must be a finite number > 0; got \(epsilon)")
        }
        var notes: [String] = []
        let spring: Spring
        let form: String
        var code: String
        do {
            if let preset {
                form = "preset"
                try only(["--preset", "--duration", "--extra-bounce"], for: "--preset")
                let d = duration ?? 0.5, x = extraBounce ?? 0
                guard let named = Spring.Preset(rawValue: preset) else {
                    throw ValidationError("--preset must be one of smooth, snappy, bouncy; got '\(preset)'")
                }
                spring = try Spring.validated(preset: named, duration: d, extraBounce: x)
                code = duration == nil && extraBounce == nil
                    ? "Spring.\(preset)" : "Spring.\(preset)(duration: \(d), extraBounce: \(x))"
            } else if let platform {
                let resolved = try resolvePlatform(platform, target: target, initialVelocity: &initialVelocity)
                // Whatever the vocabulary, the spring must lie in the documented ranges.
                spring = try Spring.validated(resolved.0, source: "--platform \(platform)")
                (form, code, notes) = (resolved.1, resolved.2, resolved.3)
            } else if let settlingDuration {
                form = "settlingDuration-dampingRatio"
                try only(["--settling-duration", "--damping-ratio"], for: "--settling-duration")
                let z = try required(dampingRatio, "--damping-ratio", for: "--settling-duration")
                spring = try Spring.validated(settlingDuration: settlingDuration, dampingRatio: z, epsilon: epsilon)
                code = "Spring(settlingDuration: \(settlingDuration), dampingRatio: \(z), epsilon: \(epsilon))"
            } else if let response {
                form = "response-dampingRatio"
                try only(["--response", "--damping-ratio"], for: "--response")
                let z = try required(dampingRatio, "--damping-ratio", for: "--response")
                spring = try Spring.validated(response: response, dampingRatio: z)
                code = "Spring(response: \(response), dampingRatio: \(z))"
            } else if stiffness != nil || damping != nil || mass != nil || allowOverdamping {
                form = "mass-stiffness-damping"
                try only(["--mass", "--stiffness", "--damping", "--allow-overdamping"], for: "--stiffness/--damping")
                let k = try required(stiffness, "--stiffness", for: "--mass/--stiffness/--damping")
                let c = try required(damping, "--damping", for: "--mass/--stiffness/--damping")
                let m = mass ?? 1
                spring = try Spring.validated(mass: m, stiffness: k, damping: c, allowOverDamping: allowOverdamping)
                let physical = try Spring.validated(physicalMass: m, stiffness: k, damping: c)
                if !allowOverdamping && physical.regime == .overdamped {
                    notes.append("SwiftUI's Spring(mass:stiffness:damping:) clamps this overdamped spring (ζ = \(physical.physicalDampingRatio)) to critical damping, so damping becomes \(spring.damping); pass --allow-overdamping to keep it")
                }
                code = "Spring(mass: \(m), stiffness: \(k), damping: \(c)\(allowOverdamping ? ", allowOverDamping: true" : ""))"
            } else if duration != nil || bounce != nil {
                form = "duration-bounce"
                try only(["--duration", "--bounce"], for: "--duration/--bounce")
                let d = duration ?? 0.5, b = bounce ?? 0
                spring = try Spring.validated(duration: d, bounce: b)
                code = "Spring(duration: \(d), bounce: \(b))"
            } else if let stray = given.first {
                throw ValidationError("\(stray) alone does not name a spring; see --help for the option groups")
            } else {
                throw ValidationError("no spring given: use --duration/--bounce, --response/--damping-ratio, --mass/--stiffness/--damping, --settling-duration/--damping-ratio, --preset or --platform")
            }
        } catch let error as SpringParameterError {
            throw ValidationError(SpringOptions.message(for: error))
        }
        if code.isEmpty {
            code = "Spring(duration: \(spring.duration), bounce: \(spring.bounce))"
        }
        if spring.regime == .overdamped {
            notes.append("SwiftUI's stiffness getter reports m(2λ² − ω0²) = \(spring.stiffness) for an overdamped spring; the physical stiffness m·ω0² is \(spring.physicalStiffness)")
        }
        return Resolved(spring: spring, parameterization: form, swiftUICode: code, notes: notes,
                        target: target, initialVelocity: initialVelocity, epsilon: epsilon)
    }

    private func resolvePlatform(
        _ name: String, target: Double, initialVelocity: inout Double
    ) throws -> (Spring, String, String, [String]) {
        var notes: [String] = []
        let base: Set<String> = ["--platform"]
        func validatedPhysical(_ m: Double, _ k: Double, _ c: Double) throws -> Spring {
            try Spring.validated(physicalMass: m, stiffness: k, damping: c)
        }
        switch name {
        case "android", "compose":
            try only(base.union(["--stiffness", "--damping-ratio"]), for: "--platform \(name)")
            let k = stiffness ?? AndroidSpring.stiffnessMedium
            let z = dampingRatio ?? (name == "compose" ? AndroidSpring.dampingRatioNoBouncy : AndroidSpring.dampingRatioMediumBouncy)
            guard k.isFinite, k > 0 else { throw SpringParameterError(parameter: "stiffness", value: k, validRange: "a finite number > 0") }
            guard z.isFinite, z >= 0 else { throw SpringParameterError(parameter: "dampingRatio", value: z, validRange: "a finite number ≥ 0") }
            return (AndroidSpring(stiffness: k, dampingRatio: z).spring, name, "", notes)
        case "flutter", "figma", "core-animation":
            try only(base.union(["--mass", "--stiffness", "--damping", "--relative-velocity"]), for: "--platform \(name)")
            if relativeVelocity != nil && name != "core-animation" {
                throw ValidationError("--relative-velocity is Core Animation's; use --initial-velocity with --platform \(name)")
            }
            let defaults: (Double, Double) = name == "core-animation" ? (100, 10) : (.nan, .nan)
            let k = try stiffness ?? (defaults.0.isNaN ? required(nil, "--stiffness", for: "--platform \(name)") : defaults.0)
            let c = try damping ?? (defaults.1.isNaN ? required(nil, "--damping", for: "--platform \(name)") : defaults.1)
            if let relativeVelocity {
                guard self.initialVelocity == nil else {
                    throw ValidationError("--relative-velocity and --initial-velocity cannot both be given")
                }
                initialVelocity = try Input.finite(relativeVelocity, "--relative-velocity") * target
            }
            return (try validatedPhysical(mass ?? 1, k, c), name, "", notes)
        case "motion":
            if visualDuration != nil {
                try only(base.union(["--visual-duration", "--bounce"]), for: "--platform motion --visual-duration")
                let vd = visualDuration!, b = bounce ?? 0
                guard vd.isFinite, vd > 0 else { throw SpringParameterError(parameter: "visualDuration", value: vd, validRange: "a finite number > 0 (seconds)") }
                guard b.isFinite else { throw SpringParameterError(parameter: "bounce", value: b, validRange: "a finite number") }
                let zeta = 1 - b
                if zeta < 0.05 || zeta > 1 {
                    notes.append("Motion clamps ζ = 1 − bounce = \(zeta) to [0.05, 1]; the spring described is the clamped one")
                }
                let m = MotionSpring(visualDuration: vd, bounce: b)
                return (m.spring, "motion-visualDuration-bounce", "", notes)
            }
            try only(base.union(["--mass", "--stiffness", "--damping"]), for: "--platform motion")
            return (try validatedPhysical(mass ?? 1, stiffness ?? 100, damping ?? 10), "motion", "", notes)
        case "react-spring":
            if frequency != nil {
                try only(base.union(["--frequency", "--damping-ratio", "--mass"]), for: "--platform react-spring --frequency")
                let f = frequency!, z = dampingRatio ?? 1, m = mass ?? 1
                guard f.isFinite, f >= 0.01 else { throw SpringParameterError(parameter: "frequency", value: f, validRange: "a finite number ≥ 0.01 (seconds; react-spring clamps to it)") }
                guard z.isFinite, z >= 0 else { throw SpringParameterError(parameter: "dampingRatio", value: z, validRange: "a finite number ≥ 0") }
                guard m.isFinite, m > 0 else { throw SpringParameterError(parameter: "mass", value: m, validRange: "a finite number > 0") }
                return (ReactSpringConfig(frequency: f, damping: z, mass: m).spring, "react-spring-frequency", "", notes)
            }
            try only(base.union(["--tension", "--friction", "--mass"]), for: "--platform react-spring")
            return (try validatedPhysical(mass ?? 1, tension ?? 170, friction ?? 26), "react-spring", "", notes)
        case "rebound":
            if origamiTension != nil || origamiFriction != nil {
                try only(base.union(["--origami-tension", "--origami-friction"]), for: "--platform rebound --origami-*")
                let ot = try required(origamiTension, "--origami-tension", for: "--platform rebound")
                let of = try required(origamiFriction, "--origami-friction", for: "--platform rebound")
                let c = ReboundSpringConfig(origamiTension: try Input.finite(ot, "--origami-tension"),
                                            origamiFriction: try Input.finite(of, "--origami-friction"))
                return (c.spring, "rebound-origami", "", notes)
            }
            if bounciness != nil || speed != nil {
                try only(base.union(["--bounciness", "--speed"]), for: "--platform rebound --bounciness/--speed")
                let b = try Input.finite(try required(bounciness, "--bounciness", for: "--platform rebound"), "--bounciness")
                let s = try Input.finite(try required(speed, "--speed", for: "--platform rebound"), "--speed")
                let c = ReboundSpringConfig(bounciness: b, speed: s)
                return (c.spring, "rebound-bounciness-speed", "", notes)
            }
            try only(base.union(["--tension", "--friction"]), for: "--platform rebound")
            let c = ReboundSpringConfig.default
            return (try validatedPhysical(1, tension ?? c.tension, friction ?? c.friction), "rebound", "", notes)
        default:
            throw ValidationError("--platform must be one of android, compose, flutter, motion, react-spring, rebound, core-animation, figma; got '\(name)'")
        }
    }

    /// A library error in the command line's words.
    static func message(for error: SpringParameterError) -> String {
        let options = [
            "duration": "--duration", "bounce": "--bounce", "response": "--response", "dampingRatio": "--damping-ratio",
            "mass": "--mass", "stiffness": "--stiffness", "damping": "--damping", "settlingDuration": "--settling-duration",
            "epsilon": "--epsilon", "extraBounce": "--extra-bounce", "visualDuration": "--visual-duration",
            "frequency": "--frequency",
        ]
        let name = options[error.parameter] ?? error.parameter
        return "\(name) must be \(error.validRange); got \(error.value)"
    }
}
