import MotionFitting

/// A figure of a spring fitted to a recording (`motionlab fit spring`) that a check can bound.
public enum SpringQuantity: String, Sendable, Hashable, CaseIterable {
    case duration, bounce, response, dampingRatio, stiffness, damping, from, to, startTime

    /// The figure of `fit`, as `motionlab fit spring` reports it (SwiftUI's parameters).
    public func value(of fit: SpringFit) -> Double {
        switch self {
        case .duration: fit.spring.duration
        case .bounce: fit.spring.bounce
        case .response: fit.spring.response
        case .dampingRatio: fit.spring.dampingRatio
        case .stiffness: fit.spring.stiffness
        case .damping: fit.spring.damping
        case .from: fit.from
        case .to: fit.to
        case .startTime: fit.startTime
        }
    }
}
