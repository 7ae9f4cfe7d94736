/// Decimal text of doubles, for every place MotionLab prints a number: JSON, tables, reports and
/// code to paste. One implementation, without Foundation, so each output rounds the same way.
///
/// Both forms start from Swift's shortest round-trip digits (`Double.description`), the text
/// that reads back to the same double. ``significant(_:digits:)`` rounds that decimal text, as a
/// person would, so `170.00000000000003` at 6 digits is `170`, never `170.00000000000003`.
public enum DecimalText {
    /// The shortest decimal text that reads back to `x`: `0.1`, `1e-300`, `170.00000000000003`;
    /// `inf`, `-inf` and `nan` for the non-finite values, integers without a fraction
    /// (`3`, not `3.0`) and exponents without a plus sign (`1e24`).
    public static func shortest(_ x: Double) -> String {
        guard x.isFinite else { return x.isNaN ? "nan" : (x > 0 ? "inf" : "-inf") }
        var text = x.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        if let plus = text.firstIndex(of: "+") { text.remove(at: plus) }
        return text
    }

    /// `x` rounded to `digits` significant digits (1…17), trailing zeros dropped, in C's `%g`
    /// layout: positional when the decimal exponent is in −4 ..< `digits`, else scientific
    /// with a bare exponent (`1.5e-5`, `2e10`). `inf`, `-inf`, `nan` are spelled out; −0 is `0`.
    public static func significant(_ x: Double, digits: Int = 6) -> String {
        guard x.isFinite else { return x.isNaN ? "nan" : (x > 0 ? "inf" : "-inf") }
        if x == 0 { return "0" }
        let digits = min(max(digits, 1), 17)
        var (mantissa, exponent) = decimalDigits(of: x.magnitude)
        if mantissa.count > digits {
            let roundUp = mantissa[digits] >= 5
            mantissa.removeSubrange(digits...)
            if roundUp {
                var i = digits - 1
                while i >= 0 && mantissa[i] == 9 { mantissa[i] = 0; i -= 1 }
                if i >= 0 { mantissa[i] += 1 } else { mantissa.insert(1, at: 0); mantissa.removeLast(); exponent += 1 }
            }
        }
        while mantissa.count > 1 && mantissa.last == 0 { mantissa.removeLast() }
        let sign = x < 0 ? "-" : ""
        let text = mantissa.map { Character(Unicode.Scalar(UInt8(48 + $0))) }
        if exponent < -4 || exponent >= digits {
            let fraction = text.count > 1 ? "." + String(text.dropFirst()) : ""
            return sign + String(text[0]) + fraction + "e" + String(exponent)
        }
        if exponent < 0 {
            return sign + "0." + String(repeating: "0", count: -exponent - 1) + String(text)
        }
        let integerCount = exponent + 1
        if text.count <= integerCount {
            return sign + String(text) + String(repeating: "0", count: integerCount - text.count)
        }
        return sign + String(text.prefix(integerCount)) + "." + String(text.dropFirst(integerCount))
    }

    /// The shortest round-trip digits of a positive finite `x` and the decimal exponent of the
    /// first: `x = d₀.d₁d₂… × 10^exponent`.
    static func decimalDigits(of x: Double) -> (digits: [Int], exponent: Int) {
        // The ASCII bytes of the text: Character-level scanning costs a Unicode property lookup
        // per character, which pasted-code generation does thousands of times.
        let text = Array(x.description.utf8)
        var digits: [Int] = []
        digits.reserveCapacity(17)
        var pointPosition: Int?
        var exponent = 0
        var index = 0
        while index < text.count {
            let c = text[index]
            if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
                var sign = 1, value = 0
                for byte in text[(index + 1)...] {
                    if byte == UInt8(ascii: "-") { sign = -1 } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                        value = value * 10 + Int(byte - UInt8(ascii: "0"))
                    }
                }
                exponent = sign * value
                break
            }
            if c == UInt8(ascii: ".") {
                pointPosition = digits.count
            } else if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") {
                digits.append(Int(c - UInt8(ascii: "0")))
            }
            index += 1
        }
        let integerDigits = pointPosition ?? digits.count
        // Drop leading zeros (0.00123 → 123 with the point moved).
        var leading = 0
        while leading < digits.count - 1 && digits[leading] == 0 { leading += 1 }
        digits.removeFirst(leading)
        return (digits, exponent + integerDigits - 1 - leading)
    }
}
