#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MotionJSON

extension TimelineDocument: Codable {
    /// Reads a timeline from the timeline JSON (<doc:TimelineJSON>), checking every rule; errors are `PathError`s
    /// naming the path (`tracks[0].keyframes[2].duration must be ≥ 0; got -1.0`).
    public init(from decoder: any Decoder) throws {
        let root = try decoder.container(keyedBy: AnyKey.self)
        try root.rejectUnknownKeys(allowed: ["initialValue", "tracks", "keyframes"], in: "a timeline")
        guard root.contains(AnyKey("initialValue")) else {
            throw PathError(path: "", message: "a timeline needs \"initialValue\": a number or an object of numbers")
        }
        let initial = try root.decode(AnimatableValue.self, forKey: AnyKey("initialValue"))
        let hasTracks = root.contains(AnyKey("tracks")), hasKeyframes = root.contains(AnyKey("keyframes"))
        if hasTracks == hasKeyframes {
            throw PathError(path: "", message: hasTracks
                ? "a timeline has \"tracks\" or \"keyframes\", not both"
                : "a timeline needs \"tracks\" (or \"keyframes\" for a scalar timeline)")
        }
        var tracks: [Track] = []
        if hasKeyframes {
            guard initial.names == nil else {
                throw PathError(path: "keyframes", message: "at the top level is for a scalar timeline; with an object initialValue use \"tracks\" with a \"property\" each")
            }
            var list = try root.nestedUnkeyedContainer(forKey: AnyKey("keyframes"))
            var keyframes: [Keyframe<Double>] = []
            while !list.isAtEnd { keyframes.append(try list.decode(Keyframe<Double>.self)) }
            tracks = [Track(nil, keyframes: keyframes)]
        } else {
            var list = try root.nestedUnkeyedContainer(forKey: AnyKey("tracks"))
            while !list.isAtEnd {
                let index = list.currentIndex
                let track = try list.decode(Track.self)
                let path = "tracks[\(index)].property"
                switch (initial.names, track.property) {
                case (nil, nil), (.some, .some): break
                case (nil, .some(let name)):
                    throw PathError(path: path, message: "names '\(name)' but initialValue is a number: use null")
                case (.some(let names), nil):
                    throw PathError(path: path, message: "is needed: initialValue has properties \(names.joined(separator: ", "))")
                }
                if let name = track.property, initial[name] == nil {
                    throw PathError(path: path, message: "'\(name)' is not a property of initialValue (it has \(initial.propertyNames.joined(separator: ", ")))")
                }
                tracks.append(track)
            }
        }
        self.init(initialValue: initial, tracks: tracks)
        for (index, path) in paths.enumerated() where !(path.duration <= TimelineDocument.maximumDuration) {
            throw PathError(path: hasKeyframes ? "keyframes" : "tracks[\(index)]",
                                message: "lasts \(path.duration) s; a timeline may last at most \(TimelineDocument.maximumDuration) s (the keyframes' durations add up past it)")
        }
        // A keyframe whose change from the value before it overflows a double (1.7e308 after
        // −1.7e308) has no motion to compute: say so instead of evaluating to NaN.
        for (index, path) in paths.enumerated() {
            for segment in path.segments {
                let change = segment.to - segment.from
                let tangentsFinite: Bool
                if case .cubic = segment.motion { let (m0, m1) = (segment.startTangent, segment.endTangent); tangentsFinite = m0.isFinite && m1.isFinite && (segment.from + m0 / 3).isFinite && (segment.to - m1 / 3).isFinite }
                else { tangentsFinite = true }
                guard change.isFinite, tangentsFinite, segment.value(at: segment.duration / 2).isFinite else {
                    let place = hasKeyframes ? "keyframes[\(segment.index)]" : "tracks[\(index)].keyframes[\(segment.index)]"
                    throw PathError(path: place, message: "moves from \(segment.from) to \(segment.to): the change, or the velocities SwiftUI derives from it, overflow a double (values must differ by less than 1.8e308)")
                }
            }
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

    /// Reads a timeline from JSON text, turning every failure into a `PathError`.
    public static func decode(json data: Data) throws(PathError) -> TimelineDocument {
        // Strict JSON first, with the line and column of a syntax error (JSONDecoder accepts
        // trailing commas and reports neither); its key order also gives the properties' order.
        let document: JSONValue
        do {
            document = try JSONValue.parse(data)
        } catch {
            throw PathError(path: "", message: "is not valid JSON: \(error)")
        }
        do {
            let timeline = try JSONDecoder().decode(TimelineDocument.self, from: data)
            guard case .object(let pairs)? = document["initialValue"], let list = timeline.initialValue.properties else {
                return timeline
            }
            // The properties in the document's order (the decoder sorted them by name).
            let order = pairs.map(\.0)
            let sorted = list.sorted { (order.firstIndex(of: $0.name) ?? .max) < (order.firstIndex(of: $1.name) ?? .max) }
            return TimelineDocument(initialValue: .properties(sorted), tracks: timeline.tracks)
        } catch {
            throw PathError(decoding: error)
        }
    }

    /// The timeline as timeline JSON, keys in the documented order.
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

extension PathError {
    /// A decoder's failure in the words of the timeline reader: the coding path, then what is
    /// wrong with the value there.
    init(decoding error: any Error) {
        switch error {
        case let error as PathError:
            self = error
        case let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context):
            self.init(context.codingPath, "has the wrong type: \(context.debugDescription)")
        case let DecodingError.keyNotFound(key, context):
            self.init(context.codingPath, "needs \"\(key.stringValue)\"")
        case let DecodingError.dataCorrupted(context):
            let underlying = (context.underlyingError).map { " (\($0))" } ?? ""
            self.init(context.codingPath, context.codingPath.isEmpty
                ? "is not valid JSON: \(context.debugDescription)\(underlying)" : context.debugDescription)
        default:
            self.init(path: "", message: "cannot be read: \(error)")
        }
    }
}
