import MotionCurves
import MotionJSON

/// A timing curve in timeline JSON: a UnitCurve name or {"bezier": [x1, y1, x2, y2]}.
enum CurveDocument {
    /// The curve `value` names, with the timeline reader's rules; errors name `path`.
    static func curve(_ value: JSONValue, at path: String) throws(PathError) -> UnitCurve {
        let shape = "a curve name or {\"bezier\": [x1, y1, x2, y2]}"
        if case .string(let name) = value {
            do { return try UnitCurve.named(name) } catch { throw PathError(path: path, message: "\(error)") }
        }
        guard case .object = value else { throw PathError(path: path, message: "must be \(shape); got \(value.kindDescription)") }
        let object = try TimelineObject(value, at: path, describedAs: "a curve", allowed: ["bezier"])
        let at = object.path("bezier")
        guard let bezier = object.members["bezier"] else { throw PathError(path: path, message: "must be \(shape); got an object without \"bezier\"") }
        guard case .array(let items) = bezier, items.count == 4 else {
            let found = if case .array(let items) = bezier { "an array of \(items.count)" } else { bezier.kindDescription }
            throw PathError(path: at, message: "must be an array of 4 numbers [x1, y1, x2, y2]; got \(found)")
        }
        var points: [Double] = []
        for (name, item) in zip(["x1", "y1", "x2", "y2"], items) {
            do {
                points.append(try item.number(at: at, mustBe: "a finite number"))
            } catch {
                throw PathError(path: at, message: "\(name) \(error.message)")
            }
        }
        for (name, x) in [("x1", points[0]), ("x2", points[2])] where !(0...1).contains(x) {
            throw PathError(path: at, message: "\(name) must be in [0, 1]; got \(JSONValue.format(x))")
        }
        return .bezier(startControlPoint: UnitPoint(x: points[0], y: points[1]), endControlPoint: UnitPoint(x: points[2], y: points[3]))
    }

    /// The curve as timeline JSON: its name, or {"bezier": [x1, y1, x2, y2]}.
    static func json(_ curve: UnitCurve) -> JSONValue {
        if let name = curve.name { return .string(name) }
        if let p = curve.controlPoints {
            return .object([("bezier", .array([p.start.x, p.start.y, p.end.x, p.end.y].map(JSONValue.number)))])
        }
        return .string(curve.description)
    }
}
