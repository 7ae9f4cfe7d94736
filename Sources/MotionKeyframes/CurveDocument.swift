import MotionCurves
import MotionJSON

/// A timing curve in timeline JSON: a UnitCurve name or {"bezier": [x1, y1, x2, y2]}.
struct CurveDocument: Decodable {
    var curve: UnitCurve

    init(curve: UnitCurve) { self.curve = curve }

    init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let name = try? single.decode(String.self) {
            do { curve = try UnitCurve.named(name) } catch { throw PathError(decoder.codingPath, "\(error)") }
            return
        }
        guard let object = try? decoder.container(keyedBy: AnyKey.self), object.contains(AnyKey("bezier")) else {
            throw PathError(decoder.codingPath, "must be a curve name or {\"bezier\": [x1, y1, x2, y2]}")
        }
        try object.rejectUnknownKeys(allowed: ["bezier"], in: "a curve")
        let path = decoder.codingPath + [AnyKey("bezier")]
        guard let points = try? object.decode([Double].self, forKey: AnyKey("bezier")), points.count == 4 else {
            throw PathError(path, "must be an array of 4 numbers [x1, y1, x2, y2]")
        }
        for (name, value) in zip(["x1", "y1", "x2", "y2"], points) where !value.isFinite {
            throw PathError(path, "\(name) must be a finite number; got \(value)")
        }
        for (name, value) in [("x1", points[0]), ("x2", points[2])] where !(0...1).contains(value) {
            throw PathError(path, "\(name) must be in [0, 1]; got \(value)")
        }
        curve = .bezier(startControlPoint: UnitPoint(x: points[0], y: points[1]), endControlPoint: UnitPoint(x: points[2], y: points[3]))
    }

    var json: JSONValue {
        if let name = curve.name { return .string(name) }
        if let p = curve.controlPoints {
            return .object([("bezier", .array([p.start.x, p.start.y, p.end.x, p.end.y].map(JSONValue.number)))])
        }
        return .string(curve.description)
    }
}
