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
    _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    guarded(error) {
        let formatName = try text(format, "the format")
        guard let exportFormat = ExportFormat(rawValue: formatName) else {
            throw ABIFailure.argument("format must be one of \(ExportFormat.allCases.map(\.rawValue).joined(separator: ", ")); got '\(formatName)'")
        }
        let subjects = [document != nil, spring != nil, curveName != nil || bezier != nil].filter { $0 }.count
        guard subjects == 1 else { throw ABIFailure.argument("give one thing to export: a document, a spring or a curve") }
        if !curveDuration.isNaN, !(curveDuration.isFinite && curveDuration > 0) {
            throw ABIFailure.argument("curveDuration must be a finite number > 0 (seconds); got \(curveDuration)")
        }
        if !tolerance.isNaN, !(tolerance.isFinite && tolerance > 0) {
            throw ABIFailure.argument("tolerance must be a finite number > 0; got \(tolerance)")
        }
        if !fps.isNaN, !(fps.isFinite && fps > 0 && fps <= 1000) { throw ABIFailure.argument("fps must be in (0, 1000]; got \(fps)") }
        let label = name.map { String(cString: $0) } ?? "motion"
        guard !label.isEmpty else { throw ABIFailure.argument("name must not be empty") }
        let (frames, budget) = (fps.isNaN ? 60 : fps, tolerance.isNaN ? nil : tolerance)
        let duration: Double? = curveDuration.isNaN ? nil : curveDuration
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
                let curve: UnitCurve
                if let curveName {
                    do { curve = try UnitCurve.named(String(cString: curveName)) } catch { throw ABIFailure.argument("curve: \(error)") }
                } else {
                    let p = Array(UnsafeBufferPointer(start: bezier!, count: 4))
                    guard p.allSatisfy(\.isFinite), abs(p[1]) <= 1e100, abs(p[3]) <= 1e100 else {
                        throw ABIFailure.argument("bezier must be 4 finite numbers x1,y1,x2,y2 with |y| ≤ 1e100; got \(p)")
                    }
                    guard (0...1).contains(p[0]), (0...1).contains(p[2]) else {
                        throw ABIFailure.argument("bezier x1 and x2 must be in [0, 1]; got \(p[0]) and \(p[2])")
                    }
                    curve = .bezier(startControlPoint: UnitPoint(x: p[0], y: p[1]), endControlPoint: UnitPoint(x: p[2], y: p[3]))
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
