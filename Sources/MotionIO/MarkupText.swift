/// Escaping of untrusted text for markup: HTML, XML and SVG (reports, JUnit files).
public enum MarkupText {
    /// `text` for HTML, XML and SVG, safe both between tags and inside quoted attributes:
    /// `& < > " '` become character references. Control characters other than tab, newline
    /// and carriage return (which XML forbids) become U+FFFD.
    ///
    /// - Parameter text: untrusted text.
    public static func escaped(_ text: String) -> String {
        replacingScalars(of: text) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&#39;"
            case "\t", "\n", "\r": nil
            case let c where c.value < 0x20 || c.value == 0x7F || (0xFFFE...0xFFFF).contains(c.value): "\u{FFFD}"
            default: nil
            }
        }
    }

    /// `text` with every scalar for which `replacement` gives a string replaced by that string:
    /// the loop of each escaper (HTML here, Markdown in the reports).
    ///
    /// - Parameters:
    ///   - text: untrusted text.
    ///   - replacement: a scalar's replacement, or `nil` to keep it.
    package static func replacingScalars(of text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let replaced = replacement(scalar) { out += replaced } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
