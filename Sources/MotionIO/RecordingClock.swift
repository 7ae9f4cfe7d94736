import MotionNumerics

/// How a recording's first column becomes time in seconds: a `time`/`t` column in a
/// ``TimeUnit``, or a `frame` column of frame numbers at a frame rate (time = frame / fps).
///
/// The column's name says which: a `frame` column needs ``fps``, and a `time` column must not
/// have one (the reader says so rather than guess).
public struct RecordingClock: Sendable, Hashable {
    /// The unit of a `time` column (seconds by default). A `frame` column takes no unit other
    /// than seconds: its times come from the frame rate.
    public var timeUnit: TimeUnit
    /// The frame rate of a `frame` column, in frames per second, finite and in (0, ``maximumFPS``];
    /// `nil` for a `time` column.
    public var fps: Double?

    /// A clock: the unit of a `time` column, or the frame rate of a `frame` column.
    public init(timeUnit: TimeUnit = .s, fps: Double? = nil) {
        self.timeUnit = timeUnit
        self.fps = fps
    }

    /// Seconds, no frame rate: the plain recording format.
    public static let seconds = RecordingClock()

    /// The highest frame rate accepted (a capture faster than 1000 Hz is not a screen's).
    public static let maximumFPS = 1000.0

    /// Why the frame rate cannot be used (`nil` when it can, or is absent).
    public var fpsProblem: String? {
        guard let fps else { return nil }
        guard fps.isFinite, fps > 0, fps <= Self.maximumFPS else {
            return "the frame rate (--fps) must be a finite number in (0, \(DecimalText.shortest(Self.maximumFPS))] frames per second; got \(DecimalText.shortest(fps))"
        }
        return nil
    }
}
