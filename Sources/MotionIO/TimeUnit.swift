import MotionNumerics

/// The unit of a recording's time column.
public enum TimeUnit: String, CaseIterable, Sendable {
    /// Seconds (the default of the recording format).
    case s
    /// Milliseconds, as many capture tools write them.
    case ms

    /// Seconds per unit.
    public var seconds: Double { self == .s ? 1 : 0.001 }
}

extension Recording {
    /// The recording with its times converted from `unit` to seconds.
    public func converted(from unit: TimeUnit) -> Recording {
        guard unit != .s else { return self }
        return Recording(times: times.map { $0 * unit.seconds }, values: values, channel: channel, channels: channels)
    }

    /// A warning when the times, read as seconds, are implausible for user-interface motion and
    /// look like milliseconds: a span over 20 s with a median frame of at least 1 (a motion of
    /// a few seconds sampled at 60 Hz, written in ms, spans hundreds with frames of ~16.7).
    public var timeScaleWarning: String? {
        guard times.count >= 3, let first = times.first, let last = times.last, last - first > 20 else { return nil }
        var steps = zip(times.dropFirst(), times).map { $0 - $1 }
        steps.sort()
        let median = steps[steps.count / 2]
        guard median >= 1 else { return nil }
        return "the recording spans \(DecimalText.significant(last - first, digits: 4)) s with frames of \(DecimalText.significant(median, digits: 4)) s: if its times are milliseconds, give --time-unit ms"
    }
}
