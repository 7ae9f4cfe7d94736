/// Reading CSS numbers and times.
enum CSSValue {
    /// A CSS `<number>` (`12`, `-0.5`, `.5`, `1e-3`, `+2`), nil for anything else.
    static func number(_ text: String) -> Double? {
        let t = text.trimmingWhitespace()
        guard let first = t.first, first.isNumber || first == "-" || first == "+" || first == "." else { return nil }
        guard t.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }), let x = Double(t.hasPrefix("+") ? String(t.dropFirst()) : t),
              x.isFinite else { return nil }
        return x
    }

    /// A CSS `<time>` in seconds (`1.2s`, `300ms`), nil for anything else.
    static func time(_ text: String) -> Double? {
        let t = text.trimmingWhitespace().lowercased()
        if t.hasSuffix("ms") { return number(String(t.dropLast(2))).map { $0 / 1000 } }
        if t.hasSuffix("s") { return number(String(t.dropLast())) }
        return nil
    }
}
