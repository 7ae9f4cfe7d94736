import Foundation
import MotionLab

/// A timeline from its JSON text (timeline JSON, or a Lottie, CSS `@keyframes` or Web Animations
/// document), read as `keyframes eval` reads a file.
func timeline(_ pointer: UnsafePointer<CChar>?) throws -> TimelineDocument {
    let source = try text(pointer, "the timeline")
    do {
        return try MotionImport().anyTimeline(Data(source.utf8), name: "timeline")
    } catch {
        throw ABIFailure.data(error.message)
    }
}

/// A timeline's duration and the names of its value's components: `{"duration", "properties", "components"}`,
/// `properties` empty for a scalar timeline.
@_cdecl("motionlab_timeline_info")
public func motionlab_timeline_info(
    _ document: UnsafePointer<CChar>?,
    _ out: CStringOut, _ error: CStringOut
) -> Int32 {
    guarded(error) {
        let t = try timeline(document)
        emit(.object([("duration", .number(t.duration)),
                      ("properties", .array(t.initialValue.propertyNames.map(JSONValue.string))),
                      ("components", .integer(t.initialValue.components.count))]), to: out)
    }
}

/// The timeline's values at `count` times, written row by row to `values` (`count` × `components`,
/// `components` the number of its value's components: 1 for a scalar timeline).
@_cdecl("motionlab_timeline_eval")
public func motionlab_timeline_eval(
    _ document: UnsafePointer<CChar>?, _ times: UnsafePointer<Double>?, _ count: Int, _ components: Int,
    _ values: UnsafeMutablePointer<Double>?, _ error: CStringOut
) -> Int32 {
    guarded(error) {
        let t = try timeline(document)
        let width = t.initialValue.components.count
        guard components == width else {
            throw ABIFailure.argument("the timeline's value has \(width) components; the output has room for \(components)")
        }
        let sampleTimes = try finite(doubles(times, count), "times")
        guard count == 0 || values != nil else { throw ABIFailure.argument("values must not be a null pointer") }
        for (row, value) in t.values(time: sampleTimes).enumerated() {
            for (column, x) in value.components.enumerated() where column < width { values![row * width + column] = x }
        }
    }
}

/// The `keyframes verify` document: continuity at every junction, jumps below `tolerance` (relative)
/// counting as none.
@_cdecl("motionlab_timeline_verify")
public func motionlab_timeline_verify(
    _ document: UnsafePointer<CChar>?, _ tolerance: Double,
    _ out: CStringOut, _ error: CStringOut
) -> Int32 {
    guarded(error) {
        guard tolerance.isFinite, tolerance >= 0 else {
            throw ABIFailure.argument("tolerance must be a finite number ≥ 0; got \(tolerance)")
        }
        let t = try timeline(document)
        emit(ContinuityReport(t, relativeTolerance: tolerance).json(duration: t.duration), to: out)
    }
}
