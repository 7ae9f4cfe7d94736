import MotionFitting
import MotionNumerics

extension BezierFit {
    /// `cubic-bezier(x1, y1, x2, y2)`.
    public var css: String {
        "cubic-bezier(\(controlPoints.map { DecimalText.significant($0, digits: 4) }.joined(separator: ", ")))"
    }

    /// SwiftUI's `.timingCurve(_:_:_:_:duration:)`.
    public var swiftUICode: String {
        ".timingCurve(\(controlPoints.map { DecimalText.significant($0, digits: 4) }.joined(separator: ", ")), duration: \(DecimalText.significant(duration, digits: 4)))"
    }

    /// The fitted curve as a CSS `linear()` easing over the fitted duration.
    public func cssLinear(tolerance: Double) -> CSSLinearAnimation {
        CSSLinearAnimation(easing: CSSLinearEasing(approximating: { curve.y(forX: $0) }, tolerance: tolerance),
                           duration: duration, step: to - from)
    }
}
