import MotionCurves
import MotionJSON
import MotionSprings

extension Keyframe<Double> {
    /// The keyframe `json` describes, with the timeline reader's rules (<doc:TimelineJSON>);
    /// errors name `path` and the member.
    init(timelineJSON json: JSONValue, at path: String) throws(PathError) {
        let types = "one of move, linear, cubic, spring"
        guard case .object = json else {
            throw PathError(path: path, message: "must be a keyframe, an object with \"type\" (\(types)); got \(json.kindDescription)")
        }
        let typePath = JSONValue.join(path, "type")
        guard let typeJSON = json["type"] else { throw PathError(path: typePath, message: "is needed: \(types)") }
        guard case .string(let type) = typeJSON else { throw PathError(path: typePath, message: "must be \(types); got \(typeJSON.kindDescription)") }
        let nonNegative = "a finite number ≥ 0"
        func members(_ allowed: [String]) throws(PathError) -> TimelineObject {
            try TimelineObject(json, at: path, describedAs: "a \(type) keyframe", allowed: allowed)
        }
        switch type {
        case "move":
            let o = try members(["to", "type"])
            self = .move(MoveKeyframe(try o.number("to")!))
        case "linear":
            let o = try members(["curve", "duration", "to", "type"])
            let to = try o.number("to")!
            let duration = try o.number("duration", required: true, nonNegative) { $0 >= 0 }!
            let curve = try o["curve"].map { value throws(PathError) in try CurveDocument.curve(value, at: o.path("curve")) } ?? .linear
            self = .linear(LinearKeyframe(to, duration: duration, timingCurve: curve))
        case "cubic":
            let o = try members(["duration", "endVelocity", "startVelocity", "to", "type"])
            self = .cubic(CubicKeyframe(
                try o.number("to")!, duration: try o.number("duration", required: true, nonNegative) { $0 >= 0 }!,
                startVelocity: try o.number("startVelocity", required: false),
                endVelocity: try o.number("endVelocity", required: false)))
        case "spring":
            let o = try members(["duration", "spring", "startVelocity", "to", "type"])
            let spring = try o["spring"].map { value throws(PathError) in try SpringDocument.spring(value, at: o.path("spring")) } ?? Spring()
            let duration = try o.number("duration", required: false, nonNegative) { $0 >= 0 }
            if duration == nil && spring.decayRate == 0 {
                throw PathError(path: o.path("duration"),
                                message: "is needed: an undamped spring (bounce 1, damping 0) never settles, so it has no default duration")
            }
            self = .spring(SpringKeyframe(
                try o.number("to")!, duration: duration,
                spring: spring, startVelocity: try o.number("startVelocity", required: false)))
        default:
            throw PathError(path: typePath, message: "'\(type)' is not a keyframe type (move, linear, cubic, spring)")
        }
    }

    /// The keyframe as timeline JSON.
    public var json: JSONValue {
        var pairs: [(String, JSONValue)] = [("type", .string(kind)), ("to", .number(to))]
        switch self {
        case .move: break
        case .linear(let k):
            pairs.append(("duration", .number(k.duration)))
            if k.timingCurve != .linear { pairs.append(("curve", CurveDocument.json(k.timingCurve))) }
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
