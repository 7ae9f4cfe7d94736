/// Another platform's vocabulary for a spring, and how a spring named in it is resolved: the
/// platform's own defaults, the forms it accepts and the ranges it validates.
///
/// Each vocabulary has one or two forms. Android and Compose take stiffness and damping ratio;
/// Flutter, Figma and Core Animation mass, stiffness and damping; Motion stiffness/damping/mass or
/// visualDuration + bounce; react-spring tension/friction/mass or frequency + damping ratio;
/// Rebound tension/friction, Origami tension/friction, or bounciness + speed.
public enum SpringPlatform: String, CaseIterable, Sendable {
    case android
    case compose
    case flutter
    case motion
    case reactSpring = "react-spring"
    case rebound
    case coreAnimation = "core-animation"
    case figma

    /// The numbers a spring may be given in some vocabulary; each is absent unless given.
    public struct Parameters: Sendable, Hashable {
        public var mass: Double?
        public var stiffness: Double?
        public var damping: Double?
        public var dampingRatio: Double?
        public var tension: Double?
        public var friction: Double?
        public var visualDuration: Double?
        public var bounce: Double?
        public var frequency: Double?
        public var origamiTension: Double?
        public var origamiFriction: Double?
        public var bounciness: Double?
        public var speed: Double?
        /// Motion's and Flutter's `duration` (with `bounce`), in seconds.
        public var duration: Double?
        /// A react-spring preset's name (`wobbly` …).
        public var preset: String?
        /// A Compose/Android named stiffness (`medium`, `lowBouncy` …): the word after `Stiffness`.
        public var stiffnessName: String?
        /// A Compose/Android named damping ratio: the words after `DampingRatio` (`lowBouncy`).
        public var dampingRatioName: String?

        public init() {}

        /// The names of the parameters that are present (`stiffness`, `dampingRatio` …).
        package var given: Set<String> {
            let all: [(String, Double?)] = [
                ("mass", mass), ("stiffness", stiffness), ("damping", damping), ("dampingRatio", dampingRatio),
                ("tension", tension), ("friction", friction), ("visualDuration", visualDuration), ("bounce", bounce),
                ("frequency", frequency), ("origamiTension", origamiTension), ("origamiFriction", origamiFriction),
                ("bounciness", bounciness), ("speed", speed), ("duration", duration),
            ]
            let names: [(String, String?)] = [("preset", preset), ("stiffnessName", stiffnessName), ("dampingRatioName", dampingRatioName)]
            return Set(all.filter { $0.1 != nil }.map(\.0) + names.filter { $0.1 != nil }.map(\.0))
        }
    }

    /// A spring named in a platform's vocabulary.
    public struct Resolution: Sendable {
        /// The spring, validated against SwiftUI's ranges.
        public var spring: Spring
        /// The form used: the platform's name, or `motion-visualDuration-bounce`, `react-spring-frequency`,
        /// `rebound-origami`, `rebound-bounciness-speed`.
        public var form: String
        /// What a reader should know: a clamp the platform applies, say.
        public var notes: [String]
    }

    /// The parameters the form selected by `given` accepts; any other given parameter is a
    /// mistake (one way of naming a spring at a time).
    package func accepted(given: Set<String>) -> Set<String> {
        switch self {
        case .android, .compose: ["stiffness", "dampingRatio", "stiffnessName", "dampingRatioName"]
        case .flutter where given.contains("duration") || given.contains("bounce"): ["duration", "bounce"]
        case .flutter where given.contains("dampingRatio"): ["mass", "stiffness", "dampingRatio"]
        case .flutter, .figma, .coreAnimation: ["mass", "stiffness", "damping"]
        case .motion:
            if given.contains("visualDuration") { ["visualDuration", "bounce"] }
            else if given.contains("duration") || given.contains("bounce") { ["duration", "bounce"] }
            else { ["mass", "stiffness", "damping"] }
        case .reactSpring where given.contains("preset"): ["preset"]
        case .reactSpring: given.contains("frequency") ? ["frequency", "dampingRatio", "mass"] : ["tension", "friction", "mass"]
        case .rebound:
            if !given.isDisjoint(with: ["origamiTension", "origamiFriction"]) { ["origamiTension", "origamiFriction"] }
            else if !given.isDisjoint(with: ["bounciness", "speed"]) { ["bounciness", "speed"] }
            else { ["tension", "friction"] }
        }
    }

