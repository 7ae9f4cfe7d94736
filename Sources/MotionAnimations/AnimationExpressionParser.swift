import MotionJSON
/// Reads a SwiftUI animation expression such as `.spring(response: 0.4, dampingFraction: 0.7).delay(0.1)`.
///
/// Grammar (whitespace allowed between tokens):
///
///     expression := ["Animation"] "." base { "." modifier }
///     base       := name [ "(" arguments ")" ]
///     argument   := [label ":"] (number | "true" | "false")
///     number     := ["-"] digits ["." digits] [("e" | "E") ["+" | "-"] digits]
///
/// Labels follow SwiftUI's signatures: in their order, each once, required ones present, and
/// modifiers apply left to right as written. Columns count Unicode scalars from 1.
struct AnimationExpressionParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private let version: DefaultAnimationVersion

    init(_ text: String, version: DefaultAnimationVersion) {
        scalars = Array(text.unicodeScalars)
        self.version = version
    }

    /// A token of the expression and the column it starts at.
    private enum Token: Equatable {
        case dot, open, close, comma, colon, end
        case identifier(String)
        case number(String)
    }

    private struct Argument {
        var label: String?
        var labelColumn: Int
        var token: Token
        var column: Int
    }

    private struct ParseError: Error {
        var column: Int
        var message: String
    }

    /// The animation the whole text denotes.
    mutating func parse() throws(PathError) -> Animation {
        do {
            return try expression()
        } catch {
            throw PathError(column: error.column, message: error.message)
        }
    }

    private mutating func expression() throws(ParseError) -> Animation {
        var (token, column) = try next()
        if token == .identifier("Animation") { (token, column) = try next() }
        guard token == .dot else {
            throw ParseError(column: column, message: "an animation expression starts with '.', as in .spring(response: 0.4); found \(describe(token))")
        }
        let (nameToken, nameColumn) = try next()
        guard case .identifier(let name) = nameToken else {
            throw ParseError(column: nameColumn, message: "expected an animation name after '.'; found \(describe(nameToken))")
        }
        guard AnimationRecipe.types.contains(name) else {
            if modifierNames.contains(name) {
                throw ParseError(column: nameColumn, message: "'.\(name)' modifies an animation: start with one, as in .easeInOut.\(name)(…)")
            }
            throw ParseError(column: nameColumn, message: "unknown animation '.\(name)' (expected one of \(AnimationRecipe.types.map { "." + $0 }.joined(separator: ", ")))")
        }
        var animation: Animation
        if case (.open, let openColumn) = try peek() {
            guard name != "default" else { throw ParseError(column: openColumn, message: "'.default' takes no arguments") }
            _ = try next()
            let (arguments, closeColumn) = try argumentList()
            animation = try base(name, nameColumn, arguments, closeColumn)
        } else {
            guard name != "timingCurve" else {
                throw ParseError(column: try peek().1, message: "expected '(' after .timingCurve: it needs its control points")
            }
            animation = try base(name, nameColumn, [], nil)
        }
        while true {
            let (token, column) = try next()
            switch token {
            case .end: return animation
            case .dot: animation = try modifier(on: animation)
            default: throw ParseError(column: column, message: "unexpected \(describe(token)) after the animation; expected '.' and a modifier, or the end")
            }
        }
    }

    private let modifierNames = ["delay", "speed", "repeatCount", "repeatForever", "logicallyComplete"]

    /// A built-in base animation from its name and arguments (`closeColumn` nil: no parentheses).
    private func base(_ name: String, _ nameColumn: Int, _ arguments: [Argument], _ closeColumn: Int?) throws(ParseError) -> Animation {
        var arguments = arguments
        var controlPoints: [Double]?
        if name == "timingCurve" {
            var points: [Double] = []
            for i in 0..<4 {
                guard i < arguments.count, arguments[i].label == nil else {
                    throw ParseError(column: closeColumn ?? nameColumn, message: "timingCurve needs four control points first, (x1, y1, x2, y2, duration:); found \(i)")
                }
                let x = try number(arguments[i], "a control point")
                guard x.isFinite else { throw ParseError(column: arguments[i].column, message: "a control point must be a finite number; got \(x)") }
                points.append(x)
            }
            controlPoints = points
            arguments.removeFirst(4)
        }
        if closeColumn != nil {
            let labels = arguments.compactMap(\.label)
            let signature: AnimationRecipe.Signature
            do {
                signature = try AnimationRecipe.signature(of: name, labels: labels)
            } catch {
                let at = arguments.first { $0.label == error.parameter }
                throw ParseError(column: at?.labelColumn ?? nameColumn, message: "'\(error.parameter ?? name)' \(error.message)")
            }
            try checkOrder(arguments, signature: signature, of: name)
            for label in signature.labels where signature.required.union(signature.requiredInCall).contains(label) && !labels.contains(label) {
                throw ParseError(column: closeColumn!, message: "\(name) needs '\(label):' (\(name)(" + signature.labels.map { "\($0):" }.joined() + "))")
            }
        }
        var parameters: [(String, Double)] = []
        for argument in arguments { parameters.append((argument.label!, try number(argument, "'\(argument.label!)'"))) }
        do {
            return try AnimationRecipe.base(type: name, parameters: parameters, controlPoints: controlPoints, version: version)
        } catch {
            let at = arguments.first { $0.label == error.parameter }
            throw ParseError(column: at?.column ?? nameColumn, message: error.parameter.map { "'\($0)' " + error.message } ?? error.message)
        }
    }

    /// Every argument labelled, in the signature's order, each label once.
    private func checkOrder(_ arguments: [Argument], signature: AnimationRecipe.Signature, of name: String) throws(ParseError) {
        var last = -1
        var seen: [String] = []
        for argument in arguments {
            guard let label = argument.label else {
                throw ParseError(column: argument.column, message: "expected a label, as in \(name)(" + signature.labels.map { "\($0):" }.joined() + ")")
            }
            guard !seen.contains(label) else { throw ParseError(column: argument.labelColumn, message: "'\(label)' is given twice") }
            let position = signature.labels.firstIndex(of: label)!
            guard position > last else {
                throw ParseError(column: argument.labelColumn,
                                 message: "'\(label)' must come before '\(seen.last!)' (\(name)(" + signature.labels.map { "\($0):" }.joined() + "))")
            }
            last = position
            seen.append(label)
        }
    }

    /// One modifier after its dot.
    private mutating func modifier(on animation: Animation) throws(ParseError) -> Animation {
        let (token, column) = try next()
        guard case .identifier(let name) = token else {
            throw ParseError(column: column, message: "expected a modifier after '.'; found \(describe(token))")
        }
        guard modifierNames.contains(name) else {
            throw ParseError(column: column, message: "unknown modifier '.\(name)' (expected one of \(modifierNames.map { "." + $0 }.joined(separator: ", ")))")
        }
        let (open, openColumn) = try next()
        guard open == .open else { throw ParseError(column: openColumn, message: "expected '(' after .\(name); found \(describe(open))") }
        let (arguments, closeColumn) = try argumentList()
        func only(_ label: String?, required: Bool) throws(ParseError) -> Argument? {
            if arguments.count > 1 { throw ParseError(column: arguments[1].labelColumn, message: "\(name) takes one argument") }
            guard let argument = arguments.first else {
                if required { throw ParseError(column: closeColumn, message: "\(name) needs \(label.map { "'\($0):'" } ?? "a value")") }
                return nil
            }
            guard argument.label == label else {
                throw ParseError(column: argument.labelColumn, message: label.map { "\(name) takes '\($0):'" } ?? "\(name) takes an unlabelled value, as in .\(name)(0.1)")
            }
            return argument
        }
        var value: Double?
        var autoreverses = true
        var at = column
        switch name {
        case "delay", "speed":
            let argument = try only(nil, required: true)!
            (value, at) = (try number(argument, name), argument.column)
        case "logicallyComplete":
            let argument = try only("after", required: true)!
            (value, at) = (try number(argument, "'after'"), argument.column)
        case "repeatForever":
            if let argument = try only("autoreverses", required: false) { autoreverses = try bool(argument) }
        default:  // repeatCount
            guard let count = arguments.first, count.label == nil else {
                throw ParseError(column: arguments.first?.labelColumn ?? closeColumn, message: "repeatCount needs a count first, as in .repeatCount(3, autoreverses: false)")
            }
            guard case .number(let text) = count.token, !text.contains(where: { ".eE".contains($0) }) else {
                throw ParseError(column: count.column, message: "repeatCount's count must be a whole number (SwiftUI's Int); found \(describe(count.token))")
            }
            (value, at) = (Double(text) ?? .infinity, count.column)
            if arguments.count > 2 { throw ParseError(column: arguments[2].labelColumn, message: "repeatCount takes (_:autoreverses:)") }
            if arguments.count == 2 {
                guard arguments[1].label == "autoreverses" else {
                    throw ParseError(column: arguments[1].labelColumn, message: "repeatCount takes (_:autoreverses:)")
                }
                autoreverses = try bool(arguments[1])
            }
        }
        do {
            return try AnimationRecipe.modify(animation, name, value: value, autoreverses: autoreverses)
        } catch {
            throw ParseError(column: at, message: "\(name) \(error.message)")
        }
    }

    /// `( [argument {, argument}] )` after the open parenthesis; returns the close's column.
    private mutating func argumentList() throws(ParseError) -> ([Argument], Int) {
        var arguments: [Argument] = []
        if case (.close, let column) = try peek() {
            _ = try next()
            return (arguments, column)
        }
        while true {
            var (token, column) = try next()
            var label: String?
            let labelColumn = column
            if case .identifier(let name) = token, name != "true", name != "false" {
                let (colon, colonColumn) = try next()
                guard colon == .colon else { throw ParseError(column: colonColumn, message: "expected ':' after '\(name)'; found \(describe(colon))") }
                label = name
                (token, column) = try next()
            }
            switch token {
            case .number, .identifier("true"), .identifier("false"): break
            default: throw ParseError(column: column, message: "expected a number\(label.map { " after '\($0):'" } ?? ""); found \(describe(token))")
            }
            arguments.append(Argument(label: label, labelColumn: labelColumn, token: token, column: column))
            let (separator, separatorColumn) = try next()
            switch separator {
            case .comma: continue
            case .close: return (arguments, separatorColumn)
            default: throw ParseError(column: separatorColumn, message: "expected ',' or ')'; found \(describe(separator))")
            }
        }
    }

    private func number(_ argument: Argument, _ what: String) throws(ParseError) -> Double {
        guard case .number(let text) = argument.token, let x = Double(text) else {
            throw ParseError(column: argument.column, message: "\(what) must be a number; found \(describe(argument.token))")
        }
        return x
    }

    private func bool(_ argument: Argument) throws(ParseError) -> Bool {
        switch argument.token {
        case .identifier("true"): return true
        case .identifier("false"): return false
        default: throw ParseError(column: argument.column, message: "autoreverses must be true or false; found \(describe(argument.token))")
        }
    }

    private func describe(_ token: Token) -> String {
        switch token {
        case .dot: "'.'"
        case .open: "'('"
        case .close: "')'"
        case .comma: "','"
        case .colon: "':'"
        case .end: "the end"
        case .identifier(let name): "'\(name)'"
        case .number(let text): "the number \(text)"
        }
    }

    // MARK: Lexer

    private mutating func peek() throws(ParseError) -> (Token, Int) {
        let saved = index
        defer { index = saved }
        return try next()
    }

    private mutating func next() throws(ParseError) -> (Token, Int) {
        while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
        let column = index + 1
        guard index < scalars.count else { return (.end, column) }
        let c = scalars[index]
        switch c {
        case ".": index += 1; return (.dot, column)
        case "(": index += 1; return (.open, column)
        case ")": index += 1; return (.close, column)
        case ",": index += 1; return (.comma, column)
        case ":": index += 1; return (.colon, column)
        case "-", "0"..."9": return (.number(try numberText()), column)
        default:
            guard isIdentifierStart(c) else {
                throw ParseError(column: column, message: "unexpected character '\(c)'")
            }
            var name = ""
            while index < scalars.count, isIdentifierStart(scalars[index]) || ("0"..."9").contains(scalars[index]) {
                name.unicodeScalars.append(scalars[index])
                index += 1
            }
            return (.identifier(name), column)
        }
    }

    private func isIdentifierStart(_ c: Unicode.Scalar) -> Bool {
        c == "_" || ("a"..."z").contains(c) || ("A"..."Z").contains(c)
    }

    /// A Swift float literal: ["-"] digits ["." digits] [exponent].
    private mutating func numberText() throws(ParseError) -> String {
        var text = ""
        func digits() -> Bool {
            var any = false
            while index < scalars.count, ("0"..."9").contains(scalars[index]) {
                text.unicodeScalars.append(scalars[index])
                index += 1
                any = true
            }
            return any
        }
        if scalars[index] == "-" { text = "-"; index += 1 }
        guard digits() else { throw ParseError(column: index + 1, message: "expected a digit after '-'") }
        if index + 1 < scalars.count, scalars[index] == ".", ("0"..."9").contains(scalars[index + 1]) {
            text += "."
            index += 1
            _ = digits()
        }
        if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
            text.unicodeScalars.append(scalars[index])
            index += 1
            if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" {
                text.unicodeScalars.append(scalars[index])
                index += 1
            }
            guard digits() else { throw ParseError(column: index + 1, message: "expected the exponent's digits") }
        }
        return text
    }
}

extension Animation {
    /// The animation a SwiftUI expression denotes, such as
    /// `.spring(response: 0.4, dampingFraction: 0.7).delay(0.1)` or `Animation.easeInOut(duration: 0.3)`:
    /// the built-ins with SwiftUI's labels, order and defaults, and the modifiers `delay`, `speed`,
    /// `repeatCount`, `repeatForever` and `logicallyComplete(after:)`, applied left to right.
    ///
    /// `.default` is `Animation.default(version)`. Throws an error with the column of the
    /// offending token and what was expected; parameters outside SwiftUI's ranges are errors too.
    public init(swiftUI expression: String, default version: DefaultAnimationVersion = .ios17) throws(PathError) {
        var parser = AnimationExpressionParser(expression, version: version)
        self = try parser.parse()
    }
}
