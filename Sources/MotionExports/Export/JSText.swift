/// Spelling names for JavaScript code.
enum JSText {
    /// A property key: bare when it is an identifier (`x`), else a quoted string (`"--x"`, `"scale.x"`).
    static func key(_ name: String) -> String {
        let isIdentifier = name.first.map { $0.isASCII && ($0.isLetter || $0 == "_" || $0 == "$") } ?? false
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "$") }
        return isIdentifier ? name : string(name)
    }

    /// A double-quoted string literal.
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default:
                if scalar.value < 0x20 { out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16) }
                else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }

    /// A variable name: the name's letters, digits and `_`, not starting with a digit.
    static func identifier(_ name: String) -> String {
        var result = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
        if result.isEmpty || result.first!.isNumber { result = "_" + result }
        return result
    }
}
