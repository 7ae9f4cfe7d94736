/// Escaping of untrusted text for markup: HTML, XML and SVG (reports, JUnit files).
public enum MarkupText {
    /// `text` for HTML, XML and SVG, safe both between tags and inside quoted attributes:
    /// `& < > " '` become character references. Control characters other than tab, newline
    /// and carriage return (which XML forbids) become U+FFFD.
    ///
    /// - Parameter text: untrusted text.
    public static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case let c where c.value < 0x20 || c.value == 0x7F || (0xFFFE...0xFFFF).contains(c.value):
                out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
