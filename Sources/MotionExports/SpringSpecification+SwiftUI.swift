import MotionNumerics
import MotionSprings

extension SpringSpecification {
    /// SwiftUI code for the spring: the user's own form where SwiftUI has it, else
    /// `Spring(duration:bounce:)` of the resolved spring (`spring`).
    public func swiftUICode(resolved spring: Spring) -> String {
        let n = DecimalText.shortest
        switch self {
        case .durationBounce(let d, let b):
            return "Spring(duration: \(n(d)), bounce: \(n(b)))"
        case .responseDampingRatio(let r, let z):
            return "Spring(response: \(n(r)), dampingRatio: \(n(z)))"
        case .massStiffnessDamping(let m, let k, let c, let allow):
            return "Spring(mass: \(n(m)), stiffness: \(n(k)), damping: \(n(c))\(allow ? ", allowOverDamping: true" : ""))"
        case .settlingDuration(let t, let z, let epsilon):
            return "Spring(settlingDuration: \(n(t)), dampingRatio: \(n(z)), epsilon: \(n(epsilon)))"
        case .preset(let preset, nil, nil):
            return "Spring.\(preset.rawValue)"
        case .preset(let preset, let duration, let extraBounce):
            return "Spring.\(preset.rawValue)(duration: \(n(duration ?? 0.5)), extraBounce: \(n(extraBounce ?? 0)))"
        case .platform:
            return "Spring(duration: \(n(spring.duration)), bounce: \(n(spring.bounce)))"
        }
    }
}
