#if canImport(Foundation)
import Foundation
#endif

/// A geometric angle (SwiftUI's `Angle`), stored in radians.
///
/// Its ``animatableData`` is the angle in radians times 128, as in SwiftUI: animations that
/// scale or add the data are unaffected, but thresholds on its size (the fluid spring's finish
/// test, a spring keyframe's settling estimate) see a quarter turn as 201.06, not 1.5708.
@frozen
public struct Angle: Sendable, Hashable, Comparable {
    /// The angle in radians.
    public var radians: Double

    /// The angle in degrees.
    @inlinable
    public var degrees: Double {
        get { radians * (180 / .pi) }
        set { radians = newValue * (.pi / 180) }
    }

    /// A zero angle.
    @inlinable
    public init() { radians = 0 }

    /// An angle of `radians`.
    @inlinable
    public init(radians: Double) { self.radians = radians }

    /// An angle of `degrees`.
    @inlinable
    public init(degrees: Double) { radians = degrees * (.pi / 180) }

    /// An angle of `radians`.
    @inlinable
    public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }

    /// An angle of `degrees`.
    @inlinable
    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }

    /// A zero angle.
    @inlinable
    public static var zero: Angle { Angle() }

    @inlinable
    public static func < (lhs: Angle, rhs: Angle) -> Bool { lhs.radians < rhs.radians }

    @inlinable
    public static func + (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians + rhs.radians) }

    @inlinable
    public static func += (lhs: inout Angle, rhs: Angle) { lhs.radians += rhs.radians }

    @inlinable
    public static func - (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians - rhs.radians) }

    @inlinable
    public static func -= (lhs: inout Angle, rhs: Angle) { lhs.radians -= rhs.radians }

    @inlinable
    public static prefix func - (angle: Angle) -> Angle { Angle(radians: -angle.radians) }
}

extension Angle: Animatable {
    /// SwiftUI's unit scale: angles animate as radians × 128.
    @inlinable
    public static var animatableDataScale: Double { 128 }

    /// The angle in radians × 128.
    @inlinable
    public var animatableData: Double {
        get { radians * Angle.animatableDataScale }
        set { radians = newValue / Angle.animatableDataScale }
    }
}
