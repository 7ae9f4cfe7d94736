import MotionJSON
import MotionNumerics
import MotionSprings

/// A spring named by a JSON object whose keys are the command line's spring options in camelCase:
/// `{"duration", "bounce"}`, `{"response", "dampingRatio"}`, `{"mass", "stiffness", "damping",
/// "allowOverdamping"}`, `{"settlingDuration", "dampingRatio", "epsilon"}`, `{"preset", "duration",
/// "extraBounce"}`, or `{"platform", …that platform's parameters}`.
///
/// The Python package and the C ABI name springs this way; the forms and their precedence are the
/// command line's, and every error is a `PathError` whose message names the key and its valid range.
public struct SpringRequest: Sendable, Hashable {
    /// The numeric keys given.
    public var numbers: [String: Double] = [:]
    /// The string keys given (`preset`, `platform`, a platform's named values).
    public var strings: [String: String] = [:]
    /// The Boolean keys given (`allowOverdamping`).
    public var flags: [String: Bool] = [:]

    /// The largest |target| and |initial velocity| of a motion: beyond it SwiftUI's own settling
    /// estimate overflows.
    public static let motionBound = 1e150

    static let numberKeys: Set<String> = [
        "duration", "bounce", "response", "dampingRatio", "mass", "stiffness", "damping", "settlingDuration", "epsilon",
        "extraBounce", "tension", "friction", "visualDuration", "frequency", "origamiTension", "origamiFriction",
        "bounciness", "speed",
    ]
    static let stringKeys: Set<String> = ["preset", "platform", "stiffnessName", "dampingRatioName"]

    /// Reads the keys of `document`, a JSON object; `null` values count as not given.
    ///
    /// - Parameter document: the spring as a JSON object.
    /// - Throws: `PathError` for a document that is not an object, an unknown key or a key of the wrong type.
    public init(_ document: JSONValue) throws(PathError) {
        guard case .object(let pairs) = document else {
            throw PathError(message: "a spring is a JSON object such as {\"duration\": 0.5, \"bounce\": 0.3}; got \(document.kindDescription)")
        }
        for (key, value) in pairs {
            switch value {
            case .number(let x) where Self.numberKeys.contains(key): numbers[key] = x
            case .integer(let n) where Self.numberKeys.contains(key): numbers[key] = Double(n)
            case .string(let s) where Self.stringKeys.contains(key): strings[key] = s
            case .bool(let b) where key == "allowOverdamping": flags[key] = b
            case .null: continue
            default:
                throw PathError(message: "spring key '\(key)' is not one of \((Self.numberKeys.union(Self.stringKeys).union(["allowOverdamping"])).sorted().joined(separator: ", ")), or has the wrong type (\(value.kindDescription))")
            }
        }
    }

    /// The keys given, in a stable order (for messages).
    public var given: [String] {
        (Array(numbers.keys) + Array(strings.keys) + flags.filter(\.value).map(\.key)).sorted()
    }

    private func only(_ allowed: Set<String>, for form: String) throws(PathError) {
        if let stray = given.first(where: { !allowed.contains($0) && $0 != "epsilon" }) {
            throw PathError(message: "\(stray) cannot be combined with \(form); give one way of naming the spring")
        }
    }

    private func required(_ key: String, for form: String) throws(PathError) -> Double {
        guard let value = numbers[key] else { throw PathError(message: "\(form) needs \(key)") }
        return value
    }