    /// The parameters the form selected by `given` requires (it has no default for them) and
    /// that are not in `given`.
    package func missing(given: Set<String>) -> [String] {
        let required: [String]
        switch self {
        case .flutter where given.contains("duration") || given.contains("bounce"): required = []
        case .flutter where given.contains("dampingRatio"): required = ["stiffness"]
        case .flutter, .figma: required = ["stiffness", "damping"]
        case .rebound where !given.isDisjoint(with: ["origamiTension", "origamiFriction"]):
            required = ["origamiTension", "origamiFriction"]
        case .rebound where !given.isDisjoint(with: ["bounciness", "speed"]): required = ["bounciness", "speed"]
        default: required = []
        }
        return required.filter { !given.contains($0) }
    }

    /// The spring that `parameters` name in this vocabulary, with the platform's defaults for
    /// what is absent, validated; parameters outside `accepted(given:)` are ignored.
    public func resolve(_ p: Parameters) throws(SpringParameterError) -> Resolution {
        let resolution = try resolveUnvalidated(p)
        // Whatever the vocabulary, the spring must lie in SwiftUI's documented ranges.
        return Resolution(spring: try Spring.validated(resolution.spring, source: rawValue),
                          form: resolution.form, notes: resolution.notes)
    }

    private func resolveUnvalidated(_ p: Parameters) throws(SpringParameterError) -> Resolution {
        switch self {
        case .android, .compose:
            if p.stiffness != nil && p.stiffnessName != nil {
                throw SpringParameterError(parameter: "stiffnessName", value: .nan, validRange: "given without stiffness (one or the other)")
            }
            if p.dampingRatio != nil && p.dampingRatioName != nil {
                throw SpringParameterError(parameter: "dampingRatioName", value: .nan, validRange: "given without dampingRatio (one or the other)")
            }
            let namedK = try p.stiffnessName.map { (name: String) throws(SpringParameterError) -> Double in
                guard let k = AndroidSpring.stiffness(named: name) else {
                    throw SpringParameterError(parameter: "stiffnessName", value: .nan, validRange: "one of high, medium, mediumLow, low, veryLow; got '\(name)'")
                }
                return k
            }
            let namedZ = try p.dampingRatioName.map { (name: String) throws(SpringParameterError) -> Double in
                guard let z = AndroidSpring.dampingRatio(named: name) else {
                    throw SpringParameterError(parameter: "dampingRatioName", value: .nan, validRange: "one of highBouncy, mediumBouncy, lowBouncy, noBouncy; got '\(name)'")
                }
                return z
            }
            let k = p.stiffness ?? namedK ?? AndroidSpring.stiffnessMedium
            let z = p.dampingRatio ?? namedZ
                ?? (self == .compose ? AndroidSpring.dampingRatioNoBouncy : AndroidSpring.dampingRatioMediumBouncy)
            try Self.require(k, "stiffness", k.isFinite && k > 0, "a finite number > 0")
            try Self.require(z, "dampingRatio", z.isFinite && z >= 0, "a finite number ≥ 0")
            return Resolution(spring: AndroidSpring(stiffness: k, dampingRatio: z).spring, form: rawValue, notes: [])
        case .flutter where p.duration != nil || p.bounce != nil:
            let d = p.duration ?? 0.5, b = p.bounce ?? 0
            try Self.require(d, "duration", d.isFinite && d > 0, "a finite number > 0 (seconds)")
            try Self.require(b, "bounce", b.isFinite && b > -1 && b < 1, "in (-1, 1) (Flutter asserts it)")
            return Resolution(spring: FlutterSpringDescription.withDurationAndBounce(duration: d, bounce: b).spring,
                              form: "flutter-duration-bounce", notes: [])
        case .flutter where p.dampingRatio != nil:
            let z = p.dampingRatio!, m = p.mass ?? 1
            let k = try Self.present(p.stiffness, "stiffness", for: "flutter withDampingRatio")
            try Self.require(z, "dampingRatio", z.isFinite && z >= 0, "a finite number ≥ 0")
            try Self.require(m, "mass", m.isFinite && m > 0, "a finite number > 0")
            try Self.require(k, "stiffness", k.isFinite && k > 0, "a finite number > 0")
            return Resolution(spring: FlutterSpringDescription.withDampingRatio(mass: m, stiffness: k, ratio: z).spring,
                              form: "flutter-dampingRatio", notes: [])
        case .flutter, .figma, .coreAnimation:
            // Core Animation's CASpringAnimation defaults to stiffness 100, damping 10; the others require both.
            let defaults: (Double?, Double?) = self == .coreAnimation ? (100, 10) : (nil, nil)
            let k = try Self.present(p.stiffness ?? defaults.0, "stiffness", for: rawValue)
            let c = try Self.present(p.damping ?? defaults.1, "damping", for: rawValue)
            return Resolution(spring: try Spring.validated(physicalMass: p.mass ?? 1, stiffness: k, damping: c),
                              form: rawValue, notes: [])
        case .motion:
            if let vd = p.visualDuration {
                let b = p.bounce ?? 0
                try Self.require(vd, "visualDuration", vd.isFinite && vd > 0, "a finite number > 0 (seconds)")
                try Self.require(b, "bounce", b.isFinite, "a finite number")
                let zeta = 1 - b
                let notes = zeta < 0.05 || zeta > 1
                    ? ["Motion clamps ζ = 1 − bounce = \(zeta) to [0.05, 1]; the spring described is the clamped one"] : []
                return Resolution(spring: MotionSpring(visualDuration: vd, bounce: b).spring,
                                  form: "motion-visualDuration-bounce", notes: notes)
            }
            if p.duration != nil || p.bounce != nil {
                // Motion's defaults for the duration form: 0.8 s, bounce 0.3 (defaults.ts).
                let d = p.duration ?? 0.8, b = p.bounce ?? 0.3
                try Self.require(d, "duration", d.isFinite && d > 0, "a finite number > 0 (seconds)")
                try Self.require(b, "bounce", b.isFinite, "a finite number")
                return Resolution(spring: MotionSpring(duration: d, bounce: b).spring, form: "motion-duration-bounce",
                                  notes: MotionSpring.durationBounceNotes(duration: d, bounce: b))
            }
            return Resolution(spring: try Spring.validated(physicalMass: p.mass ?? 1, stiffness: p.stiffness ?? 100,
                                                           damping: p.damping ?? 10),
                              form: rawValue, notes: [])
        case .reactSpring:
            if let name = p.preset {
                guard let config = ReactSpringConfig.preset(named: name) else {
                    throw SpringParameterError(parameter: "preset", value: .nan,
                                               validRange: "one of \(ReactSpringConfig.presets.map(\.name).joined(separator: ", ")); got '\(name)'")
                }
                return Resolution(spring: config.spring, form: "react-spring-preset", notes: [])
            }
            if let f = p.frequency {
                let z = p.dampingRatio ?? 1, m = p.mass ?? 1
                try Self.require(f, "frequency", f.isFinite && f >= 0.01,
                                 "a finite number ≥ 0.01 (seconds; react-spring clamps to it)")
                try Self.require(z, "dampingRatio", z.isFinite && z >= 0, "a finite number ≥ 0")
                try Self.require(m, "mass", m.isFinite && m > 0, "a finite number > 0")
                return Resolution(spring: ReactSpringConfig(frequency: f, damping: z, mass: m).spring,
                                  form: "react-spring-frequency", notes: [])
            }
            return Resolution(spring: try Self.tensionFriction(mass: p.mass ?? 1, tension: p.tension ?? 170, friction: p.friction ?? 26),
                              form: rawValue, notes: [])
        case .rebound:
            if let (ot, of) = try Self.finitePair((p.origamiTension, "origamiTension"), (p.origamiFriction, "origamiFriction"), for: rawValue) {
                return Resolution(spring: try Self.rebound(ReboundSpringConfig(origamiTension: ot, origamiFriction: of),
                                                           from: ("origamiTension", ot), and: ("origamiFriction", of), frictionFromSecond: true),
                                  form: "rebound-origami", notes: [])
            }
            if let (b, s) = try Self.finitePair((p.bounciness, "bounciness"), (p.speed, "speed"), for: rawValue) {
                return Resolution(spring: try Self.rebound(ReboundSpringConfig(bounciness: b, speed: s), from: ("bounciness", b), and: ("speed", s),
                                                           frictionFromSecond: false),
                                  form: "rebound-bounciness-speed", notes: [])
            }
            let c = ReboundSpringConfig.default
            return Resolution(spring: try Self.tensionFriction(mass: 1, tension: p.tension ?? c.tension, friction: p.friction ?? c.friction),
                              form: rawValue, notes: [])
        }
    }

