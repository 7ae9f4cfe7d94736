import MotionIO
import MotionKeyframes

/// Several channels of a recording fitted together as one multi-track keyframe timeline: one
/// track of cubic keyframes per channel, with shared keyframe times or each channel's own.
public struct MultiChannelKeyframeFit: Sendable {
    /// The timeline's time 0 on the recording's clock: the earliest sample of any channel.
    public var startTime: Double
    /// Each channel's fit, in the order the channels were given (``KeyframeFit/channel`` names
    /// it). With shared times every channel's ``KeyframeFit/startTime`` is ``startTime`` and its
    /// ``KeyframeFit/endTimes`` are ``endTimes``; with independent times a channel's fit starts at
    /// its own first sample.
    public var channels: [KeyframeFit]
    /// The shared keyframe end times on the recording's clock; `nil` with independent times.
    public var endTimes: [Double]?
    /// The quality over every sample of every channel: RMSE over all of them, the largest error
    /// of any channel (its time in ``FitQuality/maxErrorTime``, its channel in
    /// ``maxErrorChannel``), R² of the worst channel, and the total number of samples. The errors
    /// of channels with different units are pooled as they are: compare per channel in
    /// ``channels`` when units differ.
    public var quality: FitQuality
    /// The channel with the largest error.
    public var maxErrorChannel: String
    /// What a reader should know, each prefixed with its channel.
    public var warnings: [String] = []

    /// Whether the keyframe times are shared by every track.
    public var sharedTimes: Bool { endTimes != nil }

    /// The channels' names, in order.
    public var channelNames: [String] { channels.map { $0.channel ?? "value" } }

    /// The timeline that reproduces the fit (time 0 = ``startTime``): `initialValue` an object of
    /// the channels' fitted initial values, one track per channel. A channel fitted on its own
    /// clock that starts after ``startTime`` holds its initial value until its first sample (a
    /// linear keyframe to the same value, which ends at rest, as the first cubic starts).
    public var timeline: TimelineDocument {
        let initial = AnimatableValue.properties(zip(channelNames, channels).map { AnimatableValue.Property($0, $1.initialValue) })
        let tracks = zip(channelNames, channels).map { name, fit in
            var keyframes = fit.keyframes.map(Keyframe<Double>.cubic)
            if fit.startTime > startTime {
                keyframes.insert(.linear(LinearKeyframe(fit.initialValue, duration: fit.startTime - startTime)), at: 0)
            }
            return TimelineDocument.Track(name, keyframes: keyframes)
        }
        return TimelineDocument(initialValue: initial, tracks: tracks)
    }

    public init(startTime: Double, channels: [KeyframeFit], endTimes: [Double]?, warnings: [String] = []) {
        self.startTime = startTime
        self.channels = channels
        self.endTimes = endTimes
        self.warnings = warnings
        var sse = 0.0, count = 0, worst = -1.0, worstTime = startTime, worstChannel = "", r2 = 1.0
        for fit in channels {
            let q = fit.quality
            sse += q.rmse * q.rmse * Double(q.count)
            count += q.count
            r2 = min(r2, q.r2)
            if q.maxError > worst { (worst, worstTime, worstChannel) = (q.maxError, q.maxErrorTime, fit.channel ?? "value") }
        }
        quality = FitQuality(rmse: (sse / Double(max(count, 1))).squareRoot(), maxError: max(worst, 0),
                             maxErrorTime: worstTime, r2: r2, count: count)
        maxErrorChannel = worstChannel
    }
}
