import Foundation
import MotionLab

/// The CSS @keyframes and Web Animations importers on arbitrary bytes: a timeline or an
/// ImportError naming what is wrong — never a crash or a hang; and what imports exports again
/// (CSS and Web Animations) and imports once more.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let text = String(decoding: bytes, as: UTF8.self)
    var timelines: [TimelineDocument] = []
    do { timelines.append(try CSSKeyframesImport.timeline(text, options: KeyframesImportOptions(duration: bytes.first.map { $0 % 2 == 0 ? 1 : nil } ?? nil))) } catch {
        precondition(!error.description.isEmpty)
    }
    do { timelines.append(try WebAnimationsImport.timeline(json: bytes, options: KeyframesImportOptions(duration: 1))) } catch {
        precondition(!error.description.isEmpty)
    }
    for timeline in timelines where timeline.duration.isFinite && timeline.duration > 0 && timeline.duration < 1e6 {
        let values = timeline.values(time: (0...8).map { Double($0) / 8 * timeline.duration })
        _ = values
        guard let export = try? TimelineExport(timeline) else { continue }
        let css = export.css().text, waapi = export.webAnimations().text
        precondition(!css.contains("nan") && !waapi.contains("nan"), "an export wrote NaN")
        _ = try? CSSKeyframesImport.timeline(css)
        _ = try? WebAnimationsImport.timeline(json: Array(waapi.utf8))
    }
    return 0
}
