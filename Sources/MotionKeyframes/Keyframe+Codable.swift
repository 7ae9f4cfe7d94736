import MotionCurves
import MotionJSON
import MotionSprings

extension Keyframe<Double>: Codable where Value == Double {
    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: AnyKey.self)
        guard let type = try? object.decode(String.self, forKey: AnyKey("type")) else {
            throw PathError(object.codingPath + [AnyKey("type")], "must be one of move, linear, cubic, spring")
        }
        let nonNegative = "a finite number ≥ 0"
        switch type {
        case "move":
            try object.rejectUnknownKeys(allowed: ["type", "to"], in: "a move keyframe")
            self = .move(MoveKeyframe(try object.number("to")!))
        case "linear":
            try object.rejectUnknownKeys(allowed: ["type", "to", "duration", "curve"], in: "a linear keyframe")
            let to = try object.number("to")!
            let duration = try object.number("duration", required: true, nonNegative) { $0 >= 0 }!
            var curve = UnitCurve.linear
            if object.contains(AnyKey("curve")), try !object.decodeNil(forKey: AnyKey("curve")) {
                curve = try object.decode(CurveDocument.self, forKey: AnyKey("curve")).curve
            }
            self = .linear(LinearKeyframe(to, duration: duration, timingCurve: curve))
        case "cubic":
            try object.rejectUnknownKeys(allowed: ["type", "to", "duration", "startVelocity", "endVelocity"], in: "a cubic keyframe")
            self = .cubic(CubicKeyframe(
                try object.number("to")!, duration: try object.number("duration", required: true, nonNegative) { $0 >= 0 }!,
                startVelocity: try object.number("startVelocity", required: false),
                endVelocity: try object.number("endVelocity", required: false)))
        case "spring":
            try object.rejectUnknownKeys(allowed: ["type", "to", "duration", "spring", "startVelocity"], in: "a spring keyframe")
            var spring = Spring()
            if object.contains(AnyKey("spring")), try !object.decodeNil(forKey: AnyKey("spring")) {
                spring = try object.decode(SpringDocument.self, forKey: AnyKey("spring")).spring
            }
            let duration = try object.number("duration", required: false, nonNegative) { $0 >= 0 }
            if duration == nil && spring.decayRate == 0 {
                throw PathError(object.codingPath + [AnyKey("duration")],
                                    "is needed: an undamped spring (bounce 1, damping 0) never settles, so it has no default duration")
            }
            self = .spring(SpringKeyframe(
                try object.number("to")!, duration: duration,
                spring: spring, startVelocity: try object.number("startVelocity", required: false)))
        default:
            throw PathError(object.codingPath + [AnyKey("type")], "'\(type)' is not a keyframe type (move, linear, cubic, spring)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }

    /// The keyframe as timeline JSON.
    public var json: JSONValue {
        var pairs: [(String, JSONValue)] = [("type", .string(kind)), ("to", .number(to))]
        switch self {
        case .move: break
        case .linear(let k):
            pairs.append(("duration", .number(k.duration)))
            if k.timingCurve != .linear { pairs.append(("curve", CurveDocument(curve: k.timingCurve).json)) }
        case .cubic(let k):
            pairs.append(("duration", .number(k.duration)))
            if let v = k.startVelocity { pairs.append(("startVelocity", .number(v))) }
            if let v = k.endVelocity { pairs.append(("endVelocity", .number(v))) }
        case .spring(let k):
            if let d = k.duration { pairs.append(("duration", .number(d))) }
            pairs.append(("spring", SpringDocument.json(k.spring)))
            if let v = k.startVelocity { pairs.append(("startVelocity", .number(v))) }
        }
        return .object(pairs)
    }
}
