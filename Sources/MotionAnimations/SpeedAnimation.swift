/// `speed(_:)`: the base animation runs `speed` times as fast, so its durations scale by 1/speed.
public struct SpeedAnimation: CustomAnimationModifier {
    /// The speed factor.
    public let speed: Double

    public init(speed: Double) {
        self.speed = speed
    }

    /// time · speed.
    public func baseTime(_ time: Double) -> Double { time * speed }
}
