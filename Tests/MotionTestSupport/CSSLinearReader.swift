/// A CSS `linear()` easing read back as a browser reads it, per CSS Easing Level 2 — the tests'
/// own reader, independent of the code that writes the text: stops `output [input%]`; a missing
/// input is 0 % for the first stop, 100 % for the last, and spread evenly between known ones.
public struct CSSLinearReader {
    /// Text that is not a `linear()` function.
    public struct Malformed: Error {
        /// The text.
        public var text: String
    }

    /// The stops, inputs filled in: (input, output) in progress.
    public var points: [(x: Double, y: Double)]

    /// Reads `text`, such as `linear(0, 0.5 40%, 1)`.
    ///
    /// - Parameter text: the whole function, `linear(` to `)`.
    public init(_ text: String) throws {
        guard text.hasPrefix("linear("), text.hasSuffix(")") else { throw Malformed(text: text) }
        let body = text.dropFirst("linear(".count).dropLast()
        var outputs: [Double] = [], inputs: [Double?] = []
        for part in body.split(separator: ",") {
            let words = part.split(separator: " ")
            guard let y = Double(words[0]) else { throw Malformed(text: text) }
            outputs.append(y)
            if words.count > 1 {
                guard words[1].hasSuffix("%"), let p = Double(words[1].dropLast()) else { throw Malformed(text: text) }
                inputs.append(p / 100)
            } else {
                inputs.append(nil)
            }
        }
        if inputs[0] == nil { inputs[0] = 0 }
        if inputs[inputs.count - 1] == nil { inputs[inputs.count - 1] = 1 }
        var i = 0
        while i < inputs.count {
            if inputs[i] == nil {
                let a = i - 1
                var b = i
                while inputs[b] == nil { b += 1 }
                for k in i..<b { inputs[k] = inputs[a]! + (inputs[b]! - inputs[a]!) * Double(k - a) / Double(b - a) }
                i = b
            }
            i += 1
        }
        points = zip(inputs, outputs).map { ($0!, $1) }
    }

    /// The easing's output at input `x`: linear between the stops, the later stop's output where
    /// two share an input.
    ///
    /// - Parameter x: the input progress.
    public func value(_ x: Double) -> Double {
        for k in 1..<points.count where x <= points[k].x {
            let (a, b) = (points[k - 1], points[k])
            return b.x > a.x ? a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x) : b.y
        }
        return points.last!.y
    }
}
