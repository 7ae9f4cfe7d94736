extension Animation {
    /// SwiftUI's default animation as of iOS 17 per Apple's documentation: a fluid spring,
    /// response 0.55, damping fraction 1.
    public static var `default`: Animation { .default(.ios17) }

    /// The default animation of `version`: the documented iOS 17 spring, OpenSwiftUI's
    /// (0.5, 0.825) spring, or the pre-iOS 17 easeInOut.
    public static func `default`(_ version: DefaultAnimationVersion) -> Animation {
        Animation(DefaultAnimation(version: version))
    }
}
