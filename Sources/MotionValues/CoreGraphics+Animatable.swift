#if canImport(Foundation)
import Foundation

/// A point animates its coordinates, unscaled.
extension CGPoint: Animatable {
    @inlinable
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(x, y) }
        set { (x, y) = (newValue.first, newValue.second) }
    }
}

/// A size animates its width and height, unscaled.
extension CGSize: Animatable {
    @inlinable
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(width, height) }
        set { (width, height) = (newValue.first, newValue.second) }
    }
}

/// A rectangle animates its origin and size.
extension CGRect: Animatable {
    @inlinable
    public var animatableData: AnimatablePair<CGPoint.AnimatableData, CGSize.AnimatableData> {
        get { AnimatablePair(origin.animatableData, size.animatableData) }
        set { (origin.animatableData, size.animatableData) = (newValue.first, newValue.second) }
    }
}
#endif
