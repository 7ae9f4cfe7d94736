import MotionJSON
import MotionSprings

extension Spring {
    /// A spring from a timeline document's spring object (<doc:TimelineJSON>): {"duration", "bounce"},
    /// {"response", "dampingRatio"}, {"mass", "stiffness", "damping"}, {"settlingDuration",
    /// "dampingRatio"} or {"preset"}, with the timeline reader's rules and errors (paths relative
    /// to the object).
    ///
    /// - Parameter value: the spring object.
    public static func decode(timelineJSON value: JSONValue) throws(PathError) -> Spring {
        try SpringDocument.spring(value, at: "")
    }
}
