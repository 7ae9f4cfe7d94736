import MotionJSON
import MotionSprings

extension SpringSummary {
    /// The `spring` document: every parameterization (`mass`, `stiffness` and
    /// `damping` physical), the settling figures (SwiftUI's estimate and the exact time), the
    /// peak, SwiftUI's own getters under `swiftUI`, every platform's equivalent, and notes.
    ///
    /// - Parameters:
    ///   - parameterization: how the user named the spring (`duration-bounce`, `preset`, `android` …).
    ///   - swiftUICode: SwiftUI code for the spring as the user named it.
    ///   - notes: what a reader should know (a clamp, a getter that reports something else).
    public func json(parameterization: String, swiftUICode: String, notes: [String]) -> JSONValue {
        let summary = self
        let s = spring
        return .object([
            ("parameterization", .string(parameterization)),
            ("mass", .number(s.mass)),
            ("stiffness", .number(s.physicalStiffness)),
            ("damping", .number(s.damping)),
            ("duration", .number(s.duration)),
            ("bounce", .number(s.bounce)),
            ("response", .number(s.response)),
            ("dampingRatio", .number(s.dampingRatio)),
            ("naturalFrequency", .number(s.naturalFrequency)),
            ("decayRate", .number(s.decayRate)),
            ("signedFrequency", .number(s.signedFrequency)),
            ("regime", .string(s.regime.rawValue)),
            ("target", .number(summary.target)),
            ("initialVelocity", .number(summary.initialVelocity)),
            ("epsilon", .number(summary.epsilon)),
            ("settlingDuration", .number(summary.settlingDuration)),
            ("exactSettlingTime", .number(summary.exactSettlingTime)),
            ("peakTime", .optional(summary.peak?.time)),
            ("peakValue", .optional(summary.peak?.value)),
            ("overshoot", .optional(summary.overshootPercent)),
            ("bandCrossings", summary.bandCrossings.map(JSONValue.integer) ?? .string("inf")),
            ("swiftUI", .object([
                ("code", .string(swiftUICode)),
                ("mass", .number(s.mass)),
                ("stiffness", .number(s.stiffness)),
                ("damping", .number(s.damping)),
                ("duration", .number(s.duration)),
                ("bounce", .number(s.bounce)),
                ("dampingRatio", .number(s.dampingRatio)),
                ("settlingDuration", .number(summary.settlingDuration)),
            ])),
            ("platforms", .object(summary.platforms.map { platform in
                var pairs: [(String, JSONValue)] = platform.parameters.map { ($0.name, .number($0.value)) }
                pairs.append(("code", .string(platform.code)))
                if let note = platform.note { pairs.append(("note", .string(note))) }
                return (platform.key, .object(pairs))
            })),
            ("notes", .array(notes.map(JSONValue.string))),
        ])
    }
}
