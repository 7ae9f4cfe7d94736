/// The display's frame clock: frame k is at time k/fps, computed as that division.
///
/// Transactions happen on frames. A time within 1e-9 s of a frame is that frame; any other time
/// belongs to the next frame.
public struct FrameClock: Sendable, Hashable {
    /// Frames per second: 60, or 120 for ProMotion.
    public let fps: Double

    /// How close to a frame a time must be to count as that frame.
    public static let tolerance = 1e-9

    public init(fps: Double = 60) {
        precondition(fps > 0 && fps.isFinite, "FrameClock: fps must be positive and finite")
        self.fps = fps
    }

    /// The time of frame `k`: k/fps.
    public func time(ofFrame k: Int) -> Double { Double(k) / fps }

    /// The frame of `time`: the first frame at or after it, within ``tolerance``.
    public func frame(at time: Double) -> Int {
        let threshold = time - Self.tolerance
        var k = Swift.max(0, Int((threshold * fps).rounded(.down)) - 1)
        while self.time(ofFrame: k) < threshold { k += 1 }
        while k > 0 && self.time(ofFrame: k - 1) >= threshold { k -= 1 }
        return k
    }

    /// The last frame at or before `time`, within ``tolerance``.
    public func lastFrame(atOrBefore time: Double) -> Int {
        let threshold = time + Self.tolerance
        var k = Int((threshold * fps).rounded(.down)) + 1
        while self.time(ofFrame: k) > threshold { k -= 1 }
        return k
    }
}
