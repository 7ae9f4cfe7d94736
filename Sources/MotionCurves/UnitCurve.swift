/// A point in the unit square's coordinate space, as SwiftUI's `UnitPoint`.
public struct UnitPoint: Sendable, Hashable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = UnitPoint(x: 0, y: 0)

    public var description: String { "(\(x), \(y))" }
}

/// A function from input progress in [0, 1] to output progress, with SwiftUI's `UnitCurve`
/// semantics: progress is clamped to [0, 1], bezier control-point x is clamped to [0, 1] and
/// y is not, and ``inverse`` swaps the axes.
///
/// The bezier curves evaluate through ``CubicBezier``'s exact inverse; the circular ones through
/// cancellation-free closed forms, so both are accurate to a few ulps.
public struct UnitCurve: Sendable, Hashable, CustomStringConvertible {
    enum Shape: Sendable, Hashable {
        case linear
        case bezier(start: UnitPoint, end: UnitPoint)
        case circularEaseIn, circularEaseOut, circularEaseInOut
        /// The inverse of circularEaseInOut: circularEaseOut's arc, then circularEaseIn's.
        case circularEaseOutIn
    }

    let shape: Shape
    /// The solver for `.bezier`, built once from the clamped control points.
    let solver: CubicBezier?

    private init(_ shape: Shape) {
        self.shape = shape
        if case let .bezier(start, end) = shape {
            solver = CubicBezier(clampingX1: start.x, y1: start.y, x2: end.x, y2: end.y)
        } else {
            solver = nil
        }
    }

    public static func == (a: UnitCurve, b: UnitCurve) -> Bool { a.shape == b.shape }
    public func hash(into hasher: inout Hasher) { hasher.combine(shape) }

    // MARK: Curves

    /// Output equals input; velocity 1.
    public static let linear = UnitCurve(.linear)
    /// bezier (0.42, 0), (1, 1).
    public static let easeIn = bezier(startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 1, y: 1))
    /// bezier (0, 0), (0.58, 1).
    public static let easeOut = bezier(startControlPoint: UnitPoint(x: 0, y: 0), endControlPoint: UnitPoint(x: 0.58, y: 1))
    /// bezier (0.42, 0), (0.58, 1).
    public static let easeInOut = bezier(startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 0.58, y: 1))
    /// 1 − √(1 − p²): the lower-right quarter of the unit circle.
    public static let circularEaseIn = UnitCurve(.circularEaseIn)
    /// √(1 − (1 − p)²): the upper-left quarter of the unit circle.
    public static let circularEaseOut = UnitCurve(.circularEaseOut)
    /// ½·circularEaseIn(2p) for p < ½, ½·circularEaseOut(2p − 1) + ½ otherwise.
    public static let circularEaseInOut = UnitCurve(.circularEaseInOut)

    /// A cubic bezier from (0, 0) to (1, 1). The control points are kept as given (so `inverse`
    /// round-trips) and their x is clamped to [0, 1] when the curve is evaluated.
    public static func bezier(startControlPoint: UnitPoint, endControlPoint: UnitPoint) -> UnitCurve {
        UnitCurve(.bezier(start: startControlPoint, end: endControlPoint))
    }

    /// The curve with x and y swapped, so `inverse.value(at: value(at: p)) ≈ p` on monotone curves.
    /// circularEaseIn and circularEaseOut are each other's inverse; `inverse.inverse == self`.
    public var inverse: UnitCurve {
        switch shape {
        case .linear: .linear
        case let .bezier(start, end):
            .bezier(startControlPoint: UnitPoint(x: start.y, y: start.x),
                    endControlPoint: UnitPoint(x: end.y, y: end.x))
        case .circularEaseIn: .circularEaseOut
        case .circularEaseOut: .circularEaseIn
        case .circularEaseInOut: UnitCurve(.circularEaseOutIn)
        case .circularEaseOutIn: .circularEaseInOut
        }
    }

    /// The two control points of a bezier curve as given (before clamping); nil otherwise.
    public var controlPoints: (start: UnitPoint, end: UnitPoint)? {
        if case let .bezier(start, end) = shape { return (start, end) }
        return nil
    }

    // MARK: Evaluation

    /// The output progress at `progress`, which is clamped to [0, 1] (NaN stays NaN).
    public func value(at progress: Double) -> Double {
        derivative(0, at: progress) { solver, p in solver.y(forX: p) }
    }

    /// d(output)/d(progress) at `progress` (clamped to [0, 1]), as SwiftUI reports it. For a
    /// bezier: (dy/dt)/(dx/dt) at the solved t, ±∞ where only dx/dt vanishes; where both vanish
    /// (an end whose control point coincides with it) 1 at the start and 0 at the end, which is
    /// what real SwiftUI prints for easeOut at 0 and easeIn at 1. ``exactVelocity(at:)`` gives the
    /// limit there.
    public func velocity(at progress: Double) -> Double {
        derivative(1, at: progress) { solver, p in solver.slope(atT: solver.solveT(forX: p)) }
    }

    /// The exact d(output)/d(progress): as ``velocity(at:)`` except where a bezier's dx/dt and
    /// dy/dt both vanish, where it is their limit (L'Hôpital: the ratio of the first pair of
    /// derivatives that do not both vanish) — 1/0.58 for easeOut at 0 and easeIn at 1.
    public func exactVelocity(at progress: Double) -> Double {
        guard case .bezier = shape, let solver, !progress.isNaN else { return velocity(at: progress) }
        let p = Swift.min(Swift.max(progress, 0), 1)
        return solver.limitingSlope(atT: solver.solveT(forX: p))
    }

    /// The exact d²(output)/d(progress)² at `progress` (clamped to [0, 1]): 0 for linear, the
    /// bezier's ``CubicBezier/slopeRate(atT:)`` at the solved t (±∞ at an end whose control point
    /// coincides with it), and the circular curves' closed forms (±∞ where their slope is).
    public func exactAcceleration(at progress: Double) -> Double {
        derivative(2, at: progress) { solver, p in solver.slopeRate(atT: solver.solveT(forX: p)) }
    }

    /// The derivative of order `order` (0 the value, 1 the slope, 2 the slope's rate) at
    /// `progress`, clamped to [0, 1] (NaN stays NaN); `bezier` gives it for the bezier's solver.
    private func derivative(_ order: Int, at progress: Double, bezier: (CubicBezier, Double) -> Double) -> Double {
        guard !progress.isNaN else { return progress }
        let p = Swift.min(Swift.max(progress, 0), 1)
        switch shape {
        case .linear: return order == 0 ? p : order == 1 ? 1 : 0
        case .bezier: return bezier(solver!, p)
        case .circularEaseIn: return Circular.easeIn(p, order)
        case .circularEaseOut: return Circular.easeOut(p, order)
        case .circularEaseInOut: return Circular.halves(p, order, Circular.easeIn, Circular.easeOut)
        case .circularEaseOutIn: return Circular.halves(p, order, Circular.easeOut, Circular.easeIn)
        }
    }

    /// Values at many progress points; for beziers the solver's batch path.
    public func values(at progress: [Double]) -> [Double] {
        if let solver {
            return solver.y(forX: progress.map { $0.isNaN ? $0 : Swift.min(Swift.max($0, 0), 1) })
        }
        return progress.map(value(at:))
    }

    // MARK: Names

    /// SwiftUI's names for the predefined curves, in declaration order.
    public static let namedCurves: [(name: String, curve: UnitCurve)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInOut", .easeInOut),
        ("circularEaseIn", .circularEaseIn), ("circularEaseOut", .circularEaseOut),
        ("circularEaseInOut", .circularEaseInOut),
    ]

    /// The predefined curve called `name` (SwiftUI's spelling, e.g. "easeInOut").
    public static func named(_ name: String) throws(CurveError) -> UnitCurve {
        guard let match = namedCurves.first(where: { $0.name == name }) else {
            throw .unknownName(name, valid: namedCurves.map(\.name))
        }
        return match.curve
    }

    /// SwiftUI's name when this is a predefined curve.
    public var name: String? { Self.namedCurves.first { $0.curve == self }?.name }

    public var description: String {
        if let name { return name }
        switch shape {
        case let .bezier(start, end): return "bezier(\(start.x), \(start.y), \(end.x), \(end.y))"
        case .circularEaseOutIn: return "circularEaseInOut.inverse"
        default: return "\(shape)"
        }
    }
}

