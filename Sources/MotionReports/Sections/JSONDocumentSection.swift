import Foundation
import MotionAnimations
import MotionImports
import MotionJSON
import MotionKeyframes

extension ReportSections {
    /// The section of a JSON (or CSS) input: an animation scenario when its top level has
    /// `"transactions"` or `"phaseAnimator"`, a Lottie file, CSS `@keyframes` or Web
    /// Animations keyframes imported as a timeline, the timeline of a keyframe fit's document
    /// (`fit keyframes --json`), else a keyframe timeline.
    ///
    /// - Throws: the document's `PathError`, `ImportError` or `PathError`, naming the path.
    public static func jsonDocument(_ data: Data, name: String) throws -> ReportSection {
        let document = try? JSONValue.parse(data)
        if let document, case .object(let pairs) = document,
           pairs.contains(where: { $0.0 == "transactions" || $0.0 == "phaseAnimator" }) {
            return scenario(try AnimationScenarioDocument.decode(document), name: name)
        }
        if let imported = try MotionImport().importedIfRecognised(data, parsed: document, name: name) {
            return timeline(imported.timeline, name: name)
        }
        if let document, let fitted = try MotionImport.fittedTimeline(in: document, name: name) { return timeline(fitted, name: name) }
        if let document { return timeline(try TimelineDocument.decode(document), name: name) }
        // Text that is not JSON is read again for the syntax error's line and column.
        return timeline(try TimelineDocument.decode(json: data), name: name)
    }
}
