import Foundation
import MotionIO

extension KeyframeFitting {
    /// How the keyframes of a fit are chosen.
    public enum Mode: Sendable, Hashable {
        /// Keyframes ending at these times on the recording's clock.
        case endTimes([Double])
        /// This many evenly spaced keyframes.
        case count(Int)
        /// The fewest keyframes whose max error is at most this.
        case tolerance(Double)
    }

    /// Recording files larger than this many bytes are fitted in passes over the file, holding
    /// O(keyframes) numbers instead of the samples (fixed-time fits: ``Mode/endTimes(_:)`` and
    /// ``Mode/count(_:)``).
    public static let streamingThreshold = 64 << 20

    /// The most samples held in memory: for fixed-time fits of files below the streaming
    /// threshold, and for ``Mode/tolerance(_:)`` fits, whose time refinement needs them all.
    public static func sampleLimit(for mode: Mode) -> Int {
        if case .tolerance = mode { return 1_000_000 }
        return 20_000_000
    }

    /// A keyframe fit of the recording file at `path` (its times in `timeUnit`), streamed when the
    /// file is larger than ``streamingThreshold`` and the mode allows it, else read into memory.
    ///
    /// - Returns: the fit, the number of samples and the channel fitted.
    /// - Throws: `RecordingError` when the file cannot be read or holds bad rows; ``FitError``
    ///   when the fit cannot be made.
    public static func fit(
        path: String, column: String? = nil, timeUnit: TimeUnit = .s, mode: Mode
    ) throws -> (fit: KeyframeFit, samples: Int, channel: String) {
        let result = try fit(path: path, column: column, clock: RecordingClock(timeUnit: timeUnit), mode: mode)
        return (result.fit, result.samples, result.channel)
    }

    /// A keyframe fit of the recording file at `path`, its first column read by `clock` (a time
    /// column's unit or a frame column's rate) and its fields split by `dialect`, streamed when the file is larger than
    /// ``streamingThreshold`` and the mode allows it, else read into memory.
    ///
    /// - Returns: the fit, the number of samples, the channel fitted and every channel of the
    ///   file (only the one fitted when the file was streamed).
    /// - Throws: `RecordingError` when the file cannot be read or holds bad rows; ``FitError``
    ///   when the fit cannot be made.
    ///
    /// `progress` gets the fraction done of a ``Mode/tolerance(_:)`` search (see
    /// ``fit(_:tolerance:maxKeyframes:progress:)``); the other modes are single passes.
    public static func fit(
        path: String, column: String? = nil, clock: RecordingClock, dialect: RecordingDialect = .automatic, mode: Mode,
        progress: ((Double) -> Void)? = nil
    ) throws -> (fit: KeyframeFit, samples: Int, channel: String, channels: [String]) {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        switch mode {
        case .endTimes(let times) where size > streamingThreshold:
            let fit = try fitStreaming(path: path, column: column, clock: clock, dialect: dialect, endTimes: times)
            let channel = fit.channel ?? column ?? "value"
            return (fit, fit.quality.count, channel, [channel])
        case .count(let count) where size > streamingThreshold:
            let fit = try fitStreaming(path: path, column: column, clock: clock, dialect: dialect, keyframeCount: count)
            let channel = fit.channel ?? column ?? "value"
            return (fit, fit.quality.count, channel, [channel])
        default:
            let recording = try RecordingReader.read(path: path, column: column, clock: clock, dialect: dialect,
                                                 maximumSamples: sampleLimit(for: mode))
            return (try fit(recording, mode: mode, progress: progress), recording.count, recording.channel, recording.channels)
        }
    }

    /// A keyframe fit of a recording in memory, keyframes chosen by `mode`; `progress` gets the
    /// fraction done of a ``Mode/tolerance(_:)`` search.
    ///
    /// The samples are checked first (counts that match, finite numbers, strictly increasing
    /// times): a recording built in memory has not been through the reader's checks.
    public static func fit(_ recording: Recording, mode: Mode, progress: ((Double) -> Void)? = nil) throws(FitError) -> KeyframeFit {
        if let (_, message) = recording.sampleProblem(minimumCount: 2, purpose: "a keyframe fit") {
            throw FitError(message)
        }
        switch mode {
        case .endTimes(let times): return try fit(recording, endTimes: times)
        case .count(let count): return try fit(recording, keyframeCount: count)
        case .tolerance(let tolerance): return try fit(recording, tolerance: tolerance, progress: progress)
        }
    }
}
