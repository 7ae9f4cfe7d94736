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
    @inlinable
    public func time(ofFrame k: Int) -> Double { Double(k) / fps }

    /// The time from frame `start` to frame `k`: the whole frames between them over fps, so that
    /// it is the same wherever `start` lies.
    @inlinable
    public func elapsed(fromFrame start: Int, toFrame k: Int) -> Double { Double(k - start) / fps }

    /// The frame of `time`: the first frame at or after it, within ``tolerance``.
    @inlinable
    public func frame(at time: Double) -> Int {
        // A frame time: the nearest frame, when the time is well within the tolerance of it (half
        // of it, so that rounding cannot decide; the search decides everything else). No rounding
        // call and no division: this runs on every update of every animator.
        let x = time * fps
        if x >= 0 && x < 1e15 && fps < 1e8 {
            let nearest = Int(x + 0.5)
            if abs(x - Double(nearest)) <= 0.5 * Self.tolerance * fps { return nearest }
        }
        return frame(searching: time)
    }

    /// ``frame(at:)`` for a time between frames: a search from an estimate.
    @usableFromInline
    func frame(searching time: Double) -> Int {
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
