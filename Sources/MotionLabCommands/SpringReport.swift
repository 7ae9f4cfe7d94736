import MotionLab

/// The `spring` command's presentation of a ``SpringSummary``: JSON with the keys of SPEC §7,
/// and a table for people.
struct SpringReport {
    let resolved: SpringOptions.Resolved
    let summary: SpringSummary

    init(_ resolved: SpringOptions.Resolved) {
        self.resolved = resolved
        self.summary = SpringSummary(spring: resolved.spring, target: resolved.target,
                                     initialVelocity: resolved.initialVelocity, epsilon: resolved.epsilon)
    }

    var json: JSONValue {
        let s = summary.spring
        return .object([
            ("parameterization", .string(resolved.parameterization)),
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
                ("code", .string(resolved.swiftUICode)),
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
            ("notes", .array(resolved.notes.map(JSONValue.string))),
        ])
    }

    var text: String {
        let s = summary.spring
        let n = { (x: Double) in DecimalText.significant(x) }
        var lines = [
            "Spring (\(resolved.parameterization)): \(s.regime.rawValue)",
            "",
            Output.keyValues([
                ("SwiftUI", resolved.swiftUICode),
                ("duration / response", n(s.duration) + " s"),
                ("bounce", n(s.bounce)),
                ("damping ratio ζ", n(s.dampingRatio)),
                ("mass", n(s.mass)),
                ("stiffness (physical)", n(s.physicalStiffness)),
                ("stiffness (SwiftUI getter)", n(s.stiffness)),
                ("damping", n(s.damping)),
            ]),
            "",
            "Motion from 0 to \(n(summary.target)), initial velocity \(n(summary.initialVelocity)), ε = \(n(summary.epsilon))",
            Output.keyValues([
                ("settling (SwiftUI estimate)", n(summary.settlingDuration) + " s"),
                ("settling (exact)", n(summary.exactSettlingTime) + " s"),
                ("peak", summary.peak.map { "\(n($0.value)) at \(n($0.time)) s" } ?? "none (no overshoot)"),
                ("overshoot", summary.overshootPercent.map { n($0) + " %" } ?? "undefined (target 0)"),
                ("ε-band crossings", summary.bandCrossings.map(String.init) ?? "infinitely many"),
            ]),
            "",
            "Other platforms (same motion):",
        ]
        for p in summary.platforms {
            lines.append("  \(p.title): " + p.parameters.map { "\($0.name) \(n($0.value))" }.joined(separator: ", "))
            lines.append("    " + p.code)
        }
        lines += [
        ]
        let notes = resolved.notes + summary.platforms.compactMap { p in p.note.map { "\(p.title): \($0)" } }
        if !notes.isEmpty {
            lines.append("")
            lines += notes.map { "Note: " + $0 }
        }
        return lines.joined(separator: "\n")
    }
}
