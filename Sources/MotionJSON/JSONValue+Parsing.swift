/// Why a text is not JSON: where (line and column, both from 1) and what was expected.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String

    public var description: String { "line \(line), column \(column): \(message)" }
}

extension JSONValue {
    /// The deepest nesting `parse` accepts; deeper documents are an error, not a stack overflow.
    public static let maximumDepth = 512

    /// Parses a JSON text (RFC 8259, strict: no trailing commas, comments or bare words), keeping
    /// the order of object keys, which `JSONSerialization` and `JSONDecoder` do not report.
    ///
    /// Numbers are read as doubles (the nearest, as `Double(String)` reads them); a key that
    /// appears twice in an object is kept twice, in order. A UTF-8 byte-order mark is skipped.
    public static func parse(_ bytes: some Sequence<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(Array(bytes))
        return try parser.document()
    }
}

/// A recursive-descent JSON parser over UTF-8 bytes that tracks line and column.
struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3; lineStart = 3 }
    }

    mutating func document() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        let value = try self.value()
        skipWhitespace()
        if index < bytes.count { throw error("unexpected \(describe(bytes[index])) after the document") }
        return value
    }

    private func error(_ message: String) -> JSONSyntaxError {
        // Columns count characters, not bytes: UTF-8 continuation bytes do not start one.
        let column = bytes[lineStart..<min(index, bytes.count)].filter { $0 & 0xC0 != 0x80 }.count + 1
        return JSONSyntaxError(line: line, column: column, message: message)
    }

    private func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    private mutating func value() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of the text; expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        case let byte: throw error("unexpected \(describe(byte)); expected a value (object, array, string, number, true, false or null)")
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > JSONValue.maximumDepth { throw error("nested deeper than \(JSONValue.maximumDepth) levels") }
    }

    private mutating func object() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var pairs: [(String, JSONValue)] = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") { index += 1; return .object(pairs) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error(index < bytes.count && bytes[index] == UInt8(ascii: "}")
                    ? "a comma before '}' (trailing commas are not JSON)" : "expected a key in double quotes")
            }
            let key = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after the key \"\(key)\"") }
            index += 1
            skipWhitespace()
            pairs.append((key, try value()))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of the text; expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(pairs) }
            throw error("unexpected \(describe(bytes[index])); expected ',' or '}'")
        }
    }

    private mutating func array() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            skipWhitespace()
            if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
                throw error("a comma before ']' (trailing commas are not JSON)")
            }
            items.append(try value())
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of the text; expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            throw error("unexpected \(describe(bytes[index])); expected ',' or ']'")
        }
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            // A misspelt literal ("tru") is that literal; another word ("time" of a CSV header) is no value.
            var end = index
            while end < bytes.count, end - index < 24, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[end] | 0x20) { end += 1 }
            let found = Array(bytes[index..<end])
            if found.count < expected.count, Array(expected.prefix(found.count)) == found { throw error("expected \(word)") }
            throw error("unexpected '\(String(decoding: found, as: UTF8.self))'; expected a value (object, array, string, number, true, false or null)")
        }
        index += expected.count
    }

    /// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
    private mutating func number() throws(JSONSyntaxError) -> Double {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count && bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index - from
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") else {
            throw error("expected a digit after '-'")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count && bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9") {
                throw error("a number cannot have a leading zero")
            }
        } else {
            _ = digits()
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("expected a digit after the decimal point") }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
            guard digits() > 0 else { throw error("expected a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text) else { throw error("'\(text)' is not a number") }
        return value
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run = index
        func flush(_ end: Int) throws(JSONSyntaxError) {
            guard end > run else { return }
            guard let text = String(validating: bytes[run..<end], as: UTF8.self) else {
                throw error("a string that is not UTF-8")
            }
            scalars.append(contentsOf: text.unicodeScalars)
        }
        while true {
            guard index < bytes.count else { throw error("unexpected end of the text inside a string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                try flush(index)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw error("a control character (\(describe(byte))) inside a string; write it as an escape") }
            if byte != UInt8(ascii: "\\") { index += 1; continue }
            try flush(index)
            index += 1
            guard index < bytes.count else { throw error("unexpected end of the text after '\\'") }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw error("a high surrogate \\u\(String(code, radix: 16)) without its low surrogate")
                    }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw error("\\u\(String(low, radix: 16)) is not a low surrogate") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw error("\\u\(String(code, radix: 16)) is not a character") }
                scalars.append(scalar)
            default:
                index -= 2
                throw error("\\\(describe(escape)) is not an escape; valid: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
            }
            run = index
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw error("expected four hex digits after \\u") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Character(Unicode.Scalar(bytes[index])).hexDigitValue else {
                throw error("expected four hex digits after \\u")
            }
            code = code << 4 | UInt32(digit)
            index += 1
        }
        return code
    }
}
