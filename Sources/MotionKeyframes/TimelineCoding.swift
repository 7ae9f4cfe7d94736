#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MotionCurves
import MotionIO
import MotionSprings

/// A timeline JSON document that breaks a rule: where, and which rule.
///
/// `path` is written as in the document: `tracks[0].keyframes[2].duration`.
public struct TimelineError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    init(_ codingPath: [any CodingKey], _ message: String) {
        self.init(path: TimelineError.format(codingPath), message: message)
    }

    public var description: String { path.isEmpty ? message : "\(path) \(message)" }

    static func format(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
        }
        return text
    }
}

/// Any key, so documents can be checked for keys MotionLab does not know.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) {
        stringValue = "\(intValue)"
        self.intValue = intValue
    }
}

extension KeyedDecodingContainer where Key == AnyKey {
    func number(_ key: String, required: Bool = true, _ rule: String = "a finite number", _ valid: (Double) -> Bool = { _ in true }) throws -> Double? {
        guard contains(AnyKey(key)), try !decodeNil(forKey: AnyKey(key)) else {
            if required { throw TimelineError(codingPath, "needs \"\(key)\" (\(rule))") }
            return nil
        }
        let path = codingPath + [AnyKey(key)]
        guard let value = try? decode(Double.self, forKey: AnyKey(key)) else {
            throw TimelineError(path, "must be \(rule)")
        }
        guard value.isFinite, valid(value) else { throw TimelineError(path, "must be \(rule); got \(value)") }
        return value
    }

    func rejectUnknownKeys(allowed: Set<String>, in what: String) throws {
        for key in allKeys where !allowed.contains(key.stringValue) {
            throw TimelineError(codingPath + [key], "is not a key of \(what) (allowed: \(allowed.sorted().joined(separator: ", ")))")
        }
    }
}

extension KeyframeTimeline: Codable {
    /// Reads a timeline from the JSON of SPEC §6, checking every rule; errors are ``TimelineError``s
    /// naming the path (`tracks[0].keyframes[2].duration must be ≥ 0; got -1.0`).
    public init(from decoder: any Decoder) throws {
        let root = try decoder.container(keyedBy: AnyKey.self)
        try root.rejectUnknownKeys(allowed: ["initialValue", "tracks", "keyframes"], in: "a timeline")
        guard root.contains(AnyKey("initialValue")) else {
            throw TimelineError(path: "", message: "a timeline needs \"initialValue\": a number or an object of numbers")
        }
        let initial = try root.decode(KeyframeValue.self, forKey: AnyKey("initialValue"))
        let hasTracks = root.contains(AnyKey("tracks")), hasKeyframes = root.contains(AnyKey("keyframes"))
        if hasTracks == hasKeyframes {
            throw TimelineError(path: "", message: hasTracks
                ? "a timeline has \"tracks\" or \"keyframes\", not both"
                : "a timeline needs \"tracks\" (or \"keyframes\" for a scalar timeline)")
        }
        var tracks: [KeyframeTrack] = []
        if hasKeyframes {
            guard case .scalar = initial else {
                throw TimelineError(path: "keyframes", message: "at the top level is for a scalar timeline; with an object initialValue use \"tracks\" with a \"property\" each")
            }
            var list = try root.nestedUnkeyedContainer(forKey: AnyKey("keyframes"))
            var keyframes: [Keyframe] = []
            while !list.isAtEnd { keyframes.append(try list.decode(Keyframe.self)) }
            tracks = [KeyframeTrack(nil, keyframes: keyframes)]
        } else {
            var list = try root.nestedUnkeyedContainer(forKey: AnyKey("tracks"))
            while !list.isAtEnd {
                let index = list.currentIndex
                let track = try list.decode(KeyframeTrack.self)
                let path = "tracks[\(index)].property"
                switch (initial, track.property) {
                case (.scalar, nil), (.properties, .some): break
                case (.scalar, .some(let name)):
                    throw TimelineError(path: path, message: "names '\(name)' but initialValue is a number: use null")
                case (.properties(let properties), nil):
                    throw TimelineError(path: path, message: "is needed: initialValue has properties \(properties.map(\.name).joined(separator: ", "))")
                }
                if let name = track.property, initial[name] == nil {
                    throw TimelineError(path: path, message: "'\(name)' is not a property of initialValue (it has \(initial.propertyNames.joined(separator: ", ")))")
                }
                tracks.append(track)
            }
        }
        self.init(initialValue: initial, tracks: tracks)
        for (index, path) in paths.enumerated() where !(path.duration <= KeyframeTimeline.maximumDuration) {
            throw TimelineError(path: hasKeyframes ? "keyframes" : "tracks[\(index)]",
                                message: "lasts \(path.duration) s; a timeline may last at most \(KeyframeTimeline.maximumDuration) s (the keyframes' durations add up past it)")
        }
    }

