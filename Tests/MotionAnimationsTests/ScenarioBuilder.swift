import Foundation
import MotionAnimations

/// Builds scenarios of the reference table (SPEC §9's scenario JSON, as read by
/// JSONSerialization) with the engine's Swift API. Test-side only: the product's decoder, with its
/// errors naming JSON paths, is the CLI's.
enum ScenarioBuilder {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// A scenario's value: a number, or an object whose keys follow `keys` (initialValue's order).
    static func value(_ json: Any, keys: [String]?) throws -> AnimatableValue {
        if let keys {
            guard let object = json as? [String: Any] else { throw Failure(description: "expected an object: \(json)") }
            return .vector(try keys.map { key in
                guard let x = jsonDouble(object[key]) else { throw Failure(description: "missing \(key)") }
                return (key, x)
            })
        }
        guard let x = jsonDouble(json) else { throw Failure(description: "expected a number: \(json)") }
        return .scalar(x)
    }

    static func number(_ object: [String: Any], _ key: String, _ fallback: Double? = nil) throws -> Double {
        if let x = jsonDouble(object[key]) { return x }
        if let fallback { return fallback }
        throw Failure(description: "missing \(key) in \(object)")
    }

    static func named(_ name: String, version: DefaultAnimationVersion) throws -> Animation {
        switch name {
        case "default": return .default(version)
        case "linear": return .linear
        case "easeIn": return .easeIn
        case "easeOut": return .easeOut
        case "easeInOut": return .easeInOut
        case "spring": return .spring
        case "interactiveSpring": return .interactiveSpring
        case "smooth": return .smooth
        case "snappy": return .snappy
        case "bouncy": return .bouncy
        case "interpolatingSpring": return .interpolatingSpring
        default: throw Failure(description: "unknown animation \(name)")
        }
    }

    /// An animation: null, a name, or an object with `type`, its parameters and the modifier keys,
    /// applied as `.delay(d).speed(s).repeatCount(n, autoreverses: a).logicallyComplete(after: t)`.
    static func animation(_ json: Any?, version: DefaultAnimationVersion) throws -> Animation? {
        guard let json, !(json is NSNull) else { return nil }
        if let name = json as? String { return try named(name, version: version) }
        guard let object = json as? [String: Any], let type = object["type"] as? String else {
            throw Failure(description: "bad animation \(json)")
        }
        func has(_ keys: String...) -> Bool { keys.contains { object[$0] != nil } }
        var animation: Animation
        switch type {
        case "timingCurve":
            let p = (object["controlPoints"] as? [Any] ?? []).compactMap { jsonDouble($0) }
            guard p.count == 4 else { throw Failure(description: "controlPoints") }
            animation = .timingCurve(p[0], p[1], p[2], p[3], duration: try number(object, "duration", 0.35))
        case "linear": animation = .linear(duration: try number(object, "duration", 0.35))
        case "easeIn": animation = .easeIn(duration: try number(object, "duration", 0.35))
        case "easeOut": animation = .easeOut(duration: try number(object, "duration", 0.35))
        case "easeInOut": animation = .easeInOut(duration: try number(object, "duration", 0.35))
        case "spring":
            let blend = try number(object, "blendDuration", 0)
            if has("duration", "bounce") {
                animation = .spring(duration: try number(object, "duration", 0.5), bounce: try number(object, "bounce", 0),
                                    blendDuration: blend)
            } else {
                animation = .spring(response: try number(object, "response", 0.5),
                                    dampingFraction: try number(object, "dampingFraction", 0.825), blendDuration: blend)
            }
        case "interactiveSpring":
            let blend = try number(object, "blendDuration", 0.25)
            if has("duration", "extraBounce") {
                animation = .interactiveSpring(duration: try number(object, "duration", 0.15),
                                               extraBounce: try number(object, "extraBounce", 0), blendDuration: blend)
            } else {
                animation = .interactiveSpring(response: try number(object, "response", 0.15),
                                               dampingFraction: try number(object, "dampingFraction", 0.86),
                                               blendDuration: blend)
            }
        case "smooth", "snappy", "bouncy":
            let duration = try number(object, "duration", 0.5), extra = try number(object, "extraBounce", 0)
            animation = type == "smooth" ? .smooth(duration: duration, extraBounce: extra)
                : type == "snappy" ? .snappy(duration: duration, extraBounce: extra)
                : .bouncy(duration: duration, extraBounce: extra)
        case "interpolatingSpring":
            let v0 = try number(object, "initialVelocity", 0)
            if has("mass", "stiffness", "damping") {
                animation = .interpolatingSpring(mass: try number(object, "mass", 1), stiffness: try number(object, "stiffness"),
                                                 damping: try number(object, "damping"), initialVelocity: v0)
            } else {
                animation = .interpolatingSpring(duration: try number(object, "duration", 0.5),
                                                 bounce: try number(object, "bounce", 0), initialVelocity: v0)
            }
        case "default": animation = .default(version)
        default: throw Failure(description: "unknown type \(type)")
        }
        if object["delay"] != nil { animation = animation.delay(try number(object, "delay")) }
        if object["speed"] != nil { animation = animation.speed(try number(object, "speed")) }
        let autoreverses = (object["autoreverses"] as? Bool) ?? true
        if object["repeatCount"] != nil {
            animation = animation.repeatCount(Int(try number(object, "repeatCount")), autoreverses: autoreverses)
        } else if (object["repeatForever"] as? Bool) == true {
            animation = animation.repeatForever(autoreverses: autoreverses)
        }
        if object["logicallyCompleteAfter"] != nil {
            animation = animation.logicallyComplete(after: try number(object, "logicallyCompleteAfter"))
        }
        return animation
    }

    /// Runs a scenario object (transactions or a phase animator).
    static func run(_ scenario: [String: Any], keys: [String]?, version: DefaultAnimationVersion, clock: FrameClock,
                    window: SampleWindow) throws -> AnimationRun<AnimatableValue> {
        guard let initialJSON = scenario["initialValue"] else { throw Failure(description: "initialValue") }
        let initial = try value(initialJSON, keys: keys)
        if let transactions = scenario["transactions"] as? [[String: Any]] {
            let built = try transactions.map { t in
                AnimationTransaction(time: try number(t, "time"), value: try value(t["value"]!, keys: keys),
                                     animation: try animation(t["animation"], version: version))
            }
            return AnimationScenario(initialValue: initial, transactions: built).run(clock: clock, window: window)
        }
        guard let phases = scenario["phaseAnimator"] as? [String: Any], let values = phases["phases"] as? [Any] else {
            throw Failure(description: "neither transactions nor phaseAnimator")
        }
        let animations = try (phases["animations"] as? [Any])?.map { try animation($0, version: version) }
        let triggers = (phases["triggers"] as? [Any])?.compactMap { jsonDouble($0) }
        return PhaseAnimator(phases: try values.map { try value($0, keys: keys) }, animations: animations, triggers: triggers)
            .run(clock: clock, window: window)
    }
}

/// A JSON number as a correctly rounded Double. JSONSerialization gives long decimals as
/// NSDecimalNumber, whose `doubleValue` can be an ulp off; its text is exact.
func jsonDouble(_ json: Any?) -> Double? {
    guard let number = json as? NSNumber else { return nil }
    return Double(number.stringValue) ?? number.doubleValue
}
