import MotionCurves
import MotionJSON
import MotionKeyframes

/// One Lottie property (`{"a", "k"}`) at a JSON path, read one dimension at a time into a
/// keyframe track, exactly as lottie-web evaluates it (`PropertyFactory.interpolateValue`).
struct LottieProperty {
    var value: JSONValue
    var path: String

    /// What one dimension of the property holds: its value at time 0 and, when animated, the
    /// keyframes that reproduce it.
    struct Track {
        var initialValue: Double
        var keyframes: [Keyframe<Double>]?
        /// For a curved motion path fitted with `approximate`: the largest deviation at a sample
        /// (in this dimension) and a note for people saying how it was made.
        var approximation: (maxError: Double, note: String)? = nil
    }

    static func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .number(let x)?: x
        case .integer(let n)?: Double(n)
        default: nil
        }
    }

    /// A number or an array of numbers (one per dimension), all finite.
    static func components(_ value: JSONValue?, _ path: String) throws(PathError) -> [Double] {
        if let x = number(value) {
            guard x.isFinite else { throw PathError(path: path, message: "is \(x); it must be finite") }
            return [x]
        }
        guard case .array(let items)? = value, !items.isEmpty else {
            throw PathError(path: path, message: value == nil ? "is missing" : "must be a number or a non-empty array of numbers")
        }
        var out: [Double] = []
        for (i, item) in items.enumerated() {
            guard let x = number(item) else { throw PathError(path: path + "[\(i)]", message: "must be a number") }
            guard x.isFinite else { throw PathError(path: path + "[\(i)]", message: "is \(x); it must be finite") }
            out.append(x)
        }
        return out
    }

    /// Whether the property is animated: `k` is an array of keyframe objects.
    var isAnimated: Bool {
        if case .array(let items)? = value["k"], case .object? = items.first { return true }
        return false
    }

    /// The number of dimensions: of the static value, or of the first keyframe's `s`.
    func dimensions() throws(PathError) -> Int {
        try checkShape()
        if isAnimated, case .array(let items)? = value["k"] {
            return try Self.components(items[0]["s"], path + ".k[0].s").count
        }
        return try Self.components(value["k"], path + ".k").count
    }

    private func checkShape() throws(PathError) {
        guard case .object = value else { throw PathError(path: path, message: "is not a property: expected an object with \"k\"") }
        if case .string(let expression)? = value["x"] {
            let excerpt = expression.count > 40 ? String(expression.prefix(40)) + "…" : expression
            throw PathError(path: path + ".x", message: "is an expression (\"\(excerpt)\"): its values exist only when a player runs it in a JavaScript engine, so it cannot be imported, not even with --approximate; bake it into keyframes (After Effects: Convert Expression to Keyframes) and export again")
        }
        guard value["k"] != nil else { throw PathError(path: path, message: "has no \"k\" (its value or keyframes)") }
    }

    /// Dimension `dimension` of the property, values multiplied by `scale`, keyframe times in
    /// seconds: (t + `offset`) / `frameRate`. A curved motion path (non-zero spatial tangents) is
    /// an error unless `approximate`, then it is fitted with straight-line keyframes within
    /// `tolerance` (``LottieCurvedPath``).
    func track(dimension: Int, scale: Double, frameRate: Double, offset: Double,
               approximate: Bool = false, tolerance: Double? = nil) throws(PathError) -> Track {
        try checkShape()
        guard isAnimated, case .array(let items)? = value["k"] else {
            let values = try Self.components(value["k"], path + ".k")
            guard dimension < values.count else {
                throw PathError(path: path + ".k", message: "has \(values.count) value\(values.count == 1 ? "" : "s"); dimension \(dimension + 1) is missing")
            }
            return Track(initialValue: values[dimension] * scale, keyframes: nil)
        }
        // Each keyframe's time (s), value and easing toward the next.
        var times: [Double] = [], values: [Double] = []
        var holds: [Bool] = []
        var easings: [(Double, Double, Double, Double)?] = []
        var points: [[Double]] = [], tangents: [(out: [Double]?, in: [Double]?)] = []
        var curved = false
        for (index, item) in items.enumerated() {
            let at = path + ".k[\(index)]"
            guard case .object = item else { throw PathError(path: at, message: "must be a keyframe object {\"t\", \"s\", …}") }
            guard let t = Self.number(item["t"]) else { throw PathError(path: at + ".t", message: item["t"] == nil ? "is missing (the keyframe's frame)" : "must be a number (a frame)") }
            let time = (t + offset) / frameRate
            guard time.isFinite, time >= 0, time <= TimelineDocument.maximumDuration else {
                throw PathError(path: at + ".t", message: "is frame \(t): keyframes must lie in [0, \(TimelineDocument.maximumDuration) s] of the layer's time (frame \(-offset) onwards)")
            }
            if let previous = times.last, time < previous {
                throw PathError(path: at + ".t", message: "is frame \(t), before the previous keyframe's: keyframes must be in ascending t")
            }
            // The value: `s`, or the previous keyframe's `e` (older exporters end on a bare {t}).
            let raw: [Double]
            if item["s"] == nil, index > 0, items[index - 1]["e"] != nil {
                raw = try Self.components(items[index - 1]["e"], path + ".k[\(index - 1)].e")
            } else {
                raw = try Self.components(item["s"], at + ".s")
            }
            guard dimension < raw.count else {
                throw PathError(path: at + ".s", message: "has \(raw.count) value\(raw.count == 1 ? "" : "s"); dimension \(dimension + 1) is missing")
            }
            let hold: Bool
            switch item["h"] {
            case nil: hold = false
            case let h? where Self.number(h) == 0: hold = false
            case let h? where Self.number(h) == 1: hold = true
            default: throw PathError(path: at + ".h", message: "must be 0 or 1")
            }
            var easing: (Double, Double, Double, Double)? = nil
            if !hold && index < items.count - 1 {
                // With spatial tangents lottie-web eases along the path with one shared curve.
                let shared = item["to"] != nil || item["ti"] != nil
                func handle(_ name: String, _ axis: String) throws(PathError) -> Double {
                    guard case .object? = item[name] else {
                        throw PathError(path: at + "." + name, message: "is missing: a keyframe that is neither the last nor a hold (h: 1) needs easing handles \"o\" and \"i\"")
                    }
                    let list = try Self.components(item[name]?[axis], at + ".\(name).\(axis)")
                    let x = list[shared || dimension >= list.count ? 0 : dimension]
                    if axis == "x" && !(0...1).contains(x) {
                        throw PathError(path: at + ".\(name).\(axis)", message: "is \(x); a handle's time (x) must be in [0, 1]")
                    }
                    return x
                }
                easing = (try handle("o", "x"), try handle("o", "y"), try handle("i", "x"), try handle("i", "y"))
            }
            times.append(time)
            values.append(raw[dimension] * scale)
            holds.append(hold)
            easings.append(easing)
            points.append(raw)
            tangents.append((try item["to"].map { v throws(PathError) in try Self.components(v, at + ".to") },
                             try item["ti"].map { v throws(PathError) in try Self.components(v, at + ".ti") }))
        }
        // A tangent makes the path curved unless the interval it shapes is a straight line walked
        // one way (After Effects writes collinear tangents on every eased straight move).
        for index in items.indices {
            let (out, into) = tangents[index]
            let zero = Array(repeating: 0.0, count: points[index].count)
            let curvedTangent = index + 1 < points.count
                ? LottieSpatialPath.curvedTangent(start: points[index], end: points[index + 1],
                                                  outTangent: out ?? zero, inTangent: into ?? zero)
                : [out, into].firstIndex { $0?.contains { $0 != 0 } == true }
            guard let curvedTangent else { continue }
            guard approximate else {
                let key = curvedTangent == 0 ? "to" : "ti"
                let tangent = (curvedTangent == 0 ? out : into) ?? zero
                throw PathError(path: path + ".k[\(index)]." + key, message: "is a spatial tangent \(tangent): a curved motion path cannot be represented as separate tracks per dimension (only straight paths: zero tangents, or tangents along the segment between its ends); import with --approximate to fit it with straight-line keyframes within a tolerance, the largest deviation stated")
            }
            curved = true
        }
        if curved {
            return try LottieCurvedPath(path: path, frameRate: frameRate, times: times, points: points, holds: holds,
                                        easings: easings, tangents: tangents)
                .track(dimension: dimension, scale: scale, tolerance: tolerance)
        }
        // The first value holds from 0 until the first keyframe.
        var keyframes: [Keyframe<Double>] = []
        if times[0] > 0 { keyframes.append(.linear(LinearKeyframe(values[0], duration: times[0]))) }
        for k in 0..<(times.count - 1) {
            let (a, b) = (values[k], values[k + 1])
            let d = times[k + 1] - times[k]
            if holds[k] || d == 0 {
                if d > 0 { keyframes.append(.linear(LinearKeyframe(a, duration: d))) }
                if b != a { keyframes.append(.move(MoveKeyframe(b))) }
                continue
            }
            guard let (x1, y1, x2, y2) = easings[k] else { continue }
            if a == b {
                // Players compute a + (b − a)·progress: constant whatever the handles say.
                keyframes.append(.linear(LinearKeyframe(b, duration: d)))
            } else if x1 == y1 && x2 == y2 {
                keyframes.append(.linear(LinearKeyframe(b, duration: d)))
            } else if x1 == 1.0 / 3 && x2 == 2.0 / 3 {
                // SwiftUI's cubic keyframe: control points (1/3, m0/(3Δ)) and (2/3, 1 − m1/(3Δ)).
                let delta = b - a
                let v0 = 3 * delta * y1 / d, v1 = 3 * delta * (1 - y2) / d
                guard v0.isFinite, v1.isFinite else {
                    throw PathError(path: path + ".k[\(k)]", message: "moves from \(a) to \(b) in \(d) s: its velocities are not finite numbers")
                }
                keyframes.append(.cubic(CubicKeyframe(b, duration: d, startVelocity: v0, endVelocity: v1)))
            } else {
                let curve = UnitCurve.bezier(startControlPoint: UnitPoint(x: x1, y: y1), endControlPoint: UnitPoint(x: x2, y: y2))
                keyframes.append(.linear(LinearKeyframe(b, duration: d, timingCurve: curve)))
            }
        }
        return Track(initialValue: values[0], keyframes: keyframes)
    }
}
