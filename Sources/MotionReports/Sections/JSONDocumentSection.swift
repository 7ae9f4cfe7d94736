import Foundation
import MotionAnimations
import MotionImports
import MotionJSON
import MotionKeyframes

extension ReportSections {
    /// The section of a JSON (or CSS) input: an animation scenario when its top level has
    /// `"transactions"` or `"phaseAnimator"`, a Lottie file, CSS `@keyframes` or Web
    /// Animations keyframes imported as a timeline, else a keyframe timeline.
    ///
    /// - Throws: the document's `PathError`, `ImportError` or `PathError`, naming the path.
    public static func jsonDocument(_ data: Data, name: String) throws -> ReportSection {
        if let document = try? JSONValue.parse(data), case .object(let pairs) = document,
           pairs.contains(where: { $0.0 == "transactions" || $0.0 == "phaseAnimator" }) {
            return scenario(try AnimationScenarioDocument.decode(document), name: name)
        }
        if MotionImport.source(of: data) != nil {
            return timeline(try MotionImport().timeline(data, name: name), name: name)
        }
        return timeline(try TimelineDocument.decode(json: data), name: name)
    }
}
