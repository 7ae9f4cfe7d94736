/// Reading Markdown the reports write, as a renderer would see it.
public enum MarkdownText {
    /// `markdown` without its fenced code blocks (a fence closes at a line equal to the one that
    /// opened it): the text where a tag would be live.
    ///
    /// - Parameter markdown: the Markdown text.
    public static func outsideFences(_ markdown: String) -> String {
        var outside: [Substring] = [], fence: Substring? = nil
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if let open = fence {
                if line == open { fence = nil }
            } else if line.hasPrefix("```") {
                fence = line.prefix { $0 == "`" }
            } else {
                outside.append(line)
            }
        }
        return outside.joined(separator: "\n")
    }
}
