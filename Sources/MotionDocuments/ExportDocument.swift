import Foundation
import MotionAnimations
import MotionCurves
import MotionExports
import MotionImports
import MotionJSON
import MotionKeyframes
import MotionSprings

/// A document `motionlab export` can take: a timeline, a Lottie file, CSS `@keyframes`
/// text or Web Animations JSON (imported), an animation scenario, or what a fit wrote —
/// `fit keyframes --json` (its `timeline`), `fit spring --json` (the spring step) or
/// `fit bezier --json` (the timing curve over its duration).
public enum ExportDocument: Sendable {
    case timeline(TimelineDocument)
    /// An animation scenario, exported through `ScenarioExport`.
    case scenario(AnimationScenarioDocument)
    case spring(Spring, from: Double, to: Double, initialVelocity: Double)
    case curve(UnitCurve, duration: Double, from: Double, to: Double)

    /// Reads `data` — a Lottie file, CSS text or Web Animations JSON is imported first with
    /// `importer` — `name` naming the file in errors.
    public static func read(_ data: Data, name: String, importer: MotionImport = MotionImport()) throws(ExportError) -> ExportDocument {
        // Parsed once: the import's detection and the documents below share it.
        let parsed = Result { () throws(JSONSyntaxError) in try JSONValue.parse(data) }
        let json = try? parsed.get()
        do {
            if let imported = try importer.importedIfRecognised(data, parsed: json, name: name) { return .timeline(imported.timeline) }
        } catch {
            throw ExportError(error.message)
        }
        let document: JSONValue
        do { document = try parsed.get() } catch { throw ExportError("\(name) is not valid JSON: \(error)") }
        if document["transactions"] != nil || document["phaseAnimator"] != nil {
            do { return .scenario(try AnimationScenarioDocument.decode(document)) } catch { throw ExportError("\(name): \(error)") }
        }
        func number(_ key: String) throws(ExportError) -> Double {
            switch document[key] {
            case .number(let x)? where x.isFinite: return x
            case .integer(let i)?: return Double(i)
            default: throw ExportError("\(name): \(key) must be a finite number")
            }
        }
        do {
            if let fitted = try MotionImport.fittedTimeline(in: document, name: name) { return .timeline(fitted) }
        } catch {
            throw ExportError(error.message)
        }
        if case .object? = document["spring"], document["from"] != nil, document["to"] != nil {
            // `fit spring --json`: SwiftUI's duration and bounce of the fitted spring.
            guard case .number(let duration)? = document["spring"]?["duration"], case .number(let bounce)? = document["spring"]?["bounce"] else {
                throw ExportError("\(name): spring needs duration and bounce")
            }
            do {
                return .spring(try Spring.validated(duration: duration, bounce: bounce), from: try number("from"), to: try number("to"),
                               initialVelocity: document["initialVelocity"] == nil ? 0 : try number("initialVelocity"))
            } catch let error as SpringParameterError {
                throw ExportError("\(name): spring.\(error)")
            } catch {
                throw ExportError("\(name): \(error)")
            }
        }
        if case .array(let points)? = document["controlPoints"], document["duration"] != nil {
            // `fit bezier --json`.
            let values = points.compactMap { value -> Double? in if case .number(let x) = value { x } else if case .integer(let i) = value { Double(i) } else { nil } }
            guard values.count == 4, values.allSatisfy(\.isFinite), (0...1).contains(values[0]), (0...1).contains(values[2]) else {
                throw ExportError("\(name): controlPoints must be 4 finite numbers with x1 and x2 in [0, 1]")
            }
            let duration = try number("duration")
            guard duration > 0 else { throw ExportError("\(name): duration must be > 0; got \(duration)") }
            return .curve(.bezier(startControlPoint: UnitPoint(x: values[0], y: values[1]), endControlPoint: UnitPoint(x: values[2], y: values[3])),
                          duration: duration, from: try number("from"), to: try number("to"))
        }
        do { return .timeline(try TimelineDocument.decode(document)) } catch { throw ExportError("\(name): \(error)") }
    }
}
