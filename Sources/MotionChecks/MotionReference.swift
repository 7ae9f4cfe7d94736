import MotionAnimations
import MotionCurves
import MotionKeyframes
import MotionNumerics
import MotionSprings

/// What a recording must follow in a `matches` expectation: a timeline, a scenario, a spring step
/// or a timing-curve step.
///
/// Times: a timeline's and a scenario's time 0 is the recording's first sample (as `fit
/// keyframes` writes timelines); a spring's and a curve's `startTime` is on the recording's clock
/// (as `fit spring` and `fit bezier` report it), the first sample's time when absent.
public enum MotionReference: Sendable {
    /// A keyframe timeline, read from `path`.
    case timeline(TimelineDocument, path: String)
    /// A scenario, read from `path`: its presented value, run on a frame clock at the
    /// recording's frame rate and interpolated linearly between frames.
    case scenario(AnimationScenarioDocument, path: String)
    /// A spring step from `from` to `to`, at rest at `startTime`.
    case spring(Spring, from: Double, to: Double, startTime: Double?)
    /// A timing-curve step from `from` to `to` over `duration` seconds from `startTime`.
    case curve(CubicBezier, from: Double, to: Double, startTime: Double?, duration: Double)

    /// A short description for messages: `timeline specs/sheet.json`, `.spring(duration: 0.5, bounce: 0.2)`.
    public var summary: String {
        switch self {
        case .timeline(_, let path): "timeline \(path)"
        case .scenario(_, let path): "scenario \(path)"
        case let .spring(spring, from, to, _):
            "spring (duration \(DecimalText.shortest(spring.duration)) s, bounce \(DecimalText.shortest(spring.bounce))) from \(DecimalText.shortest(from)) to \(DecimalText.shortest(to))"
        case let .curve(curve, from, to, _, duration):
            "\(curve) from \(DecimalText.shortest(from)) to \(DecimalText.shortest(to)) over \(DecimalText.shortest(duration)) s"
        }
    }
}
