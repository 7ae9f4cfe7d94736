/// CSS text, comments removed, read as far as keyframe import needs: `@keyframes` rules and their
/// blocks, `@property` initial values, and `animation` shorthands.
struct CSSSource {
    struct Block { var selectors: [String]; var declarations: [(String, String)] }
    struct Rule { var name: String; var blocks: [Block] }

    let text: [Character]

    init(_ source: String) {
        var out: [Character] = []
        let chars = Array(source)
        var i = 0
        while i < chars.count {
            if chars[i] == "/" && i + 1 < chars.count && chars[i + 1] == "*" {
                i += 2
                while i + 1 < chars.count && !(chars[i] == "*" && chars[i + 1] == "/") { i += 1 }
                i += 2
                out.append(" ")
            } else {
                out.append(chars[i])
                i += 1
            }
        }
        text = out
    }

    /// `from` → 0, `to` → 1, `37.5%` → 0.375; nil for anything else.
    static func offset(_ selector: String) -> Double? {
        let s = selector.trimmingWhitespace().lowercased()
        if s == "from" { return 0 }
        if s == "to" { return 1 }
        guard s.hasSuffix("%"), let p = CSSValue.number(String(s.dropLast())), (0...100).contains(p) else { return nil }
        return p / 100
    }

    /// The index of `word` at or after `start` outside any braces' contents, or nil.
    private func find(_ word: String, from start: Int) -> Int? {
        let w = Array(word)
        guard w.count <= text.count else { return nil }
        var i = start
        while i + w.count <= text.count {
            if Array(text[i..<(i + w.count)]).map({ Character($0.lowercased()) }) == w { return i }
            i += 1
        }
        return nil
    }

    /// A custom property's name with CSS escapes (`\2e `, `\.`) resolved.
    static func unescaped(_ name: String) -> String {
        var out = ""
        var chars = name.makeIterator()
        var pending: Character? = nil
        while let c = pending ?? chars.next() {
            pending = nil
            guard c == "\\" else { out.append(c); continue }
            var hex = ""
            while let h = chars.next() {
                if h.isHexDigit && hex.count < 6 { hex.append(h); continue }
                if hex.isEmpty { out.append(h) } else if h != " " { pending = h }
                break
            }
            if !hex.isEmpty, let v = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(v) { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// Declarations `name: value;` of a block's body (names lower-cased unless custom).
    static func declarations(_ body: String) -> [(String, String)] {
        body.split(separator: ";").map(String.init).compactMap { (part: String) -> (String, String)? in
            guard let colon = part.firstIndex(of: ":") else { return nil }
            var name = String(part[..<colon]).trimmingWhitespace()
            name = name.hasPrefix("--") ? unescaped(name) : name.lowercased()
            let value = String(part[part.index(after: colon)...]).trimmingWhitespace()
            return name.isEmpty ? nil : (name, value.replacingImportant())
        }
    }

    func keyframesRules() throws(ImportError) -> [Rule] {
        var rules: [Rule] = []
        var i = 0
        while let at = find("@keyframes", from: i) ?? find("@-webkit-keyframes", from: i) {
            let keyword = text[at...].prefix { !$0.isWhitespace && $0 != "{" }.count
            guard let open = text[(at + keyword)...].firstIndex(of: "{") else {
                throw ImportError("an @keyframes rule has no { … } block")
            }
            var name = String(text[(at + keyword)..<open]).trimmingWhitespace()
            if name.count >= 2, let q = name.first, (q == "\"" || q == "'"), name.last == q { name = String(name.dropFirst().dropLast()) }
            guard !name.isEmpty else { throw ImportError("an @keyframes rule has no name") }
            var blocks: [Block] = []
            var j = open + 1
            while true {
                while j < text.count && text[j].isWhitespace { j += 1 }
                guard j < text.count else { throw ImportError("@keyframes \(name) is not closed with }") }
                if text[j] == "}" { j += 1; break }
                guard let blockOpen = text[j...].firstIndex(of: "{"), let blockClose = text[blockOpen...].firstIndex(of: "}") else {
                    throw ImportError("@keyframes \(name): a keyframe block is not closed with }")
                }
                let selectors = String(text[j..<blockOpen]).split(separator: ",").map { String($0).trimmingWhitespace() }
                let body = String(text[(blockOpen + 1)..<blockClose])
                guard !body.contains("{") else { throw ImportError("@keyframes \(name): a keyframe block is not closed with }") }
                blocks.append(Block(selectors: selectors, declarations: Self.declarations(body)))
                j = blockClose + 1
            }
            rules.append(Rule(name: name, blocks: blocks))
            i = j
        }
        return rules
    }

    /// `@property --x { … initial-value: 0 }`: the numeric initial values, by property name (without `--`).
    func registeredInitialValues() -> [String: Double] {
        var values: [String: Double] = [:]
        var i = 0
        while let at = find("@property", from: i) {
            guard let open = text[at...].firstIndex(of: "{"), let close = text[open...].firstIndex(of: "}") else { break }
            let name = Self.unescaped(String(text[(at + "@property".count)..<open]).trimmingWhitespace())
            for (key, value) in Self.declarations(String(text[(open + 1)..<close])) where key == "initial-value" {
                if name.hasPrefix("--"), let number = CSSValue.number(value) { values[String(name.dropFirst(2))] = number }
            }
            i = close + 1
        }
        return values
    }

    /// The duration and timing function of each `animation` shorthand entry naming a rule.
    func animationShorthands(ruleNames: Set<String>) -> [String: (duration: Double?, easing: ImportedEasing?)] {
        var result: [String: (duration: Double?, easing: ImportedEasing?)] = [:]
        var i = 0
        while let at = find("animation:", from: i) {
            let start = at + "animation:".count
            var end = start, depth = 0
            while end < text.count && !(depth == 0 && (text[end] == ";" || text[end] == "}")) {
                if text[end] == "(" { depth += 1 } else if text[end] == ")" { depth = max(0, depth - 1) }
                end += 1
            }
            for entry in Self.topLevel(String(text[start..<end]), separator: ",") {
                let tokens = Self.topLevel(entry, separator: " ").filter { !$0.isEmpty }
                guard let name = tokens.first(where: { ruleNames.contains($0) }) else { continue }
                let duration = tokens.lazy.compactMap(CSSValue.time).first
                let easing = tokens.lazy.compactMap { try? ImportedEasing.parse($0) }.first
                result[name] = (duration, easing)
            }
            i = end
        }
        return result
    }

    /// `text` split at `separator` outside parentheses (white space for " ").
    static func topLevel(_ text: String, separator: Character) -> [String] {
        var parts: [String] = [], current = "", depth = 0
        for c in text {
            if c == "(" { depth += 1 } else if c == ")" { depth = max(0, depth - 1) }
            if depth == 0 && (c == separator || (separator == " " && c.isWhitespace)) {
                parts.append(current.trimmingWhitespace())
                current = ""
            } else {
                current.append(c)
            }
        }
        parts.append(current.trimmingWhitespace())
        return parts
    }
}

extension String {
    /// The value without a trailing `!important`.
    func replacingImportant() -> String {
        let trimmed = trimmingWhitespace()
        guard trimmed.lowercased().hasSuffix("!important") else { return trimmed }
        return String(trimmed.dropLast("!important".count)).trimmingWhitespace()
    }
}
