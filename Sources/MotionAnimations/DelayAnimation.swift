/// `delay(_:)`: the base animation starts `delay` seconds later, holding its start value meanwhile.
public struct DelayAnimation: CustomAnimationModifier {
    /// The delay in seconds.
    public let delay: Double

    public init(delay: Double) {
        self.delay = delay
    }

    /// max(0, time − delay).
    public func baseTime(_ time: Double) -> Double { Swift.max(0.0, time - delay) }
}
