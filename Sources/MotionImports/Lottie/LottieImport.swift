import MotionJSON
import MotionKeyframes

/// A Lottie (bodymovin JSON) layer's animated properties as a keyframe timeline, exactly
/// as lottie-web plays them, or an error naming the JSON path of what cannot be represented.
///
/// Properties are named as `TimelineExport.lottie(name:fps:)` writes them, so export → import
/// round-trips: the position `ks.p` (split or not) gives `x` and `y`, `ks.r` `rotation` (degrees),
/// `ks.o` `opacity` and `ks.s` `scale` (÷100: Lottie's percent are SwiftUI's 0…1; a non-uniform
/// scale gives `scale.x` and `scale.y`), and each Slider Control effect its name. Animated
/// properties and sliders are imported, static transform values only when they differ from the
/// defaults (position 0, rotation 0, opacity and scale 100 %). A single slider named `value` gives
/// a scalar timeline. Frames become seconds with the file's `fr` (and the layer's start `st`).
///
/// Each interval between keyframes becomes one keyframe: handles on the diagonal a linear
/// keyframe, handles at x = 1/3 and 2/3 a cubic keyframe with its velocities, any other handles a
/// linear keyframe with the bezier timing curve; a hold (`h: 1`) a constant stretch and a move;
/// two keyframes at one frame a move (from that frame on players show the second value; SwiftUI
/// shows the first at the instant itself). Errors: expressions (even with ``approximate``: their
/// values exist only when a JavaScript engine runs them), curved motion paths (spatial tangents
/// `ti`/`to` off the segment's line) unless ``approximate``, missing easing handles, unordered
/// keyframes. Tangents along the segment and between its ends — After Effects writes them on
/// every eased straight move — are a straight path: players walk a path at constant speed along
/// its length, so the point is the start plus the eased progress times the move, as with zero
/// tangents, and it is imported exactly.
///
/// With ``approximate`` a curved motion path is fitted with straight-line keyframes shared by its
/// dimensions (``imported(_:)`` states the largest deviation; the article
/// <doc:ImportingLottie> says how).
public struct LottieImport: Sendable, Hashable {
    /// The layer's name (`nm`); `nil` for the only layer, or else the first animated one.
    public var layer: String?
    /// A JSON path within the layer (`ks.p`, `ef[0].ef[0].v`) to import alone, values as the file
    /// holds them (no percent conversion); `nil` for the mapped properties.
    public var property: String?
    /// Fit a curved motion path with straight-line keyframes instead of refusing it.
    public var approximate: Bool
    /// The fit's largest allowed deviation at a sample, in value units; `nil` for 0.1 % of the
    /// diagonal of the motion path's bounding box.
    public var tolerance: Double?

    public init(layer: String? = nil, property: String? = nil, approximate: Bool = false, tolerance: Double? = nil) {
        self.layer = layer
        self.property = property
        self.approximate = approximate
        self.tolerance = tolerance
    }

    /// Whether a JSON document looks like a Lottie composition: top-level `layers` and `fr`.
    public static func isLottie(_ document: JSONValue) -> Bool {
        document["layers"] != nil && document["fr"] != nil
    }

    /// The timeline of a Lottie JSON text.
    public func timeline(json bytes: some Sequence<UInt8>) throws(PathError) -> TimelineDocument {
        try imported(json: bytes).timeline
    }

    /// The timeline of a parsed Lottie document.
    public func timeline(_ document: JSONValue) throws(PathError) -> TimelineDocument {
        try imported(document).timeline
    }

    /// The timeline of a Lottie JSON text, with what ``approximate`` fitted and how far off it is.
    public func imported(json bytes: some Sequence<UInt8>) throws(PathError) -> ImportedTimeline {
        let document: JSONValue
        do { document = try JSONValue.parse(bytes) } catch { throw PathError(path: "", message: "is not valid JSON: \(error)") }
        return try imported(document)
    }

