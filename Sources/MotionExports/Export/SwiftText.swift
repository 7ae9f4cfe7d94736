/// Spelling names for Swift code.
enum SwiftText {
    /// `name` as a Swift identifier: characters other than letters, digits and `_` become `_`,
    /// and a leading digit gets a `_` before it.
    static func identifier(_ name: String) -> String {
        var result = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        if result.isEmpty || result.first!.isNumber { result = "_" + result }
        return result
    }
}

extension SwiftText {
    /// A double-quoted Swift string literal.
    static func string(_ text: String) -> String {
        "\"" + text.unicodeScalars.map { s -> String in
            switch s {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n": "\\n"
            default: s.value < 0x20 ? "\\u{\(String(s.value, radix: 16))}" : String(s)
            }
        }.joined() + "\""
    }
}
