import MotionJSON

// Codable in timeline JSON (<doc:TimelineJSON>). Decoding reads the decoder's value as a
// `JSONValue` and hands it to the one timeline reader, so the rules and the messages are those of
// `TimelineDocument.decode(json:)`, with paths from the decoder's coding path; a decoder does not
// report key order, so an object initial value comes in name order. Encoding writes `json`.

extension TimelineDocument: Codable {
    /// Reads a timeline with the rules of ``TimelineDocument/decode(json:)``; errors are `PathError`s.
    ///
    /// - Parameter decoder: the decoder to read from.
    public init(from decoder: any Decoder) throws {
        self = try TimelineDocument.decode(JSONValue(from: decoder), at: PathError.format(decoder.codingPath))
    }

    /// Writes ``TimelineDocument/json``.
    ///
    /// - Parameter encoder: the encoder to write into.
    public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension TimelineDocument.Track: Codable {
    /// Reads a track with the rules of the timeline reader, which alone can check its property
    /// against an initial value: a property name or null, and keyframes.
    ///
    /// - Parameter decoder: the decoder to read from.
    public init(from decoder: any Decoder) throws {
        self = try TimelineDocument.track(JSONValue(from: decoder), at: PathError.format(decoder.codingPath), initial: nil)
    }

    /// Writes the track as timeline JSON.
    ///
    /// - Parameter encoder: the encoder to write into.
    public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension Keyframe<Double>: Codable where Value == Double {
    /// Reads a keyframe with the rules of the timeline reader.
    ///
    /// - Parameter decoder: the decoder to read from.
    public init(from decoder: any Decoder) throws {
        self = try Keyframe(timelineJSON: JSONValue(from: decoder), at: PathError.format(decoder.codingPath))
    }

    /// Writes ``Keyframe/json``.
    ///
    /// - Parameter encoder: the encoder to write into.
    public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension AnimatableValue: Codable {
    /// Reads a timeline value: a finite number, or an object of finite numbers.
    ///
    /// - Parameter decoder: the decoder to read from.
    public init(from decoder: any Decoder) throws {
        self = try AnimatableValue(timelineJSON: JSONValue(from: decoder), at: PathError.format(decoder.codingPath))
    }

    /// Writes its `json`.
    ///
    /// - Parameter encoder: the encoder to write into.
    public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}
