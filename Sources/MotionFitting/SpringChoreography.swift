import MotionIO
import MotionSprings

/// The springs of several channels of one recording and how they are staged in time: each
/// channel's start, its offset from the earliest start, and when it settles.
public struct SpringChoreography: Sendable {
    /// One channel's spring and its place in the choreography.
    public struct Entry: Sendable {
        /// The channel's name.
        public var channel: String
        /// The channel's fitted spring.
        public var fit: SpringFit
        /// When the channel's motion starts, on the recording's clock (``SpringFit/startTime``).
        public var startTime: Double { fit.startTime }
        /// The start's delay after the earliest start of any channel (≥ 0).
        public var offset: Double
        /// The exact settling time of the fitted spring measured from its start: the
        /// last time it is ``SpringChoreography/epsilon`` × |to − from| away from its target;
        /// 0 for a channel that does not move, ∞ for a spring that never settles.
        public var settlingDuration: Double
        /// ``startTime`` + ``settlingDuration``: when the channel settles, on the recording's clock.
        public var settleTime: Double { startTime + settlingDuration }
    }

    /// The settling band, as a fraction of each channel's step |to − from|: 2 %, the band of
    /// `settle` (python-control's default) — coarse enough that a UI motion has visibly stopped.
    public static let epsilon = 0.02

    /// The channels fitted, in the order given.
    public var entries: [Entry]
    /// The channels that could not be fitted, with the reason.
    public var failures: [(channel: String, message: String)]

    /// The earliest start of any fitted channel; `nil` when none was fitted.
    public var startTime: Double? { entries.map(\.startTime).min() }
    /// When the last channel settles; `nil` when none was fitted.
    public var settleTime: Double? { entries.map(\.settleTime).max() }

    /// Fits a spring to every channel of `recording`; a channel that cannot be fitted is listed
    /// in ``failures`` and left out of the choreography.
    public init(fitting recording: MultiChannelRecording) {
        var fits: [(String, SpringFit)] = []
        var failures: [(channel: String, message: String)] = []
        for channel in recording.channels {
            do throws(FitError) { fits.append((channel.channel, try SpringFitting.fit(channel))) } catch {
                failures.append((channel.channel, error.message))
            }
        }
        self.init(fits: fits, failures: failures)
    }

    /// The choreography of springs already fitted.
    public init(fits: [(channel: String, fit: SpringFit)], failures: [(channel: String, message: String)] = []) {
        let earliest = fits.map(\.fit.startTime).min() ?? 0
        entries = fits.map { channel, fit in
            Entry(channel: channel, fit: fit, offset: fit.startTime - earliest, settlingDuration: Self.settlingDuration(of: fit))
        }
        self.failures = failures
    }

    /// The exact settling time of a fitted spring from its start, ε = ``epsilon`` of its step,
    /// computed in units of the spring's duration (so any duration a double holds works).
    public static func settlingDuration(of fit: SpringFit) -> Double {
        let step = fit.to - fit.from
        guard step != 0, step.isFinite else { return 0 }
        let duration = fit.spring.duration
        let unit = Spring(duration: 1, bounce: fit.spring.bounce)
        let settle = unit.exactSettlingTime(target: 1, initialVelocity: fit.initialVelocity / step * duration, epsilon: epsilon)
        return settle * duration
    }
}
