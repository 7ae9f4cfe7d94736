import MotionFitting
import MotionKeyframes
import MotionNumerics

extension MultiChannelKeyframeFit {
    /// SwiftUI code for every track: a `Values` struct of the channels (initial values as
    /// defaults) and a `KeyframeAnimator` with one `KeyframeTrack` per channel. A channel whose
    /// name is not a Swift identifier (`a.x` from a tracker) becomes one (`a_x`), with a comment.
    public var swiftUICode: String {
        let properties = channelNames.map(Self.identifier)
        var lines = ["struct Values {"]
        for (property, (name, fit)) in zip(properties, zip(channelNames, channels)) {
            lines.append("    var \(property): Double = \(DecimalText.significant(fit.initialValue))" + (property == name ? "" : "  // channel '\(name)'"))
        }
        lines += ["}", "", "KeyframeAnimator(initialValue: Values(), trigger: trigger) { content, value in",
                  "    content  // apply value.\(properties[0]) …", "} keyframes: { _ in"]
        for (property, track) in zip(properties, timeline.tracks) {
            lines.append("    KeyframeTrack(\\.\(property)) {")
            for keyframe in track.keyframes {
                switch keyframe {
                case .linear(let k):
                    lines.append("        LinearKeyframe(\(DecimalText.significant(k.to)), duration: \(DecimalText.significant(k.duration)))  // holds until the channel's first sample")
                case .cubic(let k):
                    lines.append("        CubicKeyframe(\(DecimalText.significant(k.to)), duration: \(DecimalText.significant(k.duration)))")
                default:
                    break
                }
            }
            lines.append("    }")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// `name` as a Swift identifier (see `SwiftText.identifier`).
    static func identifier(_ name: String) -> String { SwiftText.identifier(name) }
}
