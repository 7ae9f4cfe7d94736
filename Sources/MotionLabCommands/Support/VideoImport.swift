import ArgumentParser
import Foundation
import MotionLab

/// `motionlab import --approximate VIDEO`: the tracked object's position as a keyframe timeline —
/// the video tracked, then its `x` and `y` fitted with the fewest shared cubic keyframes within the
/// tolerance (pixels). A video has no keyframes to read exactly, so it needs --approximate.
enum VideoImport {
    /// The default tolerance in pixels: one pixel, what a screen shows.
    static let defaultTolerance = 1.0

    /// Throws unless `approximate` (a video's motion has no keyframes to read exactly), and when
    /// `video` asks for several objects (the timeline is one object's `x` and `y`).
    static func validate(_ path: String, approximate: Bool, video: VideoOptions) throws {
        guard VideoFile.isVideo(path) else { return }
        guard approximate else {
            throw ValidationError("\(path) is a video: its motion can only be approximated by keyframes fitted to it; add --approximate")
        }
        if let objects = video.objectCounts.first, objects != 1 {
            throw ValidationError("--objects must be 1 for import: the timeline is one object's x and y; got \(objects) "
                                  + "(motionlab track VIDEO --objects \(objects) writes every object's channels)")
        }
    }

    static func run(_ path: String, tolerance: Double?, video: VideoOptions) throws {
        let tracked = try InputFile.channels(path, columns: ["x", "y"], video: video)
        let fit: MultiChannelKeyframeFit
        do {
            fit = try KeyframeFitting.fit(tracked, mode: .tolerance(tolerance ?? defaultTolerance), independentTimes: false)
        } catch {
            throw CommandFailure.data("\(path): \(error)")
        }
        for warning in fit.warnings { Output.warn(warning) }
        Output.warn("\(path): x and y of the tracked object as \(Output.plural(fit.channels.first?.keyframes.count ?? 0, "keyframe")) per track, "
                    + "largest deviation \(DecimalText.significant(fit.quality.maxError)) px (time 0 = \(DecimalText.significant(fit.startTime)) s in the video)")
        Output.json(fit.timeline.json)
    }
}
