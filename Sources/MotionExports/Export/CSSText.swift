import Foundation
import MotionNumerics

/// Spelling numbers, names and easings for CSS and Web Animations.
package enum CSSText {
    /// A number as CSS reads it back to the same double: the shortest round-trip form, never in
    /// exponent notation (CSS accepts `1e-7`, but a custom property's value is kept as written and
    /// some tools do not) — so tiny numbers are written out.
    static func number(_ x: Double) -> String {
        if x == 0 { return "0" }
        let text = DecimalText.shortest(x)
        guard text.contains("e") || text.contains("E") else { return text }
        // Positional notation with enough digits to round-trip.
        var digits = 17
        while digits < 340 {
            let candidate = String(format: "%.\(digits)f", x)
            if Double(candidate) == x {
                var trimmed = candidate
                while trimmed.contains(".") && (trimmed.hasSuffix("0") || trimmed.hasSuffix(".")) { trimmed.removeLast() }
                return trimmed
            }
            digits += 4
        }
        return String(format: "%.340f", x)
    }

    /// A keyframe selector: `37.5%`.
    package static func percentage(_ offset: Double) -> String { number(offset * 100) + "%" }

    /// A custom property's name for a timeline property: `--x`; characters outside a CSS
    /// identifier are escaped (`--scale\.x`).
    static func customProperty(_ name: String) -> String {
        var out = "--"
        for scalar in name.unicodeScalars {
            let c = Character(scalar)
            if c.isLetter || c.isNumber || c == "-" || c == "_" || scalar.value >= 0x80 {
                out.append(c)
            } else {
                out += "\\" + String(scalar.value, radix: 16) + " "
            }
        }
        return out
    }

    /// An identifier for a `@keyframes` rule built from the user's name and a property.
    static func identifier(_ name: String) -> String {
        let mapped = name.unicodeScalars.map { scalar -> String in
            let c = Character(scalar)
            return c.isLetter || c.isNumber || c == "-" || c == "_" || scalar.value >= 0x80 ? String(c) : "-"
        }.joined()
        guard let first = mapped.first, !(first.isNumber || mapped.hasPrefix("--") || (first == "-" && mapped.dropFirst().first?.isNumber == true))
        else { return "m" + mapped }
        return mapped
    }

    /// The easing of an interval: `cubic-bezier(…)`, `linear(…)` or `linear`.
    static func easing(_ easing: EasedSegment.Easing?) -> String {
        switch easing {
        case let .cubicBezier(x1, y1, x2, y2)?:
            "cubic-bezier(\(number(x1)), \(number(y1)), \(number(x2)), \(number(y2)))"
        case .stops(let stops)?: stops.description
        case .linear?, .hold?, .jump?, nil: "linear"
        }
    }

    /// A duration in seconds, `1.2s`: 15 significant digits, so a sum of keyframe durations
    /// prints as people wrote it (1.2, not 1.2000000000000002); the offsets are fractions of it.
    static func seconds(_ s: Double) -> String { number(Double(DecimalText.significant(s, digits: 15)) ?? s) + "s" }

    /// A duration (or weight) with 15 significant digits, so sums of keyframe durations print as
    /// people wrote them (300, not 299.99999999999994).
    static func rounded(_ x: Double) -> String { number(Double(DecimalText.significant(x, digits: 15)) ?? x) }
}
