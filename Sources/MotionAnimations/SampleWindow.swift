/// Which frames of a run to report. The simulation itself always runs from time 0 until every
/// animation has finished, so events outside the window are still reported.
public enum SampleWindow: Sendable, Hashable {
    /// Every frame from the frame of `from` to the last frame at or before `to`.
    case range(from: Double, to: Double)
    /// The frames of the given times, each once, in order.
    case times([Double])

    /// The frames to report, in order.
    func frames(on clock: FrameClock) -> [Int] {
        switch self {
        case let .range(from, to):
            let first = clock.frame(at: from), last = clock.lastFrame(atOrBefore: to)
            return first <= last ? Array(first...last) : []
        case let .times(times):
            return Array(Set(times.map(clock.frame(at:)))).sorted()
        }
    }
}
