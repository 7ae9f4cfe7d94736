/// A spring as a user names it: one of SwiftUI's parameterizations, a preset, or another
/// platform's vocabulary. ``resolve()`` gives the spring with SwiftUI's clamps and ranges and
/// what a reader should know about it.
public enum SpringSpecification: Sendable, Hashable {
    /// `Spring(duration:bounce:)`.
    case durationBounce(duration: Double, bounce: Double)
    /// `Spring(response:dampingRatio:)`.
    case responseDampingRatio(response: Double, dampingRatio: Double)
    /// `Spring(mass:stiffness:damping:allowOverDamping:)`.
    case massStiffnessDamping(mass: Double, stiffness: Double, damping: Double, allowOverDamping: Bool)
    /// `Spring(settlingDuration:dampingRatio:epsilon:)`.
    case settlingDuration(Double, dampingRatio: Double, epsilon: Double)
    /// `Spring.smooth`, `.snappy`, `.bouncy`, with `(duration:extraBounce:)` when either is given.
    case preset(Spring.Preset, duration: Double?, extraBounce: Double?)
    /// Another platform's vocabulary.
    case platform(SpringPlatform, SpringPlatform.Parameters)

    /// The form's name: `duration-bounce`, `response-dampingRatio`, `mass-stiffness-damping`,
    /// `settlingDuration-dampingRatio`, `preset`, or the platform's form.
    public var parameterization: String {
        switch self {
        case .durationBounce: "duration-bounce"
        case .responseDampingRatio: "response-dampingRatio"
        case .massStiffnessDamping: "mass-stiffness-damping"
        case .settlingDuration: "settlingDuration-dampingRatio"
        case .preset: "preset"
        case .platform(let platform, let parameters): (try? platform.resolve(parameters).form) ?? platform.rawValue
        }
    }

    /// Whether the spring is named in one of SwiftUI's own forms (not another platform's).
    public var isSwiftUI: Bool {
        if case .platform = self { return false }
        return true
    }

    /// The spring, validated, and notes where SwiftUI's clamps or getters would surprise: the
    /// overdamping clamp of `Spring(mass:stiffness:damping:)`, the stiffness getter of an
    /// overdamped spring, a platform's own clamp.
    public func resolve() throws(SpringParameterError) -> (spring: Spring, notes: [String]) {
        var notes: [String] = []
        let spring: Spring
        switch self {
        case .durationBounce(let d, let b):
            spring = try Spring.validated(duration: d, bounce: b)
        case .responseDampingRatio(let r, let z):
            spring = try Spring.validated(response: r, dampingRatio: z)
        case .massStiffnessDamping(let m, let k, let c, let allow):
            spring = try Spring.validated(mass: m, stiffness: k, damping: c, allowOverDamping: allow)
            let physical = try Spring.validated(physicalMass: m, stiffness: k, damping: c)
            if !allow && physical.regime == .overdamped {
                notes.append("SwiftUI's Spring(mass:stiffness:damping:) clamps this overdamped spring (ζ = \(physical.physicalDampingRatio)) to critical damping, so damping becomes \(spring.damping); pass allowOverDamping to keep it")
            }
        case .settlingDuration(let t, let z, let epsilon):
            spring = try Spring.validated(settlingDuration: t, dampingRatio: z, epsilon: epsilon)
        case .preset(let preset, let duration, let extraBounce):
            spring = try Spring.validated(preset: preset, duration: duration ?? 0.5, extraBounce: extraBounce ?? 0)
        case .platform(let platform, let parameters):
            let resolution = try platform.resolve(parameters)
            spring = resolution.spring
            notes = resolution.notes
        }
        if spring.regime == .overdamped {
            notes.append("SwiftUI's stiffness getter reports m(2λ² − ω0²) = \(spring.stiffness) for an overdamped spring; the physical stiffness m·ω0² is \(spring.physicalStiffness)")
        }
        return (spring, notes)
    }
}