    /// The longest timeline the JSON reader accepts: 10⁹ s (31 years), far below where the sum
    /// of durations or progress × duration would lose meaning.
    public static let maximumDuration = 1e9

    public func encode(to encoder: any Encoder) throws {
        var root = encoder.container(keyedBy: AnyKey.self)
        try root.encode(initialValue, forKey: AnyKey("initialValue"))
        try root.encode(tracks, forKey: AnyKey("tracks"))
    }

    /// Reads a timeline from JSON text, turning every failure into a ``TimelineError``.
    public static func decode(json data: Data) throws(TimelineError) -> KeyframeTimeline {
        do {
            return try JSONDecoder().decode(KeyframeTimeline.self, from: data)
        } catch let error as TimelineError {
            throw error
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw TimelineError(context.codingPath, "has the wrong type: \(context.debugDescription)")
        } catch let DecodingError.keyNotFound(key, context) {
            throw TimelineError(context.codingPath, "needs \"\(key.stringValue)\"")
        } catch let DecodingError.dataCorrupted(context) {
            let underlying = (context.underlyingError).map { " (\($0))" } ?? ""
            throw TimelineError(context.codingPath, context.codingPath.isEmpty
                ? "is not valid JSON: \(context.debugDescription)\(underlying)" : context.debugDescription)
        } catch {
            throw TimelineError(path: "", message: "cannot be read: \(error)")
        }
    }

    /// The timeline as SPEC §6 JSON, keys in the documented order.
    public var json: JSONValue {
        .object([
            ("initialValue", initialValue.json),
            ("tracks", .array(tracks.map { track in
                .object([("property", track.property.map(JSONValue.string) ?? .null),
                         ("keyframes", .array(track.keyframes.map(\.json)))])
            })),
        ])
    }
}

extension KeyframeValue: Codable {
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let x = try? single.decode(Double.self) {
            guard x.isFinite else { throw TimelineError(decoder.codingPath, "must be finite; got \(x)") }
            self = .scalar(x)
            return
        }
        guard let object = try? decoder.container(keyedBy: AnyKey.self) else {
            throw TimelineError(decoder.codingPath, "must be a number or an object of numbers such as {\"x\": 0, \"scale\": 1}")
        }
        // JSONDecoder does not report the document's key order, so properties are sorted by name:
        // deterministic output whatever the decoder does.
        var properties: [Property] = []
        for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
            let value = try object.number(key.stringValue, required: true, "a finite number")!
            properties.append(Property(key.stringValue, value))
        }
        guard !properties.isEmpty else { throw TimelineError(decoder.codingPath, "must name at least one property") }
        self = .properties(properties)
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .scalar(let x):
            var single = encoder.singleValueContainer()
            try single.encode(x)
        case .properties(let list):
            var object = encoder.container(keyedBy: AnyKey.self)
            for p in list { try object.encode(p.value, forKey: AnyKey(p.name)) }
        }
    }

    public var json: JSONValue {
        switch self {
        case .scalar(let x): .number(x)
        case .properties(let list): .object(list.map { ($0.name, .number($0.value)) })
        }
    }
}

extension KeyframeTrack: Codable {
    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: AnyKey.self)
        try object.rejectUnknownKeys(allowed: ["property", "keyframes"], in: "a track")
        var property: String? = nil
        if object.contains(AnyKey("property")), try !object.decodeNil(forKey: AnyKey("property")) {
            guard let name = try? object.decode(String.self, forKey: AnyKey("property")) else {
                throw TimelineError(object.codingPath + [AnyKey("property")], "must be a string or null")
            }
            property = name
        }
        guard object.contains(AnyKey("keyframes")) else { throw TimelineError(object.codingPath, "needs \"keyframes\"") }
        var list = try object.nestedUnkeyedContainer(forKey: AnyKey("keyframes"))
        var keyframes: [Keyframe] = []
        while !list.isAtEnd { keyframes.append(try list.decode(Keyframe.self)) }
        self.init(property, keyframes: keyframes)
    }

    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: AnyKey.self)
        if let property { try object.encode(property, forKey: AnyKey("property")) } else { try object.encodeNil(forKey: AnyKey("property")) }
        try object.encode(keyframes, forKey: AnyKey("keyframes"))
    }
}

