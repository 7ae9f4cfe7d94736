import MotionLab

/// The curve a name or control points ask for, in SwiftUI's or CSS's semantics (`css`), or its
/// inverse, as the `curve` command resolves it; a library error is an argument failure
/// (prefixed `CSS:` under CSS semantics).
private func resolveCurve(name: String?, bezier: [Double]?, css: Bool, inverse: Bool) throws -> CurveSampling {
    if let bezier { _ = try checked { () throws(CurveError) in try UnitCurve.checkedControlPoints(bezier) } }
    do {
        if css {
            let function = try bezier.map { p throws(CurveError) in try CSSTimingFunction(x1: p[0], y1: p[1], x2: p[2], y2: p[3]) }
                ?? CSSTimingFunction(parsing: name ?? "")
            return try CurveSampling(function, inverse: inverse)
        }
        if let p = bezier {
            return CurveSampling(.bezier(startControlPoint: UnitPoint(x: p[0], y: p[1]), endControlPoint: UnitPoint(x: p[2], y: p[3])), inverse: inverse)
        }
        do {
            return CurveSampling(try UnitCurve.named(name ?? ""), inverse: inverse)
        } catch {
            let hint = CSSTimingFunction.keywords.contains { $0.name == name } ? " ('\(name ?? "")' is a CSS keyword: pass css=True)" : ""
            throw ABIFailure.argument("\(error)\(hint)")
        }
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
    _ out: CStringOut, _ error: CStringOut
) -> Int32 {
    guarded(error) {
        guard (name == nil) != (bezier == nil) else {
            throw ABIFailure.argument("give either a curve name (e.g. easeInOut, or ease with css=True) or a bezier x1,y1,x2,y2, not both")
        }
        let curve = try resolveCurve(name: name.map { String(cString: $0) }, bezier: bezier.map { Array(UnsafeBufferPointer(start: $0, count: 4)) },
                                     css: css != 0, inverse: inverse != 0)
        let xs = try finite(doubles(progress, count), "progress")
        for (i, x) in xs.enumerated() {
            values?[i] = curve.value(at: x)
            velocities?[i] = curve.velocity(at: x)
            exactVelocities?[i] = curve.exactVelocity(at: x)
        }
        emit(curve.json, to: out)
    }
}
