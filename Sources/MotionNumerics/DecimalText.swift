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
        // Bytes in fixed buffers, one String at the end: exports print thousands of numbers.
        var text = x.magnitude.description
        return text.withUTF8 { source in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { mantissa in
                var (count, exponent) = decimalDigits(source, into: mantissa)
                if count > digits {
                    let roundUp = mantissa[digits] >= 5
                    count = digits
                    if roundUp {
                        var i = digits - 1
                        while i >= 0 && mantissa[i] == 9 { mantissa[i] = 0; i -= 1 }
                        if i >= 0 {
                            mantissa[i] += 1
                        } else {
                            // 9…9 → 10…0: one digit more, then the last dropped.
                            for j in stride(from: count - 1, to: 0, by: -1) { mantissa[j] = mantissa[j - 1] }
                            mantissa[0] = 1
                            exponent += 1
                        }
                    }
                }
                while count > 1 && mantissa[count - 1] == 0 { count -= 1 }
                return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { out in
                    var n = 0
                    func put(_ byte: UInt8) { out[n] = byte; n += 1 }
                    func digit(_ i: Int) { put(48 + mantissa[i]) }
                    if x < 0 { put(UInt8(ascii: "-")) }
                    if exponent < -4 || exponent >= digits {
                        digit(0)
                        if count > 1 { put(UInt8(ascii: ".")); for i in 1..<count { digit(i) } }
                        put(UInt8(ascii: "e"))
                        if exponent < 0 { put(UInt8(ascii: "-")) }
                        let magnitude = abs(exponent)
                        if magnitude >= 100 { put(48 + UInt8(magnitude / 100)) }
                        if magnitude >= 10 { put(48 + UInt8(magnitude / 10 % 10)) }
                        put(48 + UInt8(magnitude % 10))
                    } else if exponent < 0 {
                        put(UInt8(ascii: "0")); put(UInt8(ascii: "."))
                        for _ in 0..<(-exponent - 1) { put(UInt8(ascii: "0")) }
                        for i in 0..<count { digit(i) }
                    } else {
                        let integerCount = exponent + 1
                        for i in 0..<min(count, integerCount) { digit(i) }
                        if count <= integerCount {
                            for _ in 0..<(integerCount - count) { put(UInt8(ascii: "0")) }
                        } else {
                            put(UInt8(ascii: "."))
                            for i in integerCount..<count { digit(i) }
                        }
                    }
                    return String(decoding: UnsafeBufferPointer(rebasing: out[..<n]), as: UTF8.self)
                }
            }
        }
    }

    /// The shortest round-trip digits in Swift's `description` bytes of a positive finite
    /// double, written to `digits` (at least 40 bytes), without leading zeros: their count and
    /// the decimal exponent of the first, `x = d₀.d₁d₂… × 10^exponent`.
    static func decimalDigits(_ text: UnsafeBufferPointer<UInt8>, into digits: UnsafeMutableBufferPointer<UInt8>) -> (count: Int, exponent: Int) {
        var count = 0, exponent = 0
        var pointPosition: Int?
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
                pointPosition = count
            } else if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"), count < digits.count {
                digits[count] = c - UInt8(ascii: "0")
                count += 1
            }
            index += 1
        }
        let integerDigits = pointPosition ?? count
        var leading = 0
        while leading < count - 1 && digits[leading] == 0 { leading += 1 }
        if leading > 0 {
            for i in leading..<count { digits[i - leading] = digits[i] }
            count -= leading
        }
        return (count, exponent + integerDigits - 1 - leading)
    }

    /// The shortest round-trip digits of a positive finite `x` and the decimal exponent of the
    /// first: `x = d₀.d₁d₂… × 10^exponent`.
    static func decimalDigits(of x: Double) -> (digits: [Int], exponent: Int) {
        var text = x.description
        return text.withUTF8 { source in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { buffer in
                let (count, exponent) = decimalDigits(source, into: buffer)
                return (buffer.prefix(count).map(Int.init), exponent)
            }
        }
    }
}
