#if canImport(Foundation)
import Foundation
#endif

/// A type whose values an animation or a keyframe track can move (SwiftUI's `Animatable`).
///
/// Animations never see the value itself, only its ``animatableData``: a ``VectorArithmetic``
/// vector read before the motion and written back on every frame. A type with nothing to
/// animate uses ``EmptyAnimatableData`` and gets the accessors for free; a vector type is its
/// own data.
///
/// ```swift
/// struct Wedge: Animatable {
///     var start = Angle.zero, end = Angle.degrees(90)
///     var animatableData: AnimatablePair<Double, Double> {
///         get { AnimatablePair(start.animatableData, end.animatableData) }
///         set { (start.animatableData, end.animatableData) = (newValue.first, newValue.second) }
///     }
/// }
/// ```
public protocol Animatable {
    /// The vector the motion moves.
    associatedtype AnimatableData: VectorArithmetic

    /// The value's data, read and written by animations.
    var animatableData: AnimatableData { get set }
}

extension Animatable where AnimatableData == EmptyAnimatableData {
    /// Nothing to animate: reads as empty, ignores writes.
    @inlinable
    public var animatableData: EmptyAnimatableData {
        get { EmptyAnimatableData() }
        set {}
    }
}

extension Animatable where Self: VectorArithmetic {
    /// A vector is its own data.
    @inlinable
    public var animatableData: Self {
        get { self }
        set { self = newValue }
    }
}

extension Double: Animatable {}
extension Float: Animatable {}
#if canImport(Foundation)
extension CGFloat: Animatable {}
#endif