    /// The specification, by the command line's precedence of forms.
    ///
    /// - Parameter epsilon: the ε of a `settlingDuration` form.
    public func specification(epsilon: Double) throws(PathError) -> SpringSpecification {
        if let name = strings["platform"] {
            guard let platform = SpringPlatform(rawValue: name) else {
                throw PathError(message: "platform must be one of \(SpringPlatform.allCases.map(\.rawValue).joined(separator: ", ")); got '\(name)'")
            }
            var p = SpringPlatform.Parameters()
            (p.mass, p.stiffness, p.damping, p.dampingRatio) = (numbers["mass"], numbers["stiffness"], numbers["damping"], numbers["dampingRatio"])
            (p.tension, p.friction, p.visualDuration, p.bounce) = (numbers["tension"], numbers["friction"], numbers["visualDuration"], numbers["bounce"])
            (p.frequency, p.origamiTension, p.origamiFriction) = (numbers["frequency"], numbers["origamiTension"], numbers["origamiFriction"])
            (p.bounciness, p.speed, p.duration, p.preset) = (numbers["bounciness"], numbers["speed"], numbers["duration"], strings["preset"])
            (p.stiffnessName, p.dampingRatioName) = (strings["stiffnessName"], strings["dampingRatioName"])
            try only(platform.accepted(given: p.given).union(["platform"]), for: "platform \(platform.rawValue)")
            if let missing = platform.missing(given: p.given).first {
                throw PathError(message: "platform \(platform.rawValue) needs \(missing) (it has no default)")
            }
            return .platform(platform, p)
        }
        if let preset = strings["preset"] {
            guard let swiftUIPreset = Spring.Preset(rawValue: preset) else {
                throw PathError(message: "preset \(preset) is not a SwiftUI preset (\(Spring.Preset.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            try only(["preset", "duration", "extraBounce"], for: "preset")
            return .preset(swiftUIPreset, duration: numbers["duration"], extraBounce: numbers["extraBounce"])
        }
        if let settling = numbers["settlingDuration"] {
            try only(["settlingDuration", "dampingRatio"], for: "settlingDuration")
            return .settlingDuration(settling, dampingRatio: try required("dampingRatio", for: "settlingDuration"), epsilon: epsilon)
        }
        if let response = numbers["response"] {
            try only(["response", "dampingRatio"], for: "response")
            return .responseDampingRatio(response: response, dampingRatio: try required("dampingRatio", for: "response"))
        }
        if numbers["stiffness"] != nil || numbers["damping"] != nil || numbers["mass"] != nil || flags["allowOverdamping"] == true {
            try only(["mass", "stiffness", "damping", "allowOverdamping"], for: "mass/stiffness/damping")
            return .massStiffnessDamping(mass: numbers["mass"] ?? 1, stiffness: try required("stiffness", for: "mass/stiffness/damping"),
                                         damping: try required("damping", for: "mass/stiffness/damping"),
                                         allowOverDamping: flags["allowOverdamping"] ?? false)
        }
        if numbers["duration"] != nil || numbers["bounce"] != nil {
            try only(["duration", "bounce"], for: "duration/bounce")
            return .durationBounce(duration: numbers["duration"] ?? 0.5, bounce: numbers["bounce"] ?? 0)
        }
        if let stray = given.first {
            throw PathError(message: "\(stray) alone does not name a spring")
        }
        throw PathError(message: "no spring given: use duration/bounce, response/dampingRatio, mass/stiffness/damping, settlingDuration/dampingRatio, preset or platform")
    }

    /// The resolved spring, its form, its SwiftUI code and the notes on it.
    ///
    /// - Parameter epsilon: the ε of a `settlingDuration` form.
    /// - Throws: `PathError` naming the parameter out of its valid range.
    public func resolve(epsilon: Double) throws(PathError) -> (spring: Spring, parameterization: String, swiftUICode: String, notes: [String]) {
        let specification = try specification(epsilon: epsilon)
        do {
            let (spring, notes) = try specification.resolve()
            return (spring, specification.parameterization, specification.swiftUICode(resolved: spring), notes)
        } catch {
            let message = error.value.isNaN ? "\(error.parameter) must be \(error.validRange)" : "\(error)"
            throw PathError(message: SpringPlatform(rawValue: error.parameter) != nil ? "platform \(message)" : message)
        }
    }
}

extension SpringRequest {
    /// Checks a motion's target, initial velocity and ε as the command line checks them.
    ///
    /// - Parameters:
    ///   - target: the motion's target, within ±``motionBound``.
    ///   - initialVelocity: its initial velocity, within ±``motionBound``.
    ///   - epsilon: the settling tolerance, a finite number > 0.
    /// - Throws: `PathError` naming the value and its valid range.
    public static func checkMotion(target: Double, initialVelocity: Double, epsilon: Double) throws(PathError) {
        let reason = "beyond it SwiftUI's own settling estimate overflows"
        for (name, value) in [("target", target), ("initialVelocity", initialVelocity)] where !(value.isFinite && abs(value) <= motionBound) {
            throw PathError(message: "\(name) must be a finite number in [-1e150, 1e150] (\(reason)); got \(DecimalText.shortest(value))")
        }
        guard epsilon.isFinite, epsilon > 0 else {
            throw PathError(message: "epsilon must be a finite number > 0; got \(epsilon)")
        }
    }
}
