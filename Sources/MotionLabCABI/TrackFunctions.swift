import MotionLab

/// The `track --json` document of the video at `path`: `{"frames", "duplicates", "objects": [{"id",
/// "gaps", "channels", "samples"}]}`. `region` is `x,y,w,h` in pixels or null for the whole frame;
/// `objects` is how many moving objects to follow (1…64). Decoding runs the `ffmpeg` command.
@_cdecl("motionlab_track")
public func motionlab_track(
    _ path: UnsafePointer<CChar>?, _ region: UnsafePointer<CChar>?, _ objects: Int32,
    _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    guarded(error) {
        let video = try text(path, "the video's path")
        guard (1...64).contains(objects) else { throw ABIFailure.argument("objects must be in 1…64; got \(objects)") }
        let area: PixelRegion?
        do {
            area = try region.map { pointer throws(CaptureError) in try PixelRegion(parsing: String(cString: pointer)) }
        } catch {
            throw ABIFailure.argument("\(error)")
        }
        let motion = try computed { try VideoTracker(path: video, region: area, objects: Int(objects)).track() }
        var warnings: [String] = []
        for (index, gap) in motion.gaps.enumerated() where gap > 0 {
            let who = motion.objects.count == 1 ? "the object" : "object \(index + 1)"
            warnings.append("\(video): \(who) was not seen whole in \(gap) of \(motion.frames - motion.duplicates) frames (gaps, no samples)")
        }
        emit(motion.json, warnings: warnings, to: out)
    }
}
