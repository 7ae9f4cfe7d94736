import MotionExports
import MotionNumerics

extension ExportDocument {
    /// The document in `format`: a timeline as it is, a scenario's frames baked into keyframes
    /// (both errors add up in `maxError`), a fitted spring step, or a fitted timing curve over
    /// `curveDuration` (default: its fitted duration). The command line and the C ABI both call this.
    ///
    /// - Parameters:
    ///   - format: the target format.
    ///   - name: the exported rule's or layer's name.
    ///   - fps: frames per second of frame-based formats and of a scenario's run.
    ///   - tolerance: the largest error where the target approximates (`nil`: each exporter's default).
    ///   - curveDuration: a fitted curve's duration in seconds, instead of the fitted one.
    public func export(_ format: ExportFormat, name: String = "motion", fps: Double = 60, tolerance: Double? = nil,
                       curveDuration: Double? = nil) throws(ExportError) -> MotionExport {
        switch self {
        case .timeline(let timeline):
            return try TimelineExport(timeline, tolerance: tolerance).export(format, name: name, fps: fps)
        case .scenario(let document):
            let baked = try ScenarioExport(document, fps: fps, tolerance: tolerance)
            var result = try TimelineExport(baked.timeline, tolerance: tolerance).export(format, name: name, fps: fps)
            result.maxError += baked.maxError
            result.notes = baked.notes + result.notes
            return result
        case let .spring(spring, from, to, initialVelocity):
            return try SpringExport(spring: spring, from: from, to: to, initialVelocity: initialVelocity, tolerance: tolerance)
                .export(format, name: name, fps: fps)
        case let .curve(curve, duration, from, to):
            var result = try CurveExport(curve: curve, duration: curveDuration ?? duration, tolerance: tolerance ?? 1e-3)
                .export(format, name: name, fps: fps)
            result.notes.append("the curve runs from 0 to 1; the fit moved from \(DecimalText.significant(from)) to \(DecimalText.significant(to)) over \(DecimalText.significant(duration)) s")
            return result
        }
    }
}
