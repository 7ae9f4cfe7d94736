import Foundation
import MotionLab

/// The timeline JSON decoder on arbitrary bytes: a timeline that evaluates to finite values at
/// finite times, or a PathError naming a path — never a crash or a hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    do {
        let timeline = try TimelineDocument.decode(json: bytes)
        let duration = timeline.duration
        if duration.isFinite && duration < 1e6 {
            let times = (0...16).map { Double($0) / 16 * duration } + [-1, duration + 1]
            _ = timeline.values(time: times)
            _ = ContinuityReport(timeline)
        }
        // Writing it back and reading again gives a timeline too.
        _ = try? TimelineDocument.decode(json: Data(timeline.json.serialized().utf8))
    } catch {
        precondition(!error.description.isEmpty)
    }
    return 0
}