extension Keyframe: Codable {
    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: AnyKey.self)
        guard let type = try? object.decode(String.self, forKey: AnyKey("type")) else {
            throw TimelineError(object.codingPath + [AnyKey("type")], "must be one of move, linear, cubic, spring")
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
                throw TimelineError(object.codingPath + [AnyKey("duration")],
                                    "is needed: an undamped spring (bounce 1, damping 0) never settles, so it has no default duration")
            }
            self = .spring(SpringKeyframe(
                try object.number("to")!, duration: duration,
                spring: spring, startVelocity: try object.number("startVelocity", required: false)))
        default:
            throw TimelineError(object.codingPath + [AnyKey("type")], "'\(type)' is not a keyframe type (move, linear, cubic, spring)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        try json.encodeNumbers(to: encoder)
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

extension JSONValue {
    /// Encodes this value through a Codable encoder (numbers, strings, arrays, objects).
    func encodeNumbers(to encoder: any Encoder) throws {
        switch self {
        case .object(let pairs):
            var object = encoder.container(keyedBy: AnyKey.self)
            for (key, value) in pairs { try value.encodeNumbers(to: object.superEncoder(forKey: AnyKey(key))) }
        case .array(let items):
            var list = encoder.unkeyedContainer()
            for item in items { try item.encodeNumbers(to: list.superEncoder()) }
        case .number(let x):
            var single = encoder.singleValueContainer(); try single.encode(x)
        case .integer(let i):
            var single = encoder.singleValueContainer(); try single.encode(i)
        case .string(let s):
            var single = encoder.singleValueContainer(); try single.encode(s)
        case .bool(let b):
            var single = encoder.singleValueContainer(); try single.encode(b)
        case .null:
            var single = encoder.singleValueContainer(); try single.encodeNil()
        }
    }
}

/// A timing curve in timeline JSON: a UnitCurve name or {"bezier": [x1, y1, x2, y2]}.
struct CurveDocument: Decodable {
    var curve: UnitCurve

    init(curve: UnitCurve) { self.curve = curve }

    init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let name = try? single.decode(String.self) {
            do { curve = try UnitCurve.named(name) } catch { throw TimelineError(decoder.codingPath, "\(error)") }
            return
        }
        guard let object = try? decoder.container(keyedBy: AnyKey.self), object.contains(AnyKey("bezier")) else {
            throw TimelineError(decoder.codingPath, "must be a curve name or {\"bezier\": [x1, y1, x2, y2]}")
        }
        try object.rejectUnknownKeys(allowed: ["bezier"], in: "a curve")
        let path = decoder.codingPath + [AnyKey("bezier")]
        guard let points = try? object.decode([Double].self, forKey: AnyKey("bezier")), points.count == 4 else {
            throw TimelineError(path, "must be an array of 4 numbers [x1, y1, x2, y2]")
        }
        for (name, value) in zip(["x1", "y1", "x2", "y2"], points) where !value.isFinite {
            throw TimelineError(path, "\(name) must be a finite number; got \(value)")
        }
        for (name, value) in [("x1", points[0]), ("x2", points[2])] where !(0...1).contains(value) {
            throw TimelineError(path, "\(name) must be in [0, 1]; got \(value)")
        }
        curve = .bezier(startControlPoint: UnitPoint(x: points[0], y: points[1]), endControlPoint: UnitPoint(x: points[2], y: points[3]))
    }

    var json: JSONValue {
        if let name = curve.name { return .string(name) }
        if let p = curve.controlPoints {
            return .object([("bezier", .array([p.start.x, p.start.y, p.end.x, p.end.y].map(JSONValue.number)))])
        }
        return .string(curve.description)
    }
}

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
                    throw TimelineError(o.codingPath + [AnyKey("preset")], "must be one of smooth, snappy, bouncy; got '\(name)'")
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
            throw TimelineError(o.codingPath + [AnyKey(error.parameter)], "must be \(error.validRange); got \(error.value)")
        }
    }
}
