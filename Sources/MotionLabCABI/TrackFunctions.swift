import MotionLab

/// The `track --json` document of the video at `path`: `{"frames", "duplicates", "objects": [{"id",
/// "gaps", "channels", "samples"}]}`. `region` is `x,y,w,h` in pixels or null for the whole frame;
/// `objects` is how many moving objects to follow (1…64). Decoding runs the `ffmpeg` command.
@_cdecl("motionlab_track")
public func motionlab_track(
    _ path: UnsafePointer<CChar>?, _ region: UnsafePointer<CChar>?, _ objects: Int32,
    _ out: CStringOut, _ error: CStringOut
) -> Int32 {
    guarded(error) {
        let video = try text(path, "the video's path")
        let count = try checked { () throws(CaptureError) in try VideoTracker.checkedObjectCount(Int(objects)) }
        let area = try checked { () throws(CaptureError) in try region.map { pointer throws(CaptureError) in try PixelRegion(parsing: String(cString: pointer)) } }
        let motion = try computed { try VideoTracker(path: video, region: area, objects: count).track() }
        var warnings: [String] = []
        for (index, gap) in motion.gaps.enumerated() where gap > 0 {
            let who = motion.objects.count == 1 ? "the object" : "object \(index + 1)"
            warnings.append("\(video): \(who) was not seen whole in \(gap) of \(motion.frames - motion.duplicates) frames (gaps, no samples)")
        }
        emit(motion.json, warnings: warnings, to: out)
    }
}
