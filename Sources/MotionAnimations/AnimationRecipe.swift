/// A built-in animation given by its type and parameters, checked against the ranges in which
/// SwiftUI's animation is defined: the one place where scenario JSON and pasted SwiftUI
/// expressions become ``Animation`` values, so both accept and reject the same things.
///
/// The ranges: bezier durations ≥ 0 (0 finishes on the first frame); spring durations and
/// responses > 0; `dampingFraction` ≥ 0; the bounce a spring ends up with (`bounce`, or the
/// preset's own plus `extraBounce`) in (−1, 1], where its damping fraction is positive and finite;
/// `blendDuration` ≥ 0; `mass` and `stiffness` > 0 and `damping` ≥ 0, with stiffness/mass and
/// damping/mass finite; every number finite.
struct AnimationRecipe {
    /// A parameter outside its range, or a combination SwiftUI has no signature for.
    struct Problem: Error, Equatable {
        /// The parameter at fault; nil for the recipe as a whole.
        var parameter: String?
        var message: String
    }

    /// One of SwiftUI's signatures for a type: its labels in SwiftUI's order, those without a
    /// default, and those a call must give although the static property needs none
    /// (`.linear` is 0.35 s, `.linear()` does not compile).
    struct Signature: Sendable {
        var labels: [String]
        var required: Set<String> = []
        var requiredInCall: Set<String> = []
    }

    /// Every type a scenario may name (`timingCurve` only as an object or a call).
    static let types = ["default", "timingCurve", "linear", "easeIn", "easeOut", "easeInOut", "spring",
                        "interactiveSpring", "smooth", "snappy", "bouncy", "interpolatingSpring"]
    /// The names usable on their own, as SwiftUI's static properties.
    static let names = types.filter { $0 != "timingCurve" }

    /// The bounce each preset adds `extraBounce` to.
    static let presetBounce: [String: Double] = ["smooth": 0, "snappy": 0.15, "bouncy": 0.3, "interactiveSpring": 0.15]

    /// SwiftUI's signatures for `type`, without `timingCurve`'s four unlabeled control points.
    static func signatures(of type: String) -> [Signature] {
        switch type {
        case "timingCurve": [Signature(labels: ["duration"])]
        case "linear", "easeIn", "easeOut", "easeInOut": [Signature(labels: ["duration"], requiredInCall: ["duration"])]
        case "spring": [Signature(labels: ["response", "dampingFraction", "blendDuration"]),
                        Signature(labels: ["duration", "bounce", "blendDuration"])]
        case "interactiveSpring": [Signature(labels: ["response", "dampingFraction", "blendDuration"]),
                                   Signature(labels: ["duration", "extraBounce", "blendDuration"])]
        case "smooth", "snappy", "bouncy": [Signature(labels: ["duration", "extraBounce"])]
        case "interpolatingSpring": [Signature(labels: ["mass", "stiffness", "damping", "initialVelocity"],
                                               required: ["stiffness", "damping"]),
                                     Signature(labels: ["duration", "bounce", "initialVelocity"])]
        default: []
        }
    }

    /// The signature `labels` (in the order given) select: the first label that belongs to one
    /// signature only decides. Throws for a label no signature has, or one of another signature.
    static func signature(of type: String, labels: [String]) throws(Problem) -> Signature {
        let all = signatures(of: type)
        var chosen: Signature?
        for label in labels {
            let having = all.filter { $0.labels.contains(label) }
            if having.isEmpty {
                let accepted = all.map { "(" + $0.labels.map { "\($0):" }.joined() + ")" }.joined(separator: " or ")
                throw Problem(parameter: label, message: "is not a parameter of \(type) (it takes \(accepted))")
            }
            if let current = chosen {
                if !current.labels.contains(label) {
                    let decided = labels.first { label in
                        current.labels.contains(label) && all.filter { $0.labels.contains(label) }.count == 1
                    }
                    throw Problem(parameter: label, message: "cannot be combined with '\(decided ?? current.labels[0])': \(type) takes "
                        + all.map { "(" + $0.labels.map { "\($0):" }.joined() + ")" }.joined(separator: " or "))
                }
            } else if having.count == 1 {
                chosen = having[0]
            }
        }
        return chosen ?? all.first { $0.required.isEmpty } ?? all.first ?? Signature(labels: [])
    }