    /// The timeline of a parsed Lottie document, with what ``approximate`` fitted and how far off
    /// it is.
    public func imported(_ document: JSONValue) throws(PathError) -> ImportedTimeline {
        if let tolerance, !(tolerance.isFinite && tolerance > 0) {
            throw PathError(path: "", message: "cannot be fitted within a tolerance of \(tolerance): it must be a finite number > 0")
        }
        guard case .object = document else { throw PathError(path: "", message: "a Lottie file is a JSON object with \"fr\" and \"layers\"") }
        guard let frameRate = LottieProperty.number(document["fr"]) else {
            throw PathError(path: "fr", message: document["fr"] == nil ? "is missing (the frame rate)" : "must be a number (frames per second)")
        }
        guard frameRate.isFinite, frameRate > 0 else { throw PathError(path: "fr", message: "is \(frameRate); the frame rate must be > 0") }
        guard case .array(let layers)? = document["layers"] else {
            throw PathError(path: "layers", message: document["layers"] == nil ? "is missing" : "must be an array of layers")
        }
        let (index, chosen) = try choose(layers)
        let prefix = "layers[\(index)]"
        let offset = LottieProperty.number(chosen["st"]) ?? 0
        guard offset.isFinite else { throw PathError(path: prefix + ".st", message: "must be finite") }
        if let stretch = LottieProperty.number(chosen["sr"]), stretch != 1 {
            throw PathError(path: prefix + ".sr", message: "is \(stretch): time-stretched layers are not supported (only sr = 1)")
        }
        var named: [(name: String, path: String, track: LottieProperty.Track)] = []
        func add(_ name: String, _ property: LottieProperty, dimension: Int = 0, scale: Double = 1,
                 unless defaultValue: Double? = nil) throws(PathError) {
            let track = try property.track(dimension: dimension, scale: scale, frameRate: frameRate, offset: offset,
                                           approximate: approximate, tolerance: tolerance)
            if track.keyframes == nil, let defaultValue, track.initialValue == defaultValue { return }
            if let clash = named.first(where: { $0.name == name }) {
                throw PathError(path: property.path, message: "is named '\(name)' like \(clash.path): rename one, or pick one with --property")
            }
            named.append((name, property.path, track))
        }
        if let property {
            let (value, path) = try LottiePath(property).resolve(in: chosen, prefix: prefix)
            if Self.isSplit(value) {
                try add("x", LottieProperty(value: value["x"]!, path: path + ".x"))
                try add("y", LottieProperty(value: value["y"]!, path: path + ".y"))
            } else {
                let item = LottieProperty(value: value, path: path)
                let count = try item.dimensions()
                for d in 0..<count { try add(count == 1 ? "value" : (d < 3 ? ["x", "y", "z"][d] : "d\(d)"), item, dimension: d) }
            }
        } else {
            try mapped(chosen, prefix: prefix, add)
        }
        guard !named.isEmpty else {
            throw PathError(path: prefix, message: "has no animated property MotionLab maps (position, rotation, opacity, scale, Slider Control effects); pick one with --property PATH (e.g. ks.a)")
        }
        // One note per fitted path (its dimensions share it).
        var notes: [String] = []
        for item in named { if let note = item.track.approximation?.note, !notes.contains(note) { notes.append(note) } }
        let maxError = named.compactMap { $0.track.approximation?.maxError }.max() ?? 0
        if named.count == 1 && named[0].name == "value" {
            let only = named[0].track
            return ImportedTimeline(timeline: TimelineDocument(initialValue: .scalar(only.initialValue), tracks: only.keyframes.map { [TimelineDocument.Track(nil, keyframes: $0)] } ?? []),
                                    maxError: maxError, notes: notes)
        }
        return ImportedTimeline(timeline: TimelineDocument(initialValue: .properties(named.map { AnimatableValue.Property($0.name, $0.track.initialValue) }),
                                                           tracks: named.compactMap { item in item.track.keyframes.map { TimelineDocument.Track(item.name, keyframes: $0) } }),
                                maxError: maxError, notes: notes)
    }

    static func isSplit(_ value: JSONValue) -> Bool {
        switch value["s"] {
        case .bool(true)?: return value["x"] != nil && value["y"] != nil
        case let s? where LottieProperty.number(s) == 1: return value["x"] != nil && value["y"] != nil
        default: return false
        }
    }

