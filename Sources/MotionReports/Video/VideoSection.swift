import MotionCapture
import MotionIO
import MotionNumerics

extension ReportSections {
    /// A tracked video: a section with a filmstrip of its frames and the tracked boxes, then one
    /// recording section per tracked channel, each playing the recording beside its best fit.
    ///
    /// - Parameters:
    ///   - motion: what the tracker found in the video.
    ///   - path: the video file (its frames are read again for the filmstrip).
    ///   - name: what to call it (usually the file name).
    ///   - channels: the channels to report (`x`, `y`, … or `1.x`, …); `nil` for all.
    ///   - frames: how many frames the filmstrip shows, 1 … 24.
    ///   - thumbnailWidth: the filmstrip images' width in pixels, 16 … 4096.
    ///   - keyframeTolerance: the keyframe fit's max error; default 1 % of each channel's range.
    ///   - progress: called with the fraction of the fits done, non-decreasing and ending at 1.
    /// - Throws: `CaptureError` when a channel is not in the motion, an option is out of range,
    ///   or FFmpeg cannot read the video.
    public static func video(
        _ motion: TrackedMotion, path: String, name: String, channels: [String]? = nil, frames: Int = 6, thumbnailWidth: Int = 160,
        keyframeTolerance: Double? = nil, progress: (@Sendable (Double) -> Void)? = nil
    ) throws(CaptureError) -> [ReportSection] {
        let recording = motion.recording
        var selected = recording.channels
        if let channels {
            let names = selected.map(\.channel)
            if let missing = channels.first(where: { !names.contains($0) }) {
                throw .invalidOption("\(name): the tracked video has no channel '\(missing)'; it has \(names.joined(separator: ", "))")
            }
            selected = channels.compactMap { wanted in selected.first { $0.channel == wanted } }
        }
        let strip = try Filmstrip.of(motion, video: path, count: frames, width: thumbnailWidth)
        var facts = [ReportKeyValue("file", name), ReportKeyValue("frames decoded", Double(motion.frames)),
                     ReportKeyValue("repeated frames dropped", Double(motion.duplicates))]
        for (index, gap) in motion.gaps.enumerated() {
            facts.append(ReportKeyValue(motion.objects.count == 1 ? "frames without the object (gaps)" : "frames without object \(index + 1) (gaps)",
                                        Double(gap)))
        }
        let video = ReportSection(
            kind: "video", heading: "Video: \(name)",
            summary: "\(motion.frames) frames, \(motion.objects.count) tracked object\(motion.objects.count == 1 ? "" : "s")",
            blocks: [.keyValues(facts), .heading("Frames with the tracked box"), .filmstrip(strip)])
        let several = selected.count > 1
        let count = Double(max(selected.count, 1))
        let sections = selected.enumerated().map { index, channel in
            let done = Double(index)
            return recordingSection(channel, name: several ? "\(name) (\(channel.channel))" : name, keyframeTolerance: keyframeTolerance,
                                    progress: progress.map { report in { @Sendable f in report((done + f) / count) } })
        }
        return [video] + sections
    }

    private static func recordingSection(
        _ channel: Recording, name: String, keyframeTolerance: Double?, progress: (@Sendable (Double) -> Void)?
    ) -> ReportSection {
        recording(channel, name: name, keyframeTolerance: keyframeTolerance, progress: progress, player: true)
    }
}
