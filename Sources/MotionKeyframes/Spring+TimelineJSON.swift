#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MotionJSON
import MotionSprings

extension Spring {
    /// A spring from a timeline document's spring object (<doc:TimelineJSON>): {"duration", "bounce"},
    /// {"response", "dampingRatio"}, {"mass", "stiffness", "damping"}, {"settlingDuration",
    /// "dampingRatio"} or {"preset"}, with the timeline reader's rules and errors (paths relative
    /// to the object).
    public static func decode(timelineJSON value: JSONValue) throws(PathError) -> Spring {
        guard case .object = value else { throw PathError(path: "", message: "must be a spring object such as {\"duration\": 0.5, \"bounce\": 0.2}") }
        do {
            return try JSONDecoder().decode(SpringDocument.self, from: Data(value.serialized(pretty: false).utf8)).spring
        } catch {
            throw PathError(decoding: error)
        }
    }
}
