import MotionJSON

extension TimelineDocument {
    /// Reads a timeline from timeline JSON text (<doc:TimelineJSON>), checking every rule; errors
    /// name the path (`tracks[0].keyframes[2].duration must be a finite number ≥ 0; got -1.0`).
    ///
    /// An object initial value keeps its properties in the document's order.
    ///
    /// - Parameter bytes: the UTF-8 text of the document.
    public static func decode(json bytes: some Sequence<UInt8>) throws(PathError) -> TimelineDocument {
        let document: JSONValue
        do {
            document = try JSONValue.parse(bytes)
        } catch {
            throw PathError(path: "", message: "is not valid JSON: \(error)")
        }
        return try decode(document)
    }

    /// Reads a timeline from an already parsed JSON document, with the rules and errors of
    /// ``decode(json:)``.
    ///
    /// - Parameter document: the parsed document.
    public static func decode(_ document: JSONValue) throws(PathError) -> TimelineDocument {
        try decode(document, at: "")
    }

    /// The timeline of `document`, found at `base` in a larger document (the paths of errors start there).
    static func decode(_ document: JSONValue, at base: String) throws(PathError) -> TimelineDocument {
        let root = try TimelineObject(document, at: base, describedAs: "a timeline", allowed: ["initialValue", "keyframes", "tracks"])
        guard let initialJSON = root.members["initialValue"] else {
            throw PathError(path: base, message: "a timeline needs \"initialValue\": a number or an object of numbers")
        }
        let initial = try AnimatableValue(timelineJSON: initialJSON, at: root.path("initialValue"))
        let tracksJSON = root.members["tracks"], keyframesJSON = root.members["keyframes"]
        if (tracksJSON == nil) == (keyframesJSON == nil) {
            throw PathError(path: base, message: tracksJSON != nil
                ? "a timeline has \"tracks\" or \"keyframes\", not both"
                : "a timeline needs \"tracks\" (or \"keyframes\" for a scalar timeline)")
        }
        var tracks: [Track] = []
        // Where a track's errors and its keyframes' errors point.
        let trackPath: (Int) -> String, keyframesPath: (Int) -> String
        if let keyframesJSON {
            let path = root.path("keyframes")
            guard initial.names == nil else {
                throw PathError(path: path, message: "at the top level is for a scalar timeline; with an object initialValue use \"tracks\" with a \"property\" each")
            }
            tracks = [Track(nil, keyframes: try keyframes(keyframesJSON, at: path))]
            trackPath = { _ in path }
            keyframesPath = trackPath
        } else {
            let path = root.path("tracks")
            guard case .array(let items) = tracksJSON! else {
                throw PathError(path: path, message: "must be an array of tracks; got \(tracksJSON!.kindDescription)")
            }
            for (index, item) in items.enumerated() {
                tracks.append(try track(item, at: "\(path)[\(index)]", initial: initial))
            }
            trackPath = { "\(path)[\($0)]" }
            keyframesPath = { "\(path)[\($0)].keyframes" }
        }
        let timeline = TimelineDocument(initialValue: initial, tracks: tracks)
        try timeline.checkMotion(tracks: trackPath, keyframes: keyframesPath)
        return timeline
    }

    /// The keyframes of the array `json`.
    private static func keyframes(_ json: JSONValue, at path: String) throws(PathError) -> [Keyframe<Double>] {
        guard case .array(let items) = json else {
            throw PathError(path: path, message: "must be an array of keyframes; got \(json.kindDescription)")
        }
        var keyframes: [Keyframe<Double>] = []
        keyframes.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            keyframes.append(try Keyframe(timelineJSON: item, at: "\(path)[\(index)]"))
        }
        return keyframes
    }

    /// The track `json`, whose property must be one of `initial`'s (none for a number); any
    /// property name or null when `initial` is not known.
    static func track(_ json: JSONValue, at path: String, initial: AnimatableValue?) throws(PathError) -> Track {
        let object = try TimelineObject(json, at: path, describedAs: "a track", allowed: ["keyframes", "property"])
        var property: String? = nil
        if let name = object["property"] {
            guard case .string(let text) = name else {
                throw PathError(path: object.path("property"), message: "must be a string or null; got \(name.kindDescription)")
            }
            property = text
        }
        guard let keyframesJSON = object.members["keyframes"] else { throw PathError(path: path, message: "needs \"keyframes\"") }
        let track = Track(property, keyframes: try keyframes(keyframesJSON, at: object.path("keyframes")))
        guard let initial else { return track }
        let at = object.path("property")
        switch (initial.names, property) {
        case (nil, nil), (.some, .some): break
        case (nil, .some(let name)):
            throw PathError(path: at, message: "names '\(name)' but initialValue is a number: use null")
        case (.some(let names), nil):
            throw PathError(path: at, message: "is needed: initialValue has properties \(names.joined(separator: ", "))")
        }
        if let name = property, initial[name] == nil {
            throw PathError(path: at, message: "'\(name)' is not a property of initialValue (it has \(initial.propertyNames.joined(separator: ", ")))")
        }
        return track
    }

    /// Every track lasts at most ``maximumDuration``, and no keyframe's motion overflows a double;
    /// `track` and `keyframes` give the paths of a track and of its keyframes' array.
    private func checkMotion(tracks track: (Int) -> String, keyframes: (Int) -> String) throws(PathError) {
        for (index, path) in paths.enumerated() where !(path.duration <= TimelineDocument.maximumDuration) {
            throw PathError(path: track(index),
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
                    throw PathError(path: "\(keyframes(index))[\(segment.index)]", message: "moves from \(segment.from) to \(segment.to): the change, or the velocities SwiftUI derives from it, overflow a double (values must differ by less than 1.8e308)")
                }
            }
        }
    }

    /// The longest timeline the JSON reader accepts: 10⁹ s (31 years), far below where the sum
    /// of durations or progress × duration would lose meaning.
    public static let maximumDuration = 1e9

    /// The timeline as timeline JSON, keys in the documented order.
    public var json: JSONValue {
        .object([("initialValue", initialValue.json), ("tracks", .array(tracks.map(\.json)))])
    }
}

extension TimelineDocument.Track {
    /// The track as timeline JSON: its property (or null) and its keyframes.
    var json: JSONValue {
        .object([("property", property.map(JSONValue.string) ?? .null), ("keyframes", .array(keyframes.map(\.json)))])
    }
}
