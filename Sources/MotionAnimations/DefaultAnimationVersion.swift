/// Which `Animation.default` to use: the sources disagree, so the caller chooses.
public enum DefaultAnimationVersion: String, Sendable, Hashable, CaseIterable {
    /// iOS 17 and later per Apple's documentation: a fluid spring, response 0.55, damping fraction 1.
    case ios17
    /// OpenSwiftUI's reading of iOS 17: `.spring`, response 0.5, damping fraction 0.825.
    case legacy
    /// Before iOS 17: `easeInOut`, 0.35 s.
    case pre17

    /// The animation `Animation.default` stands for.
    public var base: Animation {
        switch self {
        case .ios17: Animation(FluidSpringAnimation(response: 0.55, dampingFraction: 1.0, blendDuration: 0))
        case .legacy: Animation(FluidSpringAnimation(response: 0.5, dampingFraction: 0.825, blendDuration: 0))
        case .pre17: .easeInOut(duration: 0.35)
        }
    }
}
