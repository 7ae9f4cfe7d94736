import MotionJSON

/// A JSON path into a Lottie document as people write it — `ks.p`, `ef[0].ef[0].v` — resolved
/// step by step so that a missing step is named.
struct LottiePath: Sendable, Hashable {
    enum Step: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    var steps: [Step]

    /// Parses `text`: keys separated by `.`, each followed by any number of `[n]`.
    init(_ text: String) throws(PathError) {
        var steps: [Step] = []
        var key = ""
        var chars = Array(text)
        chars.append(".")
        var i = 0
        var expectKey = true
        while i < chars.count {
            let c = chars[i]
            if c == "." || c == "[" {
                if !key.isEmpty { steps.append(.key(key)); key = "" } else if expectKey && !(c == "[" && steps.isEmpty && i == 0) && !(c == "." && i == chars.count - 1 && !steps.isEmpty) {
                    throw PathError(path: text, message: "is not a property path: expected a key at character \(i + 1) (write e.g. ks.p or ef[0].ef[0].v)")
                }
                if c == "[" {
                    guard let close = chars[i...].firstIndex(of: "]"), let n = Int(String(chars[(i + 1)..<close])), n >= 0 else {
                        throw PathError(path: text, message: "is not a property path: '[' at character \(i + 1) needs an index ≥ 0 and ']'")
                    }
                    steps.append(.index(n))
                    i = close + 1
                    expectKey = false
                    if i < chars.count && chars[i] != "." && chars[i] != "[" {
                        throw PathError(path: text, message: "is not a property path: expected '.' or '[' at character \(i + 1)")
                    }
                    continue
                }
                expectKey = true
            } else {
                key.append(c)
                expectKey = false
            }
            i += 1
        }
        guard !steps.isEmpty else { throw PathError(path: text, message: "is not a property path (write e.g. ks.p or ef[0].ef[0].v)") }
        self.steps = steps
    }

    /// The path as written after `prefix` (`layers[0]`).
    static func join(_ prefix: String, _ step: Step) -> String {
        switch step {
        case .key(let k): prefix.isEmpty ? k : prefix + "." + k
        case .index(let n): prefix + "[\(n)]"
        }
    }

    /// The value at this path below `root` (whose own path is `prefix`), and its full path.
    func resolve(in root: JSONValue, prefix: String) throws(PathError) -> (value: JSONValue, path: String) {
        var value = root
        var path = prefix
        for step in steps {
            let next = Self.join(path, step)
            switch (step, value) {
            case let (.key(k), .object):
                guard let child = value[k] else { throw PathError(path: next, message: "does not exist") }
                value = child
            case let (.index(n), .array(items)):
                guard n < items.count else { throw PathError(path: next, message: "does not exist: \(path) has \(items.count) entr\(items.count == 1 ? "y" : "ies")") }
                value = items[n]
            case (.key, _):
                throw PathError(path: next, message: "does not exist: \(path) is not an object")
            case (.index, _):
                throw PathError(path: next, message: "does not exist: \(path) is not an array")
            }
            path = next
        }
        return (value, path)
    }
}
