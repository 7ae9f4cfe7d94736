import Foundation
import MotionLab

/// The Lottie importer on arbitrary bytes: a timeline, or a PathError naming a path —
/// never a crash or a hang; and what imports (and lasts > 0 s) exports to Lottie again, and that
/// export imports.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    do {
        let timeline = try LottieImport().timeline(json: bytes)
        let duration = timeline.duration
        guard duration.isFinite, duration > 0, duration < 1e4 else { return 0 }
        _ = timeline.values(time: (0...16).map { Double($0) / 16 * duration })
        let export = try TimelineExport(timeline).lottie(fps: 30)
        precondition(!export.text.contains("nan") && !export.text.contains("inf"), "the export wrote a non-finite number")
        _ = try LottieImport().timeline(json: Array(export.text.utf8))
    } catch let error as PathError {
        precondition(!error.description.isEmpty)
    } catch let error as ExportError {
        precondition(!error.description.isEmpty)
    } catch {
        preconditionFailure("unexpected error \(error)")
    }
    return 0
}
