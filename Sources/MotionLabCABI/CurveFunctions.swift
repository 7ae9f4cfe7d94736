import MotionLab

/// One timing curve resolved as the `curve` command resolves it.
private struct ResolvedCurve {
    var label: String
    var controlPoints: [Double]?
    var value: (Double) -> Double
    var velocity: (Double) -> Double
    var exactVelocity: (Double) -> Double
}

private func resolveCurve(name: String?, bezier: [Double]?, css: Bool, inverse: Bool) throws -> ResolvedCurve {
    if let bezier {
        guard bezier.count == 4 else { throw ABIFailure.argument("bezier needs exactly 4 numbers x1,y1,x2,y2; got \(bezier.count)") }
        for (index, x) in bezier.enumerated() where !x.isFinite {
            throw ABIFailure.argument("bezier: item \(index + 1) must be a finite number; got \(x)")
        }
        for (label, y) in [("y1", bezier[1]), ("y2", bezier[3])] where abs(y) > 1e100 {
            throw ABIFailure.argument("bezier \(label) must be in [-1e100, 1e100] (beyond, the curve's values and velocities overflow); got \(DecimalText.shortest(y))")
        }
    }
    do {
        if css {
            var function = try bezier.map { p throws(CurveError) in try CSSTimingFunction(x1: p[0], y1: p[1], x2: p[2], y2: p[3]) }
                ?? CSSTimingFunction(parsing: name ?? "")
            var label = function.cssText
            if inverse {
                function = try function.inverse()
                label = "inverse of \(label) = \(function.cssText)"
            }
            let b = function.bezier
            return ResolvedCurve(label: label, controlPoints: [b.x1, b.y1, b.x2, b.y2], value: function.value(at:),
                                 velocity: function.velocity(at:), exactVelocity: function.velocity(at:))
        }
        var curve: UnitCurve
        if let p = bezier {
            curve = .bezier(startControlPoint: UnitPoint(x: p[0], y: p[1]), endControlPoint: UnitPoint(x: p[2], y: p[3]))
        } else {
            do {
                curve = try UnitCurve.named(name ?? "")
            } catch {
                let hint = CSSTimingFunction.keywords.contains { $0.name == name } ? " ('\(name ?? "")' is a CSS keyword: pass css=True)" : ""
                throw ABIFailure.argument("\(error)\(hint)")
            }
        }
        var label = curve.description
        if inverse {
            curve = curve.inverse
            label = "\(label).inverse = \(curve.description)"
        }
        return ResolvedCurve(label: label, controlPoints: curve.controlPoints.map { [$0.start.x, $0.start.y, $0.end.x, $0.end.y] },
                             value: curve.value(at:), velocity: curve.velocity(at:), exactVelocity: curve.exactVelocity(at:))
    } catch let error as CurveError {
        throw ABIFailure.argument(css ? "CSS: \(error)" : "\(error)")
    }
}

/// A timing curve — a name (`name` non-null) or a cubic bezier (`bezier`, 4 numbers) — with SwiftUI's
/// or CSS's semantics (`css` ≠ 0), or its inverse (`inverse` ≠ 0), evaluated at `count` progress values:
/// `values`, `velocities` and `exactVelocities` (each `count` long, any may be null). `out` receives
/// the curve's description `{"name", "semantics", "inverse", "controlPoints"}` as in the `curve` document.
@_cdecl("motionlab_curve_eval")
public func motionlab_curve_eval(
    _ name: UnsafePointer<CChar>?, _ bezier: UnsafePointer<Double>?, _ css: Int32, _ inverse: Int32,
    _ progress: UnsafePointer<Double>?, _ count: Int,
    _ values: UnsafeMutablePointer<Double>?, _ velocities: UnsafeMutablePointer<Double>?,
    _ exactVelocities: UnsafeMutablePointer<Double>?,
    _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    guarded(error) {
        guard (name == nil) != (bezier == nil) else {
            throw ABIFailure.argument("give either a curve name (e.g. easeInOut, or ease with css=True) or a bezier x1,y1,x2,y2, not both")
        }
        let curve = try resolveCurve(name: name.map { String(cString: $0) }, bezier: bezier.map { Array(UnsafeBufferPointer(start: $0, count: 4)) },
                                     css: css != 0, inverse: inverse != 0)
        let xs = try finite(doubles(progress, count), "progress")
        for (i, x) in xs.enumerated() {
            values?[i] = curve.value(x)
            velocities?[i] = curve.velocity(x)
            exactVelocities?[i] = curve.exactVelocity(x)
        }
        var description: [(String, JSONValue)] = [
            ("name", .string(curve.label)), ("semantics", .string(css != 0 ? "css" : "swiftui")), ("inverse", .bool(inverse != 0)),
        ]
        if let points = curve.controlPoints { description.append(("controlPoints", .array(points.map(JSONValue.number)))) }
        emit(.object(description), to: out)
    }
}
