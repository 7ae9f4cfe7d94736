import MotionNumerics
/// A CSS easing function (CSS Easing Level 1) with the browsers' semantics: `cubic-bezier()` and
/// the keywords `ease`, `ease-in`, `ease-out`, `ease-in-out`, `linear`.
///
/// Inside [0, 1] the value is the bezier's, through ``CubicBezier``'s exact inverse. Outside, CSS
/// extrapolates along the end tangents, and this type does it as Chromium does
/// (`ui/gfx/geometry/cubic_bezier.cc`, `InitGradients`): the start slope is y1/x1; if the first
/// control point sits on (0, 0) it is y2/x2; if both sit there, 1; if the tangent is vertical
/// (x1 = 0, y1 ≠ 0), 0. The end slope mirrors this with (1, 1). Unlike SwiftUI, CSS rejects x
/// control points outside [0, 1] instead of clamping them.
public struct CSSTimingFunction: Sendable, Hashable, CustomStringConvertible {
    /// The curve inside [0, 1].
    public let bezier: CubicBezier
    /// The slope used for input below 0.
    public let startGradient: Double
    /// The slope used for input above 1.
    public let endGradient: Double
    /// The keyword this was created from, if any (`linear`, `ease`, …).
    public let keyword: String?

    /// `cubic-bezier(x1, y1, x2, y2)`.
    ///
    /// - Throws: ``CurveError`` when a value is not finite or x1, x2 lie outside [0, 1].
    public init(x1: Double, y1: Double, x2: Double, y2: Double) throws(CurveError) {
        try self.init(x1: x1, y1: y1, x2: x2, y2: y2, keyword: nil)
    }

    private init(x1: Double, y1: Double, x2: Double, y2: Double, keyword: String?) throws(CurveError) {
        bezier = try CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
        self.keyword = keyword
        if x1 > 0 {
            startGradient = y1 / x1
        } else if y1 == 0 && x2 > 0 {
            startGradient = y2 / x2
        } else if y1 == 0 && y2 == 0 {
            startGradient = 1
        } else {
            startGradient = 0
        }
        if x2 < 1 {
            endGradient = (y2 - 1) / (x2 - 1)
        } else if y2 == 1 && x1 < 1 {
            endGradient = (y1 - 1) / (x1 - 1)
        } else if y2 == 1 && y1 == 1 {
            endGradient = 1
        } else {
            endGradient = 0
        }
    }