    /// The animation of `type` with `parameters` (SwiftUI's defaults for those absent).
    /// `controlPoints` are `timingCurve`'s x1, y1, x2, y2; `version` decides what `default` is.
    static func base(type: String, parameters: [(String, Double)], controlPoints: [Double]? = nil,
                     version: DefaultAnimationVersion) throws(Problem) -> Animation {
        guard types.contains(type) else {
            throw Problem(parameter: nil, message: "unknown animation type '\(type)' (expected one of \(types.joined(separator: ", ")))")
        }
        if type == "default" {
            if let first = parameters.first { throw Problem(parameter: first.0, message: "is not a parameter of default (it takes none)") }
            return .default(version)
        }
        let signature = try self.signature(of: type, labels: parameters.map(\.0))
        var values: [String: Double] = [:]
        for (label, value) in parameters {
            guard values[label] == nil else { throw Problem(parameter: label, message: "is given twice") }
            guard value.isFinite else { throw Problem(parameter: label, message: "must be a finite number; got \(value)") }
            values[label] = value
        }
        for label in signature.labels where signature.required.contains(label) && values[label] == nil {
            throw Problem(parameter: label, message: "is needed: \(type) takes (" + signature.labels.map { "\($0):" }.joined() + ")")
        }
        func value(_ label: String, _ fallback: Double, _ rule: Rule = .any) throws(Problem) -> Double {
            guard let x = values[label] else { return fallback }
            guard rule.accepts(x) else { throw Problem(parameter: label, message: "must be \(rule.text); got \(x)") }
            return x
        }
        func bounce(_ label: String, base: Double) throws(Problem) -> Double {
            let total = base + (try value(label, 0))
            guard total > -1 && total <= 1 else {
                let what = base == 0 ? "" : " (the preset's \(base) plus extraBounce)"
                throw Problem(parameter: label, message: "gives a bounce of \(total)\(what); a spring's bounce is in (-1, 1]")
            }
            return total
        }
        switch type {
        case "timingCurve":
            let p = controlPoints ?? []
            guard p.count == 4, p.allSatisfy(\.isFinite) else {
                throw Problem(parameter: "controlPoints", message: "must be four finite numbers [x1, y1, x2, y2]")
            }
            return .timingCurve(p[0], p[1], p[2], p[3], duration: try value("duration", 0.35, .nonNegative))
        case "linear": return .linear(duration: try value("duration", 0.35, .nonNegative))
        case "easeIn": return .easeIn(duration: try value("duration", 0.35, .nonNegative))
        case "easeOut": return .easeOut(duration: try value("duration", 0.35, .nonNegative))
        case "easeInOut": return .easeInOut(duration: try value("duration", 0.35, .nonNegative))
        case "spring", "interactiveSpring":
            let interactive = type == "interactiveSpring"
            let blend = try value("blendDuration", interactive ? 0.25 : 0, .nonNegative)
            if signature.labels.contains("response") {
                let response = try value("response", interactive ? 0.15 : 0.5, .positive)
                let zeta = try value("dampingFraction", interactive ? 0.86 : 0.825, .nonNegative)
                try convergent(response: response, dampingFraction: zeta, parameter: "dampingFraction")
                return .spring(response: response, dampingFraction: zeta, blendDuration: blend)
            }
            let duration = try value("duration", interactive ? 0.15 : 0.5, .positive)
            let label = interactive ? "extraBounce" : "bounce"
            let total = try bounce(label, base: presetBounce[type] ?? 0)
            try convergent(response: duration, dampingFraction: Animation.dampingFraction(bounce: total), parameter: label)
            return .spring(duration: duration, bounce: total, blendDuration: blend)
        case "smooth", "snappy", "bouncy":
            let duration = try value("duration", 0.5, .positive)
            let total = try bounce("extraBounce", base: presetBounce[type]!)
            try convergent(response: duration, dampingFraction: Animation.dampingFraction(bounce: total), parameter: "extraBounce")
            return .spring(duration: duration, bounce: total)
        default:  // interpolatingSpring
            let v0 = try value("initialVelocity", 0)
            if signature.labels.contains("mass") {
                let mass = try value("mass", 1, .positive), stiffness = try value("stiffness", 0, .positive)
                let damping = try value("damping", 0, .nonNegative)
                guard (stiffness / mass).isNormal, (damping / mass).isFinite else {
                    throw Problem(parameter: "mass", message: "must keep stiffness/mass and damping/mass finite and non-zero; got \(mass)")
                }
                return .interpolatingSpring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: v0)
            }
            let duration = try value("duration", 0.5, .positive)
            guard ((2 * Double.pi) / duration * ((2 * Double.pi) / duration)).isFinite else {
                throw Problem(parameter: "duration", message: "is too short for a finite stiffness (2π/duration)²; got \(duration)")
            }
            return .interpolatingSpring(duration: duration, bounce: try bounce("bounce", base: 0), initialVelocity: v0)
        }
    }

    /// A fluid spring's damping fraction must keep SwiftUI's integrator convergent
    /// (``FluidSpringAnimation/largestStableDampingFraction(response:)``): beyond it the spring
    /// grows without end instead of settling, in SwiftUI as here.
    static func convergent(response: Double, dampingFraction zeta: Double, parameter: String) throws(Problem) {
        let bound = FluidSpringAnimation.largestStableDampingFraction(response: response)
        guard zeta < bound else {
            let what = parameter == "dampingFraction" ? "is \(zeta)" : "gives a damping fraction of \(zeta)"
            // The bound rounded down to three decimals, so that the value named is below it.
            throw Problem(parameter: parameter, message: "\(what): at response \(response) s SwiftUI's spring integrator (velocity-Verlet, 1/300 s steps) diverges instead of settling; the damping fraction must be below \((bound * 1000).rounded(.down) / 1000)")
        }
    }

    /// The modifiers, in the order a scenario object applies them.
    static let modifiers = ["delay", "speed", "repeatCount", "repeatForever", "logicallyComplete"]

    /// `animation` with one modifier; `value` is the modifier's number (nil for `repeatForever`).
    static func modify(_ animation: Animation, _ modifier: String, value: Double?, autoreverses: Bool) throws(Problem) -> Animation {
        func checked(_ rule: Rule) throws(Problem) -> Double {
            let x = value ?? 0
            guard rule.accepts(x) else { throw Problem(parameter: modifier, message: "must be \(rule.text); got \(x)") }
            return x
        }
        switch modifier {
        case "delay": return animation.delay(try checked(.nonNegative))
        case "speed": return animation.speed(try checked(.positive))
        case "repeatCount": return animation.repeatCount(Int(try checked(.count)), autoreverses: autoreverses)
        case "repeatForever": return animation.repeatForever(autoreverses: autoreverses)
        default: return animation.logicallyComplete(after: try checked(.nonNegative))
        }
    }

    /// A parameter's valid range.
    enum Rule {
        case any, positive, nonNegative, count

        func accepts(_ x: Double) -> Bool {
            switch self {
            case .any: x.isFinite
            case .positive: x.isFinite && x > 0
            case .nonNegative: x.isFinite && x >= 0
            case .count: x >= 1 && x <= 1e9 && x == x.rounded()
            }
        }

        var text: String {
            switch self {
            case .any: "a finite number"
            case .positive: "a finite number > 0"
            case .nonNegative: "a finite number ≥ 0"
            case .count: "a whole number from 1 to 10⁹"
            }
        }
    }
}
