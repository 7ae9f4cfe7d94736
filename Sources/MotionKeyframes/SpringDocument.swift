import MotionJSON
import MotionSprings

/// A spring in timeline JSON: any SwiftUI parameterization, or a preset.
enum SpringDocument {
    /// {"duration", "bounce"}, with bounce exactly 0 for a critically damped spring: the getters
    /// can be an ulp off 0, and reading that back would give a slightly under- or overdamped
    /// spring — the same motion, but SwiftUI estimates its settling duration differently.
    static func json(_ spring: Spring) -> JSONValue {
        let bounce = spring.signedFrequency == 0 ? 0 : spring.bounce
        return .object([("duration", .number(spring.duration)), ("bounce", .number(bounce))])
    }

    /// The spring `value` describes, its parameters held to the ranges of the `validated`
    /// factories; errors name `path` and the member.
    static func spring(_ value: JSONValue, at path: String) throws(PathError) -> Spring {
        guard case .object(let pairs) = value else {
            throw PathError(path: path, message: "must be a spring object such as {\"duration\": 0.5, \"bounce\": 0.2}; got \(value.kindDescription)")
        }
        let keys = Set(pairs.map(\.0))
        func members(_ what: String, _ allowed: [String]) throws(PathError) -> TimelineObject {
            try TimelineObject(value, at: path, describedAs: what, allowed: allowed)
        }
        // A parameter out of its range is named by its key.
        func validated(_ make: () throws(SpringParameterError) -> Spring) throws(PathError) -> Spring {
            do { return try make() } catch {
                throw PathError(path: JSONValue.join(path, error.parameter), message: "must be \(error.validRange); got \(error.value)")
            }
        }
        if keys.contains("preset") {
            let o = try members("a preset spring", ["duration", "extraBounce", "preset"])
            let presets = "one of smooth, snappy, bouncy"
            guard case .string(let name)? = o["preset"] else {
                throw PathError(path: o.path("preset"), message: "must be \(presets); got \((o.members["preset"] ?? .null).kindDescription)")
            }
            guard let preset = Spring.Preset(rawValue: name) else {
                throw PathError(path: o.path("preset"), message: "must be \(presets); got '\(name)'")
            }
            let duration = try o.number("duration", required: false) ?? 0.5, extraBounce = try o.number("extraBounce", required: false) ?? 0
            return try validated { () throws(SpringParameterError) in try Spring.validated(preset: preset, duration: duration, extraBounce: extraBounce) }
        }
        if keys.contains("response") {
            let o = try members("a response/dampingRatio spring", ["dampingRatio", "response"])
            let response = try o.number("response")!, dampingRatio = try o.number("dampingRatio")!
            return try validated { () throws(SpringParameterError) in try Spring.validated(response: response, dampingRatio: dampingRatio) }
        }
        if keys.contains("settlingDuration") {
            let o = try members("a settlingDuration spring", ["dampingRatio", "epsilon", "settlingDuration"])
            let settlingDuration = try o.number("settlingDuration")!, dampingRatio = try o.number("dampingRatio")!
            let epsilon = try o.number("epsilon", required: false) ?? 0.001
            return try validated { () throws(SpringParameterError) in
                try Spring.validated(settlingDuration: settlingDuration, dampingRatio: dampingRatio, epsilon: epsilon)
            }
        }
        if keys.contains("stiffness") || keys.contains("damping") || keys.contains("mass") {
            let o = try members("a mass/stiffness/damping spring", ["allowOverDamping", "damping", "mass", "stiffness"])
            var allow = false
            if let flag = o["allowOverDamping"] {
                guard case .bool(let b) = flag else {
                    throw PathError(path: o.path("allowOverDamping"), message: "must be true or false; got \(flag.kindDescription)")
                }
                allow = b
            }
            let mass = try o.number("mass", required: false) ?? 1, stiffness = try o.number("stiffness")!, damping = try o.number("damping")!
            return try validated { () throws(SpringParameterError) in
                try Spring.validated(mass: mass, stiffness: stiffness, damping: damping, allowOverDamping: allow)
            }
        }
        let o = try members("a duration/bounce spring", ["bounce", "duration"])
        let duration = try o.number("duration", required: false) ?? 0.5, bounce = try o.number("bounce", required: false) ?? 0
        return try validated { () throws(SpringParameterError) in try Spring.validated(duration: duration, bounce: bounce) }
    }
}