    private static func predefined(_ name: String, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Self {
        // The literals are in range, so this cannot throw.
        try! CSSTimingFunction(x1: x1, y1: y1, x2: x2, y2: y2, keyword: name)
    }

    /// `linear`: the identity, extrapolated with slope 1 (the same as cubic-bezier(0, 0, 1, 1)).
    public static let linear = predefined("linear", 0, 0, 1, 1)
    /// `ease`: cubic-bezier(0.25, 0.1, 0.25, 1).
    public static let ease = predefined("ease", 0.25, 0.1, 0.25, 1)
    /// `ease-in`: cubic-bezier(0.42, 0, 1, 1).
    public static let easeIn = predefined("ease-in", 0.42, 0, 1, 1)
    /// `ease-out`: cubic-bezier(0, 0, 0.58, 1).
    public static let easeOut = predefined("ease-out", 0, 0, 0.58, 1)
    /// `ease-in-out`: cubic-bezier(0.42, 0, 0.58, 1).
    public static let easeInOut = predefined("ease-in-out", 0.42, 0, 0.58, 1)

    /// The CSS keywords, in the order of the specification.
    public static let keywords: [(name: String, function: CSSTimingFunction)] = [
        ("linear", .linear), ("ease", .ease), ("ease-in", .easeIn), ("ease-out", .easeOut),
        ("ease-in-out", .easeInOut),
    ]

    /// Parses CSS text: a keyword or `cubic-bezier(x1, y1, x2, y2)`, ASCII case-insensitive,
    /// with optional white space.
    ///
    /// - Throws: ``CurveError`` naming the unknown keyword, the malformed text, or the value
    ///   out of range.
    public init(parsing text: String) throws(CurveError) {
        let trimmed = text.trimmingWhitespace()
        let lowered = trimmed.lowercased()
        if let match = Self.keywords.first(where: { $0.name == lowered }) {
            self = match.function
            return
        }
        guard lowered.hasPrefix("cubic-bezier") else {
            throw .unknownName(String(trimmed), valid: Self.keywords.map(\.name) + ["cubic-bezier(x1, y1, x2, y2)"])
        }
        var rest = Substring(lowered.dropFirst("cubic-bezier".count)).trimmingWhitespace()
        guard rest.first == "(", rest.last == ")" else {
            throw .syntax("expected cubic-bezier(x1, y1, x2, y2); got '\(trimmed)'")
        }
        rest = rest.dropFirst().dropLast()
        let fields = rest.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
        guard fields.count == 4 else {
            throw .syntax("cubic-bezier() takes 4 numbers (x1, y1, x2, y2); got \(fields.count) in '\(trimmed)'")
        }
        var values: [Double] = []
        for (field, name) in zip(fields, ["x1", "y1", "x2", "y2"]) {
            guard Self.isCSSNumber(field), let value = Double(field) else {
                throw .syntax("\(name) in cubic-bezier() must be a number; got '\(field)'")
            }
            guard value.isFinite else { throw .nonFinite(parameter: name, value: value) }
            values.append(value)
        }
        try self.init(x1: values[0], y1: values[1], x2: values[2], y2: values[3])
    }

    /// CSS's <number>: sign, digits with an optional fraction, optional exponent. Rejects what
    /// `Double.init` would otherwise accept (`nan`, `inf`, hexadecimal).
    private static func isCSSNumber<S: StringProtocol>(_ text: S) -> Bool {
        var chars = Array(text.utf8)[...]
        if chars.first == UInt8(ascii: "+") || chars.first == UInt8(ascii: "-") { chars = chars.dropFirst() }
        let isDigit = { (c: UInt8) in c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
        let integer = chars.prefix(while: isDigit)
        chars = chars.dropFirst(integer.count)
        var fraction = 0
        if chars.first == UInt8(ascii: ".") {
            chars = chars.dropFirst()
            fraction = chars.prefix(while: isDigit).count
            chars = chars.dropFirst(fraction)
        }
        guard integer.count + fraction > 0 else { return false }
        if chars.first == UInt8(ascii: "e") || chars.first == UInt8(ascii: "E") {
            chars = chars.dropFirst()
            if chars.first == UInt8(ascii: "+") || chars.first == UInt8(ascii: "-") { chars = chars.dropFirst() }
            let exponent = chars.prefix(while: isDigit).count
            guard exponent > 0 else { return false }
            chars = chars.dropFirst(exponent)
        }
        return chars.isEmpty
    }

    /// The output at input progress `x`; outside [0, 1] it extrapolates along the end tangents.
    public func value(at x: Double) -> Double {
        if x < 0 { return startGradient * x }
        if x > 1 { return 1 + endGradient * (x - 1) }
        return bezier.y(forX: x)
    }

    /// d(output)/d(input). Outside [0, 1]: the extrapolation's slope. Inside: the curve's own
    /// tangent at the solved t, as a limit where dx/dt and dy/dt both vanish (so at an end whose
    /// control point coincides with it, the slope agrees with the extrapolation).
    public func velocity(at x: Double) -> Double {
        if x < 0 { return startGradient }
        if x > 1 { return endGradient }
        if x.isNaN { return x }
        return bezier.limitingSlope(atT: bezier.solveT(forX: x))
    }

    /// The function with x and y swapped.
    ///
    /// - Throws: ``CurveError/outOfRange(parameter:value:range:)`` when a y control point, which
    ///   becomes an x, lies outside [0, 1].
    public func inverse() throws(CurveError) -> CSSTimingFunction {
        do {
            return try CSSTimingFunction(x1: bezier.y1, y1: bezier.x1, x2: bezier.y2, y2: bezier.x2)
        } catch .outOfRange(let parameter, let value, let range) {
            let original = parameter == "x1" ? "y1" : "y2"
            throw .outOfRange(parameter: "\(parameter) of the inverse (\(original) of the curve)",
                              value: value, range: range)
        }
    }

    /// CSS text: the keyword if there is one, else `cubic-bezier(…)`.
    public var cssText: String {
        keyword ?? "cubic-bezier(\(Self.format(bezier.x1)), \(Self.format(bezier.y1)), \(Self.format(bezier.x2)), \(Self.format(bezier.y2)))"
    }

    public var description: String { cssText }

    public static func == (a: CSSTimingFunction, b: CSSTimingFunction) -> Bool { a.bezier == b.bezier }
    public func hash(into hasher: inout Hasher) { hasher.combine(bezier) }

    private static func format(_ v: Double) -> String { DecimalText.shortest(v) }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and newlines (no Foundation needed).
    func trimmingWhitespace() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        let start = firstIndex { !isSpace($0) } ?? endIndex
        let end = lastIndex { !isSpace($0) }.map(index(after:)) ?? start
        return Substring(self[start..<end])
    }
}
