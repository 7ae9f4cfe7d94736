import ArgumentParser
import Foundation
import MotionLab

/// `motionlab track VIDEO`: the moving objects of a screen recording as a recording CSV (or
/// JSON). The tracking lives in MotionCapture (`VideoTracker`); this parses, calls and prints.
struct TrackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "track",
        abstract: "Track the moving objects of a screen recording (a video) into a recording CSV.",
        discussion: """
            Decodes the video with FFmpeg (the 'ffmpeg' command must be installed) and finds what moves against \
            the still background. Each frame gives a row: time (the frame's presentation timestamp, exact; a \
            variable frame rate is kept), then the object's centre x, y (sub-pixel, in pixels from the top left), \
            width, height, scale (relative to its size when first seen), opacity (its contrast against the \
            background relative to when first seen) and rotation (degrees clockwise since first seen, when the \
            object has an orientation). Frames repeating the one before are dropped. A frame where the object \
            is not seen, or is cut off by the frame's edge, has no row (a gap), never zeros. With --objects N, \
            one row per object per frame: time,id,x,y,… (read back as channels ID.x, ID.y, …). fit, settle, \
            report, check and import --approximate take a video wherever they take a recording, with the same \
            --region and --objects (in a check manifest, the keys "region" and "objects").
            """
    )

    @Argument(help: "The video (MP4, MOV, MKV, WebM, AVI, GIF, … — whatever FFmpeg reads).")
    var video: String
    @OptionGroup var options: VideoOptions
    @Option(help: "Write the CSV (or JSON) to FILE (atomically) instead of stdout.")
    var out: String?
    @Flag(help: "Write the tracked motion as JSON instead of CSV.")
    var json = false
    @OptionGroup var progressOption: ProgressOption
    private var progress: Bool { progressOption.progress }

    func validate() throws {
        if video == InputFile.standardInput {
            throw ValidationError("track reads a video file: '-' (standard input) cannot be tracked (the video is decoded twice)")
        }
    }

    func run() throws {
        try InputFile.requireReadable(video)
        let motion = try options.track(video, showProgress: progress)
        let text: String
        if json {
            text = motion.json.serialized(pretty: false) + "\n"
        } else {
            text = motion.csv
        }
        if let out {
            do { try ReportWriter.write(RenderedReport(text: text), to: out, inputs: [video]) } catch { throw CommandFailure.io("\(error)") }
        } else {
            print(text, terminator: "")
        }
        var notes = ["\(video): \(Output.plural(motion.frames, "frame"))"]
        if motion.duplicates > 0 { notes.append("\(Output.plural(motion.duplicates, "repeated frame")) dropped") }
        for (index, gap) in motion.gaps.enumerated() where gap > 0 {
            notes.append((motion.objects.count == 1 ? "" : "object \(index + 1) ") + "not seen whole in \(Output.plural(gap, "frame")) (gaps)")
        }
        Output.warn(notes.joined(separator: "; "))
    }
}
