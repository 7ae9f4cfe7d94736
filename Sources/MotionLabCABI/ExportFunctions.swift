import Foundation
import MotionLab

/// The `export --json` document (`{"format", "text", "maxError", "notes"}`) of one subject: a document
/// (`document`: timeline JSON, a Lottie file, CSS `@keyframes`, Web Animations JSON, a scenario, or what
/// a fit wrote), a spring (`spring`, as `motionlab_spring_describe` takes it, from 0 to `target`), or a
/// timing curve (`curveName` or `bezier`, 4 numbers, over `curveDuration`). NaN for `curveDuration`,
/// `tolerance` and `fps` means the default (0.35 s, each exporter's, 60).
@_cdecl("motionlab_export")
public func motionlab_export(
    _ document: UnsafePointer<CChar>?, _ spring: UnsafePointer<CChar>?, _ curveName: UnsafePointer<CChar>?,
    _ bezier: UnsafePointer<Double>?, _ target: Double, _ initialVelocity: Double, _ epsilon: Double, _ curveDuration: Double,
    _ format: UnsafePointer<CChar>?, _ tolerance: Double, _ fps: Double, _ name: UnsafePointer<CChar>?,
    _ out: CStringOut, _ error: CStringOut
) -> Int32 {
    guarded(error) {
        let formatName = try text(format, "the format")
        guard let exportFormat = ExportFormat(rawValue: formatName) else {
            throw ABIFailure.argument("format must be one of \(ExportFormat.allCases.map(\.rawValue).joined(separator: ", ")); got '\(formatName)'")
        }
        let subjects = [document != nil, spring != nil, curveName != nil || bezier != nil].filter { $0 }.count
        guard subjects == 1 else { throw ABIFailure.argument("give one thing to export: a document, a spring or a curve") }
        let duration: Double? = try curveDuration.isNaN ? nil : checked { () throws(ExportError) in try ExportArguments.curveDuration(curveDuration) }
        let budget: Double? = try tolerance.isNaN ? nil : checked { () throws(ExportError) in try ExportArguments.tolerance(tolerance) }
        let frames: Double = try fps.isNaN ? 60 : checked { () throws(ExportError) in try ExportArguments.fps(fps) }
        let label = try checked { () throws(ExportError) in try ExportArguments.name(name.map { String(cString: $0) } ?? "motion") }
        do {
            let result: MotionExport
            if let document {
                result = try ExportDocument.read(Data(String(cString: document).utf8), name: "document")
                    .export(exportFormat, name: label, fps: frames, tolerance: budget, curveDuration: duration)
            } else if let spring {
                try checked { () throws(PathError) in try SpringRequest.checkMotion(target: target, initialVelocity: initialVelocity, epsilon: epsilon) }
                let resolved = try springRequest(spring, epsilon: epsilon)
                result = try SpringExport(spring: resolved.spring, from: 0, to: target, initialVelocity: initialVelocity,
                                          tolerance: budget, epsilon: epsilon).export(exportFormat, name: label, fps: frames)
            } else {
                let curve = try checked { () throws(ExportError) in
                    try ExportArguments.curve(named: curveName.map { String(cString: $0) }, bezier: bezier.map { Array(UnsafeBufferPointer(start: $0, count: 4)) })
                }
                result = try CurveExport(curve: curve, duration: duration ?? 0.35, tolerance: budget ?? 1e-3)
                    .export(exportFormat, name: label, fps: frames)
            }
            emit(result.json, warnings: result.notes, to: out)
        } catch let failure as ExportError {
            throw ABIFailure.data(failure.message)
        }
    }
}
