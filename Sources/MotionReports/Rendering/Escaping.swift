import MotionIO

/// Escaping of untrusted text for each output language. Every string of a report may come from
/// an input (file names, CSV headers, JSON property names), so the renderers pass every string
/// through here — none is trusted to be markup.
public enum Escape {
    /// Text for HTML, XML and SVG, safe both between tags and inside quoted attributes:
    /// `& < > " '` become character references. Control characters other than tab, newline
    /// and carriage return (which XML forbids) become U+FFFD (MotionIO's `MarkupText`).
    public static func html(_ text: String) -> String {
        MarkupText.escaped(text)
    }

    /// Inline Markdown text (CommonMark / GitHub): HTML's dangerous characters become entity
    /// references (`&lt;` renders as `<`, so no tag can form), Markdown's punctuation is
    /// backslash-escaped so no emphasis, link, image or table cell can form, and line breaks
    /// become spaces so the text stays in its paragraph or cell.
    /// `atLineStart`: the text starts a line (a paragraph), where `- `, `+ `, `1. ` or `===`
    /// would start a list or a heading underline; those markers are escaped too.
    public static func markdown(_ text: String, atLineStart: Bool = false) -> String {
        let out = MarkupText.replacingScalars(of: text) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\\", "`", "*", "_", "[", "]", "|", "~", "#", "!": "\\" + String(scalar)
            case "\n", "\r", "\t": " "
            case let c where c.value < 0x20 || c.value == 0x7F: "\u{FFFD}"
            default: nil
            }
        }
        guard atLineStart else { return out }
        // Text that starts like a list item or a heading underline would change its block.
        let startsBlock = { (marker: Substring.SubSequence) -> Bool in
            marker.count == 1 || marker.dropFirst().first == " "
        }
        if let first = out.first, "-+".contains(first), startsBlock(out[...]) { return "\\" + out }
        if out.allSatisfy({ $0 == "=" }), !out.isEmpty { return "\\" + out }
        let digits = out.prefix { $0.isASCII && $0.isNumber }
        let rest = out.dropFirst(digits.count)
        if !digits.isEmpty, let marker = rest.first, marker == "." || marker == ")", startsBlock(rest) {
            return digits + "\\" + rest
        }
        return out
    }

    /// Inline code in Markdown: a backtick fence longer than any run of backticks inside, padded
    /// with spaces when the code starts or ends with a backtick. Code spans show their content
    /// literally, so nothing inside can become markup; line breaks become spaces.
    public static func markdownCodeSpan(_ code: String) -> String {
        let flat = code.replacingLineBreaks()
        let fence = String(repeating: "`", count: longestRun(of: "`", in: flat) + 1)
        let pad = flat.hasPrefix("`") || flat.hasSuffix("`") || flat.isEmpty ? " " : ""
        return fence + pad + flat + pad + fence
    }

    /// The fence for a fenced code block around `code`: at least three backticks, longer than
    /// any run inside.
    public static func markdownFence(for code: String) -> String {
        String(repeating: "`", count: max(3, longestRun(of: "`", in: code) + 1))
    }

    /// A code block's language tag: letters, digits, `+`, `-` and `_` only.
    public static func languageTag(_ language: String) -> String {
        String(language.unicodeScalars.filter {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "+-_".unicodeScalars.contains($0)
        }.map(Character.init))
    }

    private static func longestRun(of character: Character, in text: String) -> Int {
        var longest = 0, current = 0
        for c in text {
            if c == character { current += 1; longest = max(longest, current) } else { current = 0 }
        }
        return longest
    }
}

extension String {
    fileprivate func replacingLineBreaks() -> String {
        String(map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
    }
}
