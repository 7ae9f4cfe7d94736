import ArgumentParser
import MotionLab

/// A timing curve by control points (`--bezier`) or by name, with SwiftUI's or CSS's semantics
/// (`--css`): what `curve` and `report` take.
struct CurveOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "A cubic bezier timing curve by its control points x1,y1,x2,y2.")
    var bezier: String?
    @Flag(help: "CSS semantics: CSS keywords, x control points must lie in [0, 1], extrapolation outside [0, 1].")
    var css = false

    /// A curve in the semantics it was asked for.
    enum Curve {
        case css(CSSTimingFunction)
        case swiftUI(UnitCurve)
    }

    /// The curve of the control points `bezier`, else of `name`: CSS's with `--css`, else SwiftUI's
    /// — except a CSS keyword that names no SwiftUI curve, which is CSS's when `keywordsAreCSS`.
    /// A library error becomes a usage error (prefixed `CSS:` under CSS semantics).
    func curve(named name: String?, bezier: String?, keywordsAreCSS: Bool) throws -> Curve {
        do {
            if let bezier {
                let p = try Input.controlPoints(bezier)
                return css ? .css(try CSSTimingFunction(x1: p[0], y1: p[1], x2: p[2], y2: p[3]))
                    : .swiftUI(.bezier(startControlPoint: UnitPoint(x: p[0], y: p[1]), endControlPoint: UnitPoint(x: p[2], y: p[3])))
            }
            let name = name ?? ""
            if css { return .css(try CSSTimingFunction(parsing: name)) }
            if keywordsAreCSS, CSSTimingFunction.keywords.contains(where: { $0.name == name.lowercased() }),
               !UnitCurve.namedCurves.contains(where: { $0.name == name }) {
                // A CSS keyword without --css: CSS is the only reading that makes sense.
                return .css(try CSSTimingFunction(parsing: name))
            }
            do {
                return .swiftUI(try UnitCurve.named(name))
            } catch {
                let hint = CSSTimingFunction.keywords.contains { $0.name == name } ? " ('\(name)' is a CSS keyword: add --css)" : ""
                throw ValidationError("\(error)\(hint)")
            }
        } catch let error as CurveError {
            throw ValidationError(css ? "CSS: \(error)" : "\(error)")
        }
    }
}
