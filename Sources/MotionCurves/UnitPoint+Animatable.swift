#if canImport(Foundation)
import Foundation
#endif
import MotionValues

/// A unit point animates its coordinates × 128, SwiftUI's unit scale for unit-square values.
extension UnitPoint: Animatable {
    /// The coordinates × 128.
    @inlinable
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(CGFloat(x * 128), CGFloat(y * 128)) }
        set { (x, y) = (Double(newValue.first) / 128, Double(newValue.second) / 128) }
    }
}
