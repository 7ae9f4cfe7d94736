import MotionJSON

extension PathError {
    /// A Codable coding path as a JSON path: `tracks[0].keyframes[2].duration`.
    static func format(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
        }
        return text
    }
}