    /// The spring of a Rebound config converted from two other numbers (Origami's, or bounciness
    /// and speed): errors name those two, with the tension and friction they gave. With
    /// `frictionFromSecond` (Origami) the friction depends on the second number alone, which a bad
    /// friction then blames.
    private static func rebound(_ config: ReboundSpringConfig, from first: (name: String, value: Double),
                                and second: (name: String, value: Double), frictionFromSecond: Bool) throws(SpringParameterError) -> Spring {
        func text(_ x: Double) -> String { x.isNaN ? "nan" : "\(x)" }
        let gives = "(they give tension \(text(config.tension)) and friction \(text(config.friction)))"
        let tensionValid = config.tension.isFinite && config.tension > 0
        guard tensionValid, config.friction.isFinite, config.friction >= 0 else {
            let (blamed, other) = tensionValid && frictionFromSecond ? (second, first) : (first, second)
            throw SpringParameterError(parameter: blamed.name, value: blamed.value,
                                       validRange: "such that, with \(other.name) \(other.value), Rebound's tension is a finite number > 0 and its friction ≥ 0 \(gives)")
        }
        do {
            return try Spring.validated(physicalMass: 1, stiffness: config.tension, damping: config.friction)
        } catch {
            throw SpringParameterError(parameter: first.name, value: first.value,
                                       validRange: "such that, with \(second.name) \(second.value), the spring is in range \(gives): its \(error)")
        }
    }