/// Quarter circles in forms without cancellation: 1 − √(1 − p²) = p²/(1 + √((1 − p)(1 + p)))
/// keeps full relative precision for small p, and (1 − p)(1 + p) for p near 1.
enum Circular {
    /// The derivative of order `order` (0, 1 or 2) of circularEaseIn at `p`.
    static func easeIn(_ p: Double, _ order: Int) -> Double {
        order == 0 ? easeIn(p) : order == 1 ? easeInSlope(p) : easeInRate(p)
    }

    /// The derivative of order `order` (0, 1 or 2) of circularEaseOut at `p`.
    static func easeOut(_ p: Double, _ order: Int) -> Double {
        order == 0 ? easeOut(p) : order == 1 ? easeOutSlope(p) : easeOutRate(p)
    }

    /// The derivative of order `order` of a curve made of two halves: ½·lower(2p) for p < ½,
    /// ½·upper(2p − 1) + ½ otherwise, whose derivative of order n is 2ⁿ⁻¹ times the half's.
    static func halves(
        _ p: Double, _ order: Int, _ lower: (Double, Int) -> Double, _ upper: (Double, Int) -> Double
    ) -> Double {
        let scale = Double(sign: .plus, exponent: order - 1, significand: 1)
        if p < 0.5 { return scale * lower(2 * p, order) }
        let derivative = scale * upper(2 * p - 1, order)
        return order == 0 ? derivative + 0.5 : derivative
    }

    static func easeIn(_ p: Double) -> Double {
        p * p / (1 + ((1 - p) * (1 + p)).squareRoot())
    }

    static func easeOut(_ p: Double) -> Double {
        (p * (2 - p)).squareRoot()
    }

    static func easeInSlope(_ p: Double) -> Double {
        p >= 1 ? .infinity : p / ((1 - p) * (1 + p)).squareRoot()
    }

    static func easeOutSlope(_ p: Double) -> Double {
        p <= 0 ? .infinity : (1 - p) / (p * (2 - p)).squareRoot()
    }

    /// d²/dp² of 1 − √(1 − p²): (1 − p²)^(−3/2).
    static func easeInRate(_ p: Double) -> Double {
        let q = (1 - p) * (1 + p)
        return p >= 1 ? .infinity : 1 / (q * q.squareRoot())
    }

    /// d²/dp² of √(p(2 − p)): −(p(2 − p))^(−3/2).
    static func easeOutRate(_ p: Double) -> Double {
        let q = p * (2 - p)
        return p <= 0 ? -.infinity : -1 / (q * q.squareRoot())
    }
}
