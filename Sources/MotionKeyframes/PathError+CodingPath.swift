import MotionJSON

extension PathError {
    /// An error at a Codable decoder's coding path, written as in the document.
    init(_ codingPath: [any CodingKey], _ message: String) {
        self.init(path: PathError.format(codingPath), message: message)
    }

    /// A coding path as a JSON path: `tracks[0].keyframes[2].duration`.
    static func format(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
        }
        return text
    }
}
