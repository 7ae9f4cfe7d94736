import MotionJSON
import MotionSprings

/// A spring in timeline JSON: any SwiftUI parameterization, or a preset.
struct SpringDocument: Decodable {
    var spring: Spring

    /// {"duration", "bounce"}, with bounce exactly 0 for a critically damped spring: the getters
    /// can be an ulp off 0, and reading that back would give a slightly under- or overdamped
    /// spring — the same motion, but SwiftUI estimates its settling duration differently.
    static func json(_ spring: Spring) -> JSONValue {
        let bounce = spring.signedFrequency == 0 ? 0 : spring.bounce
        return .object([("duration", .number(spring.duration)), ("bounce", .number(bounce))])
    }

    init(from decoder: any Decoder) throws {
        let o = try decoder.container(keyedBy: AnyKey.self)
        let keys = Set(o.allKeys.map(\.stringValue))
        do {
            if keys.contains("preset") {
                try o.rejectUnknownKeys(allowed: ["preset", "duration", "extraBounce"], in: "a preset spring")
                let name = (try? o.decode(String.self, forKey: AnyKey("preset"))) ?? ""
                guard let preset = Spring.Preset(rawValue: name) else {
                    throw PathError(o.codingPath + [AnyKey("preset")], "must be one of smooth, snappy, bouncy; got '\(name)'")
                }
                spring = try Spring.validated(preset: preset, duration: try o.number("duration", required: false) ?? 0.5,
                                              extraBounce: try o.number("extraBounce", required: false) ?? 0)
            } else if keys.contains("response") {
                try o.rejectUnknownKeys(allowed: ["response", "dampingRatio"], in: "a response/dampingRatio spring")
                spring = try Spring.validated(response: try o.number("response")!, dampingRatio: try o.number("dampingRatio")!)
            } else if keys.contains("settlingDuration") {
                try o.rejectUnknownKeys(allowed: ["settlingDuration", "dampingRatio", "epsilon"], in: "a settlingDuration spring")
                spring = try Spring.validated(settlingDuration: try o.number("settlingDuration")!, dampingRatio: try o.number("dampingRatio")!,
                                              epsilon: try o.number("epsilon", required: false) ?? 0.001)
            } else if keys.contains("stiffness") || keys.contains("damping") || keys.contains("mass") {
                try o.rejectUnknownKeys(allowed: ["mass", "stiffness", "damping", "allowOverDamping"], in: "a mass/stiffness/damping spring")
                let allow = (try? o.decode(Bool.self, forKey: AnyKey("allowOverDamping"))) ?? false
                spring = try Spring.validated(mass: try o.number("mass", required: false) ?? 1, stiffness: try o.number("stiffness")!,
                                              damping: try o.number("damping")!, allowOverDamping: allow)
            } else {
                try o.rejectUnknownKeys(allowed: ["duration", "bounce"], in: "a duration/bounce spring")
                spring = try Spring.validated(duration: try o.number("duration", required: false) ?? 0.5,
                                              bounce: try o.number("bounce", required: false) ?? 0)
            }
        } catch let error as SpringParameterError {
            throw PathError(o.codingPath + [AnyKey(error.parameter)], "must be \(error.validRange); got \(error.value)")
        }
    }
}
