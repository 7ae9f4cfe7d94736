import MotionJSON
import MotionSprings

extension Spring {
    /// The spring's parameters as the JSON documents give them: `duration`, `bounce`,
    /// `mass`, `stiffness` (physical, m·ω0²), `damping`, `dampingRatio`, `response`.
    public var parametersJSON: [(String, JSONValue)] {
        [("duration", .number(duration)), ("bounce", .number(bounce)), ("mass", .number(mass)),
         ("stiffness", .number(physicalStiffness)), ("damping", .number(damping)),
         ("dampingRatio", .number(dampingRatio)), ("response", .number(response))]
    }
}
