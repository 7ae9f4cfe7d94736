import Foundation
@testable import MotionCapture
import Testing

/// FFmpeg dropping repeated frames before the pipe must hand on exactly the frames that decoding
/// every frame does: the same times and pixels, the dropped ones exactly the repeats.
@Suite("Repeats dropped in FFmpeg: the same frames as without")
struct RepeatDroppingTests {
    private struct Frame: Equatable {
        var time: Double, width: Int, height: Int, pixels: [UInt8], dropped: Bool
    }

    private static func frames(_ path: String, dropping: Bool) throws -> [Frame] {
        var decoder = VideoDecoder(path: path)
        decoder.dropsRepeats = dropping
        var frames: [Frame] = []
        try decoder.forEachFrame { frame in
            frames.append(Frame(time: frame.time, width: frame.width, height: frame.height, pixels: frame.pixels,
                                dropped: frame.repeatsPrevious))
        }
        return frames
    }

    /// The indices of frames identical to the one before, byte for byte.
    private static func repeats(_ frames: [Frame]) -> [Int] {
        frames.indices.dropFirst().filter { frames[$0].pixels == frames[$0 - 1].pixels }
    }

    /// Compares the two decodings; returns the indices of the frames FFmpeg dropped.
    private static func compare(_ path: String) throws -> (dropped: [Int], repeats: [Int]) {
        let all = try frames(path, dropping: false), dropping = try frames(path, dropping: true)
        #expect(all.allSatisfy { !$0.dropped })
        #expect(all.count == dropping.count)
        for (a, b) in zip(all, dropping) {
            #expect(a.time == b.time && a.width == b.width && a.height == b.height)
            #expect(a.pixels == b.pixels, "frame at \(a.time) s")
        }
        return (dropping.indices.filter { dropping[$0].dropped }, repeats(all))
    }

