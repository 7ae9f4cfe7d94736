import MotionJSON
extension TimelineDocument.Track: Codable {
    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: AnyKey.self)
        try object.rejectUnknownKeys(allowed: ["property", "keyframes"], in: "a track")
        var property: String? = nil
        if object.contains(AnyKey("property")), try !object.decodeNil(forKey: AnyKey("property")) {
            guard let name = try? object.decode(String.self, forKey: AnyKey("property")) else {
                throw PathError(object.codingPath + [AnyKey("property")], "must be a string or null")
            }
            property = name
        }
        guard object.contains(AnyKey("keyframes")) else { throw PathError(object.codingPath, "needs \"keyframes\"") }
        var list = try object.nestedUnkeyedContainer(forKey: AnyKey("keyframes"))
        var keyframes: [Keyframe<Double>] = []
        while !list.isAtEnd { keyframes.append(try list.decode(Keyframe<Double>.self)) }
        self.init(property, keyframes: keyframes)
    }

    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: AnyKey.self)
        if let property { try object.encode(property, forKey: AnyKey("property")) } else { try object.encodeNil(forKey: AnyKey("property")) }
        try object.encode(keyframes, forKey: AnyKey("keyframes"))
    }
}
