import MotionNumerics

/// A CSS easing function as written in `animation-timing-function` or a Web Animations `easing`.
enum ImportedEasing: Sendable, Hashable {
    /// `steps(n, position)`: where the jumps are.
    enum StepPosition: Sendable, Hashable { case jumpStart, jumpEnd, jumpNone, jumpBoth }
    case linear
    case cubicBezier(Double, Double, Double, Double)
    case steps(Int, StepPosition)
    /// `linear()` stops (input, output), inputs non-decreasing from the first to the last.
    case stops([Double], [Double])

    /// The easing named or written by `text`; the error says what is wrong with it (the caller
    /// names where it was).
    static func parse(_ raw: String) throws(ImportError) -> ImportedEasing {
        let text = raw.trimmingWhitespace().lowercased()
        switch text {
        case "linear": return .linear
        case "ease": return .cubicBezier(0.25, 0.1, 0.25, 1)
        case "ease-in": return .cubicBezier(0.42, 0, 1, 1)
        case "ease-out": return .cubicBezier(0, 0, 0.58, 1)
        case "ease-in-out": return .cubicBezier(0.42, 0, 0.58, 1)
        case "step-start": return .steps(1, .jumpStart)
        case "step-end": return .steps(1, .jumpEnd)
        default: break
        }
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else {
            throw ImportError("'\(raw)' is not an easing (linear, ease, ease-in, ease-out, ease-in-out, step-start, step-end, cubic-bezier(), steps(), linear())")
        }
        let function = String(text[..<open]).trimmingWhitespace()
        let arguments = text[text.index(after: open)..<text.index(before: text.endIndex)].split(separator: ",", omittingEmptySubsequences: false)
            .map { String($0).trimmingWhitespace() }
        switch function {
        case "cubic-bezier":
            let p = arguments.compactMap { CSSValue.number($0) }
            guard p.count == 4, arguments.count == 4, p.allSatisfy(\.isFinite) else {
                throw ImportError("'\(raw)' needs four numbers: cubic-bezier(x1, y1, x2, y2)")
            }
            guard (0...1).contains(p[0]), (0...1).contains(p[2]) else {
                throw ImportError("'\(raw)': x1 and x2 must be in [0, 1]; got \(p[0]) and \(p[2])")
            }
            return .cubicBezier(p[0], p[1], p[2], p[3])
        case "steps":
            guard (1...2).contains(arguments.count), let n = Int(arguments[0]), n >= 1, n <= 10_000 else {
                throw ImportError("'\(raw)' needs a whole number of steps in [1, 10000]: steps(n[, position])")
            }
            let position: StepPosition
            switch arguments.count == 2 ? arguments[1] : "end" {
            case "jump-start", "start": position = .jumpStart
            case "jump-end", "end": position = .jumpEnd
            case "jump-none": position = .jumpNone
            case "jump-both": position = .jumpBoth
            default: throw ImportError("'\(raw)': the step position must be jump-start, jump-end, jump-none, jump-both, start or end")
            }
            guard position != .jumpNone || n >= 2 else { throw ImportError("'\(raw)': steps(n, jump-none) needs n ≥ 2") }
            return .steps(n, position)
        case "linear":
            return try linearStops(arguments, raw: raw)
        default:
            throw ImportError("'\(raw)' is not an easing (linear, ease, ease-in, ease-out, ease-in-out, step-start, step-end, cubic-bezier(), steps(), linear())")
        }
    }

    /// `linear()` per CSS Easing Level 2: `output [input%] [input%]`; a missing first input is
    /// 0 %, a missing last 100 %, an input below an earlier one is raised to it, and missing runs
    /// are spread evenly between their neighbours.
    private static func linearStops(_ arguments: [String], raw: String) throws(ImportError) -> ImportedEasing {
        var outputs: [Double] = [], inputs: [Double?] = []
        for argument in arguments {
            let words = argument.split(separator: " ").map(String.init)
            guard (1...3).contains(words.count), let output = CSSValue.number(words[0]), output.isFinite else {
                throw ImportError("'\(raw)': each stop is a number with up to two percentages")
            }
            let percents = words.dropFirst().map { w -> Double? in w.hasSuffix("%") ? CSSValue.number(String(w.dropLast())) : nil }
            guard percents.allSatisfy({ $0 != nil && $0!.isFinite }) else { throw ImportError("'\(raw)': a stop's input must be a percentage") }
            if percents.isEmpty { outputs.append(output); inputs.append(nil) }
            for p in percents {
                guard (0...100).contains(p!) else { throw ImportError("'\(raw)': stop inputs outside 0%…100% are not supported") }
                outputs.append(output)
                inputs.append(p! / 100)
            }
        }
        guard outputs.count >= 2 else { throw ImportError("'\(raw)' needs at least two stops") }
        if inputs[0] == nil { inputs[0] = 0 }
        if inputs[inputs.count - 1] == nil { inputs[inputs.count - 1] = 1 }
        var largest = -Double.infinity
        for i in inputs.indices { if let x = inputs[i] { largest = max(largest, x); inputs[i] = largest } }
        return .stops(EvenSpacing.filled(inputs), outputs)
    }
}

extension String {
    /// The text without leading and trailing white space.
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