    /// A lossless 70×50 video (so repeats decode identical) whose frames differ only in one
    /// or two pixels at the frame's edges (which `mpdecimate`'s 8×8 blocks would skip): the first
    /// column, the last column, the last row; each change held for two frames, then undone.
    @Test("Changes only at the frame's edges are kept; exactly the repeats are dropped")
    func edges() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("motioncapture-edges-\(UUID().uuidString).mkv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let boxes = [(0, 20, 3), (69, 20, 7), (30, 49, 11), (7, 0, 14)].map { x, y, n in
            "drawbox=x=\(x):y=\(y):w=1:h=\(y == 49 ? 1 : 2):color=white:t=fill:enable='between(n,\(n),\(n + 1))'"
        }
        try TrackingData.ffmpeg(["-f", "lavfi", "-i", "color=c=0x808080:s=70x50:r=10:d=2", "-vf", boxes.joined(separator: ","),
                         "-c:v", "ffv1", "-pix_fmt", "yuv420p", path])
        let (dropped, repeats) = try Self.compare(path)
        // Frames 3, 5, 7, 9, 11, 13, 14 and 16 change; the rest repeat the frame before.
        #expect(repeats == [1, 2, 4, 6, 8, 10, 12, 15, 17, 18, 19])
        #expect(dropped == repeats)
    }

    @Test("Gray and odd-sized frames: the same frames, the repeats dropped",
          arguments: [("gray", "71x51"), ("yuv444p", "71x51")])
    func otherFormats(format: String, size: String) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("motioncapture-\(format)-\(UUID().uuidString).mkv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try TrackingData.ffmpeg(["-f", "lavfi", "-i", "testsrc=s=\(size):r=10:d=1", "-vf", "tpad=stop=3:stop_mode=clone",
                         "-c:v", "ffv1", "-pix_fmt", format, path])
        let (dropped, repeats) = try Self.compare(path)
        #expect(repeats == [10, 11, 12])
        #expect(dropped == repeats)
    }

    @Test("The sample recordings: the same frames, exactly the repeats dropped",
          arguments: ["tracking/spring_box.mp4", "tracking/still.mp4", "tracking/two_boxes.mp4", "tracking/leaves_frame.mp4",
                      "tracking/rotating_bar.mp4", "tracking/scale_fade.mp4", "video/vfr-irregular.mp4",
                      "video/css-spring-translate.mp4", "video/lottie-position.mp4", "video/waapi-opacity-scale.mp4"])
    func samples(name: String) throws {
        let path = TrackingData.directory.deletingLastPathComponent().appendingPathComponent(name).path
        let (dropped, repeats) = try Self.compare(path)
        #expect(dropped == repeats)
    }

    /// FFmpeg's log when repeats are dropped: every frame's line, `freezedetect`'s lines after a
    /// frame that differs from the last one let through, and the output's lines (in microseconds),
    /// where the first frame comes out only with the next frame that differs.
    @Test("The log: a frame is kept when freezedetect's freeze_end line follows its own")
    func log() throws {
        let lines = ["[Parsed_showinfo_0 @ 0x1] config in time_base: 1/1000, frame_rate: 10/1",
                     "[Parsed_showinfo_8 @ 0x2] config in time_base: 1/1000000, frame_rate: 1/0",
                     "[Parsed_showinfo_0 @ 0x1] n:   0 pts:      0 pts_time:0 pos: 5 fmt:yuv420p sar:1/1 s:64x48 i:P iskey:1",
                     "[Parsed_showinfo_0 @ 0x1] color_range:tv color_space:bt709",
                     "[Parsed_showinfo_0 @ 0x1] n:   1 pts:    100 pts_time:0.1 pos: 9 fmt:yuv420p sar:1/1 s:64x48 i:P iskey:0",
                     "[freezedetect @ 0x3] lavfi.freezedetect.freeze_start: 0",
                     "[Parsed_showinfo_0 @ 0x1] n:   2 pts:    250 pts_time:0.25 pos: 12 fmt:yuv420p sar:1/1 s:64x48 i:P iskey:0",
                     "[freezedetect @ 0x3] lavfi.freezedetect.freeze_duration: 0.25",
                     "[freezedetect @ 0x3] lavfi.freezedetect.freeze_end: 0.25",
                     "[Parsed_showinfo_8 @ 0x2] n:   0 pts:      0 pts_time:0 pos: 5 fmt:gray sar:1/1 s:64x48 i:P iskey:1",
                     "[Parsed_showinfo_8 @ 0x2] n:   1 pts: 250000 pts_time:0.25 pos: 12 fmt:gray sar:1/1 s:64x48 i:P iskey:0",
                     "[Parsed_showinfo_0 @ 0x1] n:   3 pts:    300 pts_time:0.3 pos: 15 fmt:yuv420p sar:1/1 s:64x48 i:P iskey:0"]
        let entries = try Self.read(lines)
        #expect(entries.map(\.line.index) == [0, 1, 2, 3])
        #expect(entries.map(\.time) == [0, 0.1, 0.25, 0.3])
        #expect(entries.map(\.dropped) == [false, true, false, true])
        #expect(entries.first?.line.pixelFormat == "yuv420p" && entries.first?.line.filter == 0)
        // An output line whose time is not the next kept frame's: an error.
        var wrong = lines
        wrong[10] = wrong[10].replacingOccurrences(of: "pts: 250000", with: "pts: 260000")
        #expect(throws: CaptureError.self) { try Self.read(wrong) }
    }

    private static func read(_ lines: [String]) throws -> [LoggedFrame] {
        let pipe = Pipe()
        let reader = FrameLogReader(handle: pipe.fileHandleForReading, keptFilter: 8)
        reader.start()
        pipe.fileHandleForWriting.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        try pipe.fileHandleForWriting.close()
        var entries: [LoggedFrame] = []
        while let entry = reader.frame(entries.count) { entries.append(try entry.get()) }
        reader.wait()
        return entries
    }
}
