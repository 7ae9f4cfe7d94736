import MotionCurves
import MotionSprings

/// A keyframe that jumps to a value: duration 0, end velocity 0 (SwiftUI's `MoveKeyframe`).
public struct MoveKeyframe: Sendable, Hashable {
    public var to: Double
    public init(_ to: Double) { self.to = to }
}

/// A keyframe that interpolates along a timing curve: from + (to − from)·curve(t/d)
/// (SwiftUI's `LinearKeyframe`).
public struct LinearKeyframe: Sendable, Hashable {
    public var to: Double
    public var duration: Double
    public var timingCurve: UnitCurve
    public init(_ to: Double, duration: Double, timingCurve: UnitCurve = .linear) {
        self.to = to
        self.duration = duration
        self.timingCurve = timingCurve
    }
}

/// A keyframe that interpolates with a cubic Hermite curve (SwiftUI's `CubicKeyframe`).
///
/// Velocities left `nil` follow SwiftUI's rules: the tangents of consecutive cubic keyframes
/// form a Catmull-Rom spline for unequal durations, and hand over to neighbouring move, linear
/// and spring keyframes (see ``KeyframeTrack``).
public struct CubicKeyframe: Sendable, Hashable {
    public var to: Double
    public var duration: Double
    public var startVelocity: Double?
    public var endVelocity: Double?
    public init(_ to: Double, duration: Double, startVelocity: Double? = nil, endVelocity: Double? = nil) {
        self.to = to
        self.duration = duration
        self.startVelocity = startVelocity
        self.endVelocity = endVelocity
    }
}

/// A keyframe that moves with a spring (SwiftUI's `SpringKeyframe`).
///
/// The motion starts with `startVelocity`, else the previous keyframe's end velocity. Without
/// a duration it lasts `spring.settlingDuration(target:initialVelocity:epsilon: 1e-4)`. The
/// keyframe ends where the spring is at its duration — short of `to` if cut early — and the
/// next keyframe starts from there.
public struct SpringKeyframe: Sendable, Hashable {
    public var to: Double
    public var duration: Double?
    public var spring: Spring
    public var startVelocity: Double?
    public init(_ to: Double, duration: Double? = nil, spring: Spring = Spring(), startVelocity: Double? = nil) {
        self.to = to
        self.duration = duration
        self.spring = spring
        self.startVelocity = startVelocity
    }
}

/// Any of the four keyframe kinds.
public enum Keyframe: Sendable, Hashable {
    case move(MoveKeyframe)
    case linear(LinearKeyframe)
    case cubic(CubicKeyframe)
    case spring(SpringKeyframe)

    /// The value the keyframe moves to.
    public var to: Double {
        switch self {
        case .move(let k): k.to
        case .linear(let k): k.to
        case .cubic(let k): k.to
        case .spring(let k): k.to
        }
    }

    /// The kind's name as the timeline JSON spells it.
    public var kind: String {
        switch self {
        case .move: "move"
        case .linear: "linear"
        case .cubic: "cubic"
        case .spring: "spring"
        }
    }
}

/// Types that can appear in a keyframe track builder.
public protocol KeyframeTrackContent: Sendable {
    var keyframes: [Keyframe] { get }
}

extension MoveKeyframe: KeyframeTrackContent { public var keyframes: [Keyframe] { [.move(self)] } }
extension LinearKeyframe: KeyframeTrackContent { public var keyframes: [Keyframe] { [.linear(self)] } }
extension CubicKeyframe: KeyframeTrackContent { public var keyframes: [Keyframe] { [.cubic(self)] } }
extension SpringKeyframe: KeyframeTrackContent { public var keyframes: [Keyframe] { [.spring(self)] } }
extension Keyframe: KeyframeTrackContent { public var keyframes: [Keyframe] { [self] } }

/// Builds a track's keyframes from a closure, as SwiftUI's `KeyframeTrackContentBuilder` does.
@resultBuilder
public enum KeyframeTrackContentBuilder {
    public static func buildExpression(_ content: some KeyframeTrackContent) -> [Keyframe] { content.keyframes }
    public static func buildExpression(_ keyframes: [Keyframe]) -> [Keyframe] { keyframes }
    public static func buildBlock(_ parts: [Keyframe]...) -> [Keyframe] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [Keyframe]?) -> [Keyframe] { part ?? [] }
    public static func buildEither(first: [Keyframe]) -> [Keyframe] { first }
    public static func buildEither(second: [Keyframe]) -> [Keyframe] { second }
    public static func buildArray(_ parts: [[Keyframe]]) -> [Keyframe] { parts.flatMap { $0 } }
}

/// Builds a timeline's tracks from a closure, as SwiftUI's `KeyframesBuilder` does.
@resultBuilder
public enum KeyframesBuilder {
    public static func buildExpression(_ track: KeyframeTrack) -> [KeyframeTrack] { [track] }
    public static func buildBlock(_ parts: [KeyframeTrack]...) -> [KeyframeTrack] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [KeyframeTrack]?) -> [KeyframeTrack] { part ?? [] }
    public static func buildEither(first: [KeyframeTrack]) -> [KeyframeTrack] { first }
    public static func buildEither(second: [KeyframeTrack]) -> [KeyframeTrack] { second }
    public static func buildArray(_ parts: [[KeyframeTrack]]) -> [KeyframeTrack] { parts.flatMap { $0 } }
}
