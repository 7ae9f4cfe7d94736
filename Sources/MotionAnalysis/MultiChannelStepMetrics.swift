import MotionIO

/// The step metrics of every channel of a recording (`settle` takes every channel).
public struct MultiChannelStepMetrics: Sendable {
    /// One channel's metrics, or why it cannot be measured.
    public struct Entry: Sendable {
        public var channel: String
        /// The channel's number of samples.
        public var samples: Int
        public var metrics: Result<StepMetrics, StepAnalysisError>
    }

    /// The channels, in the order given.
    public var entries: [Entry]

    /// Measures every channel of `recording` with the settling band `threshold` (a fraction of
    /// each channel's own step), its times from its own onset or from the first sample (`onset`);
    /// a channel that cannot be measured keeps its error.
    public init(of recording: MultiChannelRecording, threshold: Double = 0.02, onset: StepAnalysis.Onset = .detected) {
        entries = recording.channels.map { channel in
            Entry(channel: channel.channel, samples: channel.count,
                  metrics: Result { () throws(StepAnalysisError) in try StepAnalysis.metrics(of: channel, threshold: threshold, onset: onset) })
        }
    }
}
