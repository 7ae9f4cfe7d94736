import MotionLab

/// The `spring` command's presentation of a ``SpringSummary``: JSON with the contract's keys,
/// and a table for people.
struct SpringReport {
    let resolved: SpringOptions.Resolved
    let summary: SpringSummary

    init(_ resolved: SpringOptions.Resolved) {
        self.resolved = resolved
        self.summary = SpringSummary(spring: resolved.spring, target: resolved.target,
                                     initialVelocity: resolved.initialVelocity, epsilon: resolved.epsilon)
    }

    /// The motion from 0 to the target as a CSS `linear()` easing over its exact settling time
    /// (`motionlab export --format css` writes the same).
    var css: CSSLinearAnimation? { summary.cssLinear }

    var json: JSONValue {
        summary.document(parameterization: resolved.parameterization, swiftUICode: resolved.swiftUICode, notes: resolved.notes)
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
                ("settling (SwiftUI's estimate, ε = \(n(summary.epsilon)))", n(summary.settlingDuration) + " s"),
                ("settling (exact: within ε = \(n(summary.epsilon)) of the target for good)", n(summary.exactSettlingTime) + " s"),
                ("peak", summary.peak.map { "\(n($0.value)) at \(n($0.time)) s" } ?? "none (no overshoot)"),
                ("overshoot", summary.overshootPercent.map { n($0) + " %" } ?? "undefined (target 0)"),
                ("ε-band crossings", summary.bandCrossings.map(String.init) ?? "infinitely many"),
            ]),
            "(ε is absolute, in the value's units. Other definitions give other times: settle measures the last entry into ±2 % of the step; animate shows when SwiftUI removes the animation, at rest and within 1 % of the change.)",
            "",
            "Other platforms (same motion):",
        ]
        for p in summary.platforms {
            lines.append("  \(p.title): " + p.parameters.map { "\($0.name) \(n($0.value))" }.joined(separator: ", "))
            lines.append("    " + p.code)
        }
        if let css {
            lines += ["", "CSS (the same motion, cut at its exact settling time; largest error \(n(css.maxErrorInValueUnits))):",
                      "  transition: \(DecimalText.significant(css.duration, digits: 6))s \(css.easing);"]
        }
        let notes = resolved.notes + summary.platforms.compactMap { p in p.note.map { "\(p.title): \($0)" } }
        if !notes.isEmpty {
            lines.append("")
            lines += notes.map { "Note: " + $0 }
        }
        return lines.joined(separator: "\n")
    }
}
