import ArgumentParser
import Foundation
import MotionLab

/// How a video given in place of a recording is tracked: `--region`, `--objects`.
struct VideoOptions: ParsableArguments {
    @Option(name: .customLong("region"), parsing: .unconditionalSingleValue,
            help: "For a video: the part of the frame to search, x,y,w,h in pixels (default: the whole frame).")
    var regions: [String] = []
    @Option(name: .customLong("objects"), parsing: .unconditionalSingleValue,
            help: "For a video: how many moving objects to track, 1…64 (channels ID.x, ID.y, … for several; default 1).")
    var objectCounts: [Int] = []

    // Each option is read once (see `SingleValue`): given twice, a command-line error.
    func validate() throws {
        let objects = try SingleValue.value(of: objectCounts, "--objects") ?? 1
        do { _ = try VideoTracker.checkedObjectCount(objects) } catch { throw ValidationError("--\(error)") }
        if let region = try SingleValue.value(of: regions, "--region") {
            do { _ = try PixelRegion(parsing: region) } catch { throw ValidationError(error.description) }
        }
    }

    /// The tracker of the video at `path` with these options (`validate()` has checked them).
    func tracker(_ path: String) throws -> VideoTracker {
        let area: PixelRegion?
        do { area = try regions.first.map { text throws(CaptureError) in try PixelRegion(parsing: text) } } catch {
            throw ValidationError(error.description)
        }
        return VideoTracker(path: path, region: area, objects: objectCounts.first ?? 1)
    }

    /// Tracks the video at `path`: its motion, with a progress line on stderr while it runs
    /// (when stderr is a terminal, or `showProgress`) and a note of dropped repeats and gaps.
    func track(_ path: String, showProgress: Bool = false) throws -> TrackedMotion {
        let tracker = try tracker(path)
        let line = ProgressLine(enabled: ProgressLine.wanted(showProgress), label: "")
        let motion: TrackedMotion
        do {
            motion = try tracker.track { pass, frames, seconds in
                let again = pass > 1 ? "measuring again (more motion than fits in memory), " : ""
                line.message("tracking \(path): \(again)frame \(frames) (\(DecimalText.significant(seconds, digits: 3)) s)")
            }
        } catch {
            line.finish()
            switch error {
            case .decoderMissing: throw CommandFailure.io(error.description)
            case .undecodable, .invalidOption, .noFrames, .nothingMoves: throw CommandFailure.data(error.description)
            }
        }
        line.finish()
        return motion
    }

    /// The video at `path` tracked, as a recording of channels `x`, `y`, … (or `1.x`, …).
    func recording(_ path: String) throws -> MultiChannelRecording {
        let motion = try track(path)
        for (index, gap) in motion.gaps.enumerated() where gap > 0 {
            let who = motion.objects.count == 1 ? "the object" : "object \(index + 1)"
            Output.warn("\(path): \(who) was not seen whole in \(gap) of \(motion.frames - motion.duplicates) frames (gaps, no samples)")
        }
        return motion.recording
    }
}
