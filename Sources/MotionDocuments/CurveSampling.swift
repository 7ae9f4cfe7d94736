import MotionCurves
import MotionJSON

/// A timing curve as the `curve` document samples it: SwiftUI's `UnitCurve` (progress clamped to
/// [0, 1]) or a CSS easing function (extrapolated outside [0, 1] along the end tangents), or the
/// inverse of either, with the name and control points the document states. The command line
/// and the C ABI both sample through this, so their documents agree.
public struct CurveSampling: Sendable {
    private enum Curve {
        case swiftUI(UnitCurve)
        case css(CSSTimingFunction)
    }

    private let curve: Curve
    /// The document's `name`: the curve's description; for an inverse, SwiftUI's `A.inverse = B`
    /// or CSS's `inverse of A = B`.
    public let name: String
    /// Whether the curve has CSS's semantics (the document's `semantics` is `css`, else `swiftui`).
    public var css: Bool {
        if case .css = curve { return true }
        return false
    }
    /// Whether the curve is the inverse of the one asked for (x and y swapped).
    public let inverse: Bool

    /// SwiftUI's curve `curve`, or its inverse.
    /// - Parameters:
    ///   - curve: the curve asked for.
    ///   - inverse: whether to sample the curve with x and y swapped.
    public init(_ curve: UnitCurve, inverse: Bool) {
        self.curve = .swiftUI(inverse ? curve.inverse : curve)
        name = inverse ? "\(curve).inverse = \(curve.inverse)" : curve.description
        self.inverse = inverse
    }

    /// The CSS easing function `function`, or its inverse, which CSS can only write when the
    /// swapped control points are a valid `cubic-bezier()` (x in [0, 1]).
    /// - Parameters:
    ///   - function: the easing function asked for.
    ///   - inverse: whether to sample the function with x and y swapped.
    /// - Throws: `CurveError` when the inverse is not a CSS easing function.
    public init(_ function: CSSTimingFunction, inverse: Bool) throws(CurveError) {
        let sampled = inverse ? try function.inverse() : function
        curve = .css(sampled)
        name = inverse ? "inverse of \(function.cssText) = \(sampled.cssText)" : function.cssText
        self.inverse = inverse
    }

    /// The sampled curve's control points x1, y1, x2, y2; `nil` for a curve that is not a cubic
    /// bezier (SwiftUI's circular eases).
    public var controlPoints: [Double]? {
        switch curve {
        case .swiftUI(let curve): curve.controlPoints.map { [$0.start.x, $0.start.y, $0.end.x, $0.end.y] }
        case .css(let function): [function.bezier.x1, function.bezier.y1, function.bezier.x2, function.bezier.y2]
        }
    }

    /// The curve's output at `progress`.
    /// - Parameter progress: the input progress (SwiftUI clamps it to [0, 1]).
    public func value(at progress: Double) -> Double {
        switch curve {
        case .swiftUI(let curve): curve.value(at: progress)
        case .css(let function): function.value(at: progress)
        }
    }

    /// The velocity the platform reports at `progress` (SwiftUI's 1 and 0 where a bezier's dx/dt
    /// and dy/dt both vanish).
    /// - Parameter progress: the input progress.
    public func velocity(at progress: Double) -> Double {
        switch curve {
        case .swiftUI(let curve): curve.velocity(at: progress)
        case .css(let function): function.velocity(at: progress)
        }
    }

    /// The velocity's limit at `progress`, where ``velocity(at:)`` reports SwiftUI's fallback.
    /// - Parameter progress: the input progress.
    public func exactVelocity(at progress: Double) -> Double {
        switch curve {
        case .swiftUI(let curve): curve.exactVelocity(at: progress)
        case .css(let function): function.velocity(at: progress)
        }
    }

    /// The document's `curve` object: `{"name", "semantics", "inverse", "controlPoints"?}`.
    public var json: JSONValue {
        var fields: [(String, JSONValue)] = [("name", .string(name)), ("semantics", .string(css ? "css" : "swiftui")), ("inverse", .bool(inverse))]
        if let controlPoints { fields.append(("controlPoints", .array(controlPoints.map(JSONValue.number)))) }
        return .object(fields)
    }

    /// The `curve` document of the samples at `progress`: `{"curve", "samples": [{"progress",
    /// "value", "velocity", "exactVelocity"}]}`.
    /// - Parameter progress: the input progress values, in order.
    public func document(at progress: [Double]) -> JSONValue {
        .object([
            ("curve", json),
            ("samples", .array(progress.map {
                .object([("progress", .number($0)), ("value", .number(value(at: $0))), ("velocity", .number(velocity(at: $0))),
                         ("exactVelocity", .number(exactVelocity(at: $0)))])
            })),
        ])
    }
}
