import MotionCurves
import MotionSprings

/// A keyframe that jumps to a value: duration 0, end velocity 0 (SwiftUI's `MoveKeyframe`).
public struct MoveKeyframe<Value: Animatable>: KeyframeTrackContent {
    public var to: Value
    /// A jump to `to`.
    public init(_ to: Value) { self.to = to }
    public var body: MoveKeyframe { return self }
    public func _appendKeyframes(to list: inout [Keyframe<Value>]) { list.append(.move(self)) }
}

/// A keyframe that interpolates along a timing curve: from + (to − from)·curve(t/d)
/// (SwiftUI's `LinearKeyframe`).
public struct LinearKeyframe<Value: Animatable>: KeyframeTrackContent {
    public var to: Value
    public var duration: Double
    public var timingCurve: UnitCurve
    /// A move to `to` over `duration` seconds along `timingCurve`.
    public init(_ to: Value, duration: Double, timingCurve: UnitCurve = .linear) {
        self.to = to
        self.duration = duration
        self.timingCurve = timingCurve
    }
    public var body: LinearKeyframe { return self }
    public func _appendKeyframes(to list: inout [Keyframe<Value>]) { list.append(.linear(self)) }
}

/// A keyframe that interpolates with a cubic Hermite curve (SwiftUI's `CubicKeyframe`).
///
/// Velocities left `nil` follow SwiftUI's rules: the tangents of consecutive cubic keyframes
/// form a Catmull-Rom spline for unequal durations, and hand over to neighbouring move, linear
/// and spring keyframes (see ``KeyframePath``).
public struct CubicKeyframe<Value: Animatable>: KeyframeTrackContent {
    public var to: Value
    public var duration: Double
    public var startVelocity: Value?
    public var endVelocity: Value?
    /// A move to `to` over `duration` seconds, with the velocities SwiftUI derives where none are given.
    public init(_ to: Value, duration: Double, startVelocity: Value? = nil, endVelocity: Value? = nil) {
        self.to = to
        self.duration = duration
        self.startVelocity = startVelocity
        self.endVelocity = endVelocity
    }
    public var body: CubicKeyframe { return self }
    public func _appendKeyframes(to list: inout [Keyframe<Value>]) { list.append(.cubic(self)) }
}

/// A keyframe that moves with a spring (SwiftUI's `SpringKeyframe`).
///
/// The motion starts with `startVelocity`, else the previous keyframe's end velocity. Without
/// a duration it lasts `spring.settlingDuration(target:initialVelocity:epsilon: 1e-4)`, which for
/// a value of several components is one duration from their Euclidean length. The keyframe ends
/// where the spring is at its duration — short of `to` if cut early — and the next keyframe
/// starts from there.
public struct SpringKeyframe<Value: Animatable>: KeyframeTrackContent {
    public var to: Value
    public var duration: Double?
    public var spring: Spring
    public var startVelocity: Value?
    /// A spring motion to `to`, cut at `duration` when one is given.
    public init(_ to: Value, duration: Double? = nil, spring: Spring = Spring(), startVelocity: Value? = nil) {
        self.to = to
        self.duration = duration
        self.spring = spring
        self.startVelocity = startVelocity
    }
    public var body: SpringKeyframe { return self }
    public func _appendKeyframes(to list: inout [Keyframe<Value>]) { list.append(.spring(self)) }
}

/// Any of the four keyframe kinds, for a value of type `Value`.
public enum Keyframe<Value: Animatable>: KeyframeTrackContent {
    case move(MoveKeyframe<Value>)
    case linear(LinearKeyframe<Value>)
    case cubic(CubicKeyframe<Value>)
    case spring(SpringKeyframe<Value>)

    /// The value the keyframe moves to.
    public var to: Value {
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

    public var body: Keyframe { return self }
    public func _appendKeyframes(to list: inout [Keyframe<Value>]) { list.append(self) }
}

extension MoveKeyframe: Sendable where Value: Sendable {}
extension MoveKeyframe: Equatable where Value: Equatable {}
extension MoveKeyframe: Hashable where Value: Hashable {}
extension LinearKeyframe: Sendable where Value: Sendable {}
extension LinearKeyframe: Equatable where Value: Equatable {}
extension LinearKeyframe: Hashable where Value: Hashable {}
extension CubicKeyframe: Sendable where Value: Sendable {}
extension CubicKeyframe: Equatable where Value: Equatable {}
extension CubicKeyframe: Hashable where Value: Hashable {}
extension SpringKeyframe: Sendable where Value: Sendable {}
extension SpringKeyframe: Equatable where Value: Equatable {}
extension SpringKeyframe: Hashable where Value: Hashable {}
extension Keyframe: Sendable where Value: Sendable {}
extension Keyframe: Equatable where Value: Equatable {}
extension Keyframe: Hashable where Value: Hashable {}
