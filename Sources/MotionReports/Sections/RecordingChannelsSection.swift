import MotionIO

extension ReportSections {
    /// One recording section per channel (``recording(_:name:keyframeTolerance:progress:player:)``);
    /// a channel's section is named `name (channel)` when the recording has several.
    ///
    /// - Parameters:
    ///   - recording: the recorded channels.
    ///   - name: what to call the recording (usually the file name).
    ///   - keyframeTolerance: each keyframe fit's max error; default 1 % of the channel's value range.
    ///   - progress: called with the fraction done of all the channels' fits, non-decreasing.
    public static func recordingChannels(
        _ recording: MultiChannelRecording, name: String, keyframeTolerance: Double? = nil,
        progress: (@Sendable (Double) -> Void)? = nil
    ) -> [ReportSection] {
        let several = recording.channels.count > 1
        let count = Double(recording.channels.count)
        return recording.channels.enumerated().map { index, channel in
            let done = Double(index)
            return ReportSections.recording(channel, name: several ? "\(name) (\(channel.channel))" : name, keyframeTolerance: keyframeTolerance,
                                            progress: progress.map { report in { @Sendable f in report((done + f) / count) } })
        }
    }
}
