import MotionKeyframes

/// One property's keyframes as a keyframe format lists them — times in seconds, values, and the
/// easing of the interval each starts — and the timeline they make together.
struct ImportedProperty: Sendable {
    var name: String
    var keys: [(time: Double, value: Double, easing: ImportedEasing)] = []
    /// Where the keyframes came from, for errors: `@keyframes fade`, `keyframe 3`.
    var source: String

    /// The property's pieces, interval by interval.
    var pieces: [ImportedPiece] {
        zip(keys, keys.dropFirst()).flatMap { a, b in
            ImportedPiece.pieces(start: a.time, end: b.time, from: a.value, to: b.value, easing: a.easing)
        }
    }

    /// The timeline of `properties` (a scalar timeline when the only one is `value`): trailing
    /// holds are dropped, except where one keeps the timeline as long as the animation.
    static func timeline(_ properties: [ImportedProperty]) throws(ImportError) -> TimelineDocument {
        guard !properties.isEmpty else { throw ImportError("no animated property found") }
        var tracks: [[Keyframe<Double>]] = []
        var total = 0.0, trimmed: [Double] = []
        for property in properties {
            var pieces = property.pieces
            total = max(total, property.keys.last?.time ?? 0)
            var hold = 0.0
            while let last = pieces.last, last.kind == .hold { hold += last.end - last.start; pieces.removeLast() }
            trimmed.append(hold)
            tracks.append(ImportedPiece.keyframes(pieces))
        }
        // Keep the animation's length: give back the trailing hold of the first track that needs it.
        let ends = tracks.map { KeyframePath(keyframes: $0, initialValue: 0).duration }
        if (ends.max() ?? 0) < total - ImportedPiece.sliver, let i = ends.indices.first(where: { trimmed[$0] > 0 }) {
            let value = KeyframePath(keyframes: tracks[i], initialValue: properties[i].keys[0].value).endValue
            tracks[i].append(.linear(LinearKeyframe(value, duration: total - ends[i])))
        }
        if properties.count == 1 && properties[0].name == "value" {
            return TimelineDocument(initialValue: .scalar(properties[0].keys[0].value), tracks: [TimelineDocument.Track(nil, keyframes: tracks[0])])
        }
        return TimelineDocument(initialValue: .properties(properties.map { .init($0.name, $0.keys[0].value) }),
                                tracks: zip(properties, tracks).map { TimelineDocument.Track($0.name, keyframes: $1) })
    }
}