    /// The layer named ``layer``, or the only layer, or the first with an animated property.
    private func choose(_ layers: [JSONValue]) throws(PathError) -> (Int, JSONValue) {
        let names = layers.map { layer -> String in if case .string(let s)? = layer["nm"] { s } else { "" } }
        if let layer {
            guard let index = names.firstIndex(of: layer) else {
                let list = names.filter { !$0.isEmpty }.map { "'\($0)'" }.joined(separator: ", ")
                throw PathError(path: "layers", message: "has no layer named '\(layer)' (\(list.isEmpty ? "no layer has a name" : "layers: " + list))")
            }
            return (index, layers[index])
        }
        guard !layers.isEmpty else { throw PathError(path: "layers", message: "is empty: there is no layer to import") }
        if layers.count == 1 { return (0, layers[0]) }
        for (index, layer) in layers.enumerated() where Self.hasAnimation(layer) { return (index, layer) }
        throw PathError(path: "layers", message: "has \(layers.count) layers and none is animated; name one with --layer")
    }

    /// Whether any value below `value` is a keyframe list (an array of objects with `t`).
    static func hasAnimation(_ value: JSONValue, depth: Int = 0) -> Bool {
        guard depth < 64 else { return false }
        switch value {
        case .object(let pairs):
            if case .array(let items)? = value["k"], case .object? = items.first, items.first?["t"] != nil { return true }
            return pairs.contains { key, child in key != "layers" && hasAnimation(child, depth: depth + 1) }
        case .array(let items): return items.contains { hasAnimation($0, depth: depth + 1) }
        default: return false
        }
    }

    /// The transform and the sliders, named as the export names them.
    private func mapped(_ layer: JSONValue, prefix: String,
                        _ add: (String, LottieProperty, Int, Double, Double?) throws(PathError) -> Void) throws(PathError) {
        if let transform = layer["ks"] {
            let ks = prefix + ".ks"
            if let p = transform["p"] {
                if Self.isSplit(p) {
                    try add("x", LottieProperty(value: p["x"]!, path: ks + ".p.x"), 0, 1, 0)
                    try add("y", LottieProperty(value: p["y"]!, path: ks + ".p.y"), 0, 1, 0)
                } else {
                    let position = LottieProperty(value: p, path: ks + ".p")
                    let count = try position.dimensions()
                    for d in 0..<min(count, 2) { try add(["x", "y"][d], position, d, 1, 0) }
                    // z only where it moves or is not 0.
                    if count > 2 {
                        let z = try position.track(dimension: 2, scale: 1, frameRate: 1, offset: 0, approximate: approximate)
                        if z.initialValue != 0 || z.keyframes?.contains(where: { $0.to != 0 }) == true { try add("z", position, 2, 1, 0) }
                    }
                }
            }
            if let r = transform["r"] { try add("rotation", LottieProperty(value: r, path: ks + ".r"), 0, 1, 0) }
            if let o = transform["o"] { try add("opacity", LottieProperty(value: o, path: ks + ".o"), 0, 0.01, 1) }
            if let s = transform["s"] {
                let scale = LottieProperty(value: s, path: ks + ".s")
                let count = try scale.dimensions()
                if count == 1 {
                    try add("scale", scale, 0, 0.01, 1)
                } else {
                    // Uniform when both dimensions give the same track.
                    let fr = 1.0, sx = try scale.track(dimension: 0, scale: 0.01, frameRate: fr, offset: 0, approximate: approximate)
                    let sy = try scale.track(dimension: 1, scale: 0.01, frameRate: fr, offset: 0, approximate: approximate)
                    if sx.initialValue == sy.initialValue && sx.keyframes == sy.keyframes {
                        try add("scale", scale, 0, 0.01, 1)
                    } else {
                        try add("scale.x", scale, 0, 0.01, 1)
                        try add("scale.y", scale, 1, 0.01, 1)
                    }
                }
            }
        }
        guard let effects = layer["ef"] else { return }
        guard case .array(let list) = effects else { throw PathError(path: prefix + ".ef", message: "must be an array of effects") }
        for (i, effect) in list.enumerated() {
            guard case .array(let values)? = effect["ef"] else { continue }
            let sliders = values.indices.filter { LottieProperty.number(values[$0]["ty"]) == 0 && values[$0]["v"] != nil }
            let effectName: String = if case .string(let s)? = effect["nm"] { s } else { "effect\(i + 1)" }
            for j in sliders {
                let valueName: String = if case .string(let s)? = values[j]["nm"] { s } else { "value\(j + 1)" }
                let name = sliders.count == 1 ? effectName : effectName + "." + valueName
                try add(name, LottieProperty(value: values[j]["v"]!, path: prefix + ".ef[\(i)].ef[\(j)].v"), 0, 1, nil)
            }
        }
    }
}