    /// A physical spring given as tension and friction (react-spring, Rebound): errors name
    /// `tension` and `friction`, the words the user wrote, not stiffness and damping.
    private static func tensionFriction(mass: Double, tension: Double, friction: Double) throws(SpringParameterError) -> Spring {
        do {
            return try Spring.validated(physicalMass: mass, stiffness: tension, damping: friction)
        } catch {
            let names = ["stiffness": "tension", "damping": "friction"]
            throw SpringParameterError(parameter: names[error.parameter] ?? error.parameter, value: error.value,
                                       validRange: error.validRange)
        }
    }

    private static func require(
        _ value: Double, _ name: String, _ condition: Bool, _ range: String
    ) throws(SpringParameterError) {
        guard condition else { throw SpringParameterError(parameter: name, value: value, validRange: range) }
    }

    /// A form of two numbers that come together (Rebound's origami tension and friction, its
    /// bounciness and speed): `nil` when neither is given, else both, each present and finite.
    private static func finitePair(
        _ first: (value: Double?, name: String), _ second: (value: Double?, name: String), for form: String
    ) throws(SpringParameterError) -> (Double, Double)? {
        guard first.value != nil || second.value != nil else { return nil }
        let a = try present(first.value, first.name, for: form)
        let b = try present(second.value, second.name, for: form)
        try require(a, first.name, a.isFinite, "a finite number")
        try require(b, second.name, b.isFinite, "a finite number")
        return (a, b)
    }

    /// `value`, or an error saying the form needs it (reported with the value NaN: absent).
    private static func present(_ value: Double?, _ name: String, for form: String) throws(SpringParameterError) -> Double {
        guard let value else {
            throw SpringParameterError(parameter: name, value: .nan, validRange: "given with the \(form) vocabulary (it has no default)")
        }
        return value
    }
}
