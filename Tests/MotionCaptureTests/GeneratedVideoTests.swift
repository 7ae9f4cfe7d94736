import Foundation
import MotionNumerics
@testable import MotionCapture
import Testing

/// Videos made here by FFmpeg's own sources (not committed): a 4K 120 fps clip whose box moves by
/// whole pixels (so FFmpeg's `overlay` draws it exactly where its expression says), a video
/// stream with no frames, an audio file, and a frame larger than the tracker takes.
@Suite("Generated videos: 4K at 120 fps, no frames, too large")
struct GeneratedVideoTests {
    private static func scratch(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("motioncapture-\(UUID().uuidString)-\(name)").path
    }

    @Test("A 4K 120 fps clip is tracked: centre within 0.1 px RMS, the same in one decode as in two")
    func fourK() throws {
        let path = Self.scratch("4k120.mp4")
        defer { try? FileManager.default.removeItem(atPath: path) }
        // A 200×120 box whose left edge moves 2 px a frame (240 px/s), on a solid background, 1 s
        // at 120 fps. `overlay` counts `n` from 1 here: frame 0's box covers columns 402 … 601
        // (decoded and scanned for the dark pixels).
        try TrackingData.ffmpeg(["-f", "lavfi", "-i", "color=c=0xF2F2F7:s=3840x2160:r=120:d=1",
                         "-f", "lavfi", "-i", "color=c=0x202020:s=200x120:r=120:d=1",
                         "-filter_complex", "[0][1]overlay=x='400+2*n':y=1000",
                         "-c:v", "libx264", "-preset", "ultrafast", "-crf", "18", "-pix_fmt", "yuv420p", path])
        let motion = try VideoTracker(path: path).track()
        let samples = try #require(motion.objects.first)
        #expect(motion.frames == 120)
        #expect(samples.count == 120)
        let times = samples.map(\.time)
        #expect(zip(times, times.indices).allSatisfy { abs($0 - Double($1) / 120) < 1e-9 })
        let x = TrackingData.rms(samples.map(\.x), times.indices.map { 402 + 2 * Double($0) + 100 })
        let y = TrackingData.rms(samples.map(\.y), times.map { _ in 1060 })
        #expect((x * x + y * y).squareRoot() < 0.1, "centre RMS \(x), \(y)")
        #expect(TrackingData.maxRelative(samples.map(\.width), times.map { _ in 200 }) < 0.01)
        // Without memory for the changed rows the tracker decodes twice, and measures the same.
        let twice = try VideoTracker(path: path, frameMemory: 0).track()
        #expect(twice.objects == motion.objects)
    }

    @Test("A video stream with no frames, and an audio file: clear errors")
    func noFrames() throws {
        let empty = Self.scratch("noframes.y4m"), audio = Self.scratch("tone.m4a")
        defer { for p in [empty, audio] { try? FileManager.default.removeItem(atPath: p) } }
        // A raw YUV4MPEG stream: a valid header, 64×64 at 30 fps, and no frame after it.
        try Data("YUV4MPEG2 W64 H64 F30:1 Ip A1:1 C420jpeg\n".utf8).write(to: URL(fileURLWithPath: empty))
        #expect(throws: CaptureError.noFrames("\(empty) has no video frames")) { try VideoTracker(path: empty).track() }
        try TrackingData.ffmpeg(["-f", "lavfi", "-i", "sine=d=0.5", "-c:a", "aac", audio])
        #expect { try VideoTracker(path: audio).track() } throws: { error in
            guard case CaptureError.undecodable(let message) = error else { return false }
            return message.contains(audio) && message.hasSuffix("it has no video stream (audio only, or cut short before its video track?)")
        }
    }

    @Test("A frame larger than 8K is refused, naming its size and the limit; --region makes it trackable")
    func tooLarge() throws {
        let path = Self.scratch("huge.mkv")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try TrackingData.ffmpeg(["-f", "lavfi", "-i", "color=c=gray:s=7696x4336:r=2:d=1", "-c:v", "ffv1", "-pix_fmt", "gray", path])
        #expect { try VideoTracker(path: path).track() } throws: { error in
            guard case CaptureError.undecodable(let message) = error else { return false }
            return message.contains("7696×4336") && message.contains("7680×4320")
        }
        // A region within the limit is decoded: the (still) picture then says nothing moves.
        #expect { try VideoTracker(path: path, region: PixelRegion(x: 0, y: 0, width: 640, height: 480)).track() } throws: { error in
            guard case CaptureError.nothingMoves = error else { return false }
            return true
        }
    }

    @Test("Changed rows: none for a repeat, the band from the first to the last that differ")
    func changedRows() {
        let a = [UInt8](repeating: 7, count: 12 * 5)
        var b = a
        #expect(FrameHistory.changedRows(a, b, width: 12).isEmpty)
        b[1 * 12 + 11] = 8
        b[3 * 12] = 0
        #expect(FrameHistory.changedRows(a, b, width: 12) == 1..<4)
        b = a
        b[4 * 12 + 5] = 1
        #expect(FrameHistory.changedRows(a, b, width: 12) == 4..<5)
    }

    @Test("The history replays every frame byte for byte, repeats marked", arguments: [1, 2, 3])
    func replay(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let width = 13, height = 9
        var frame = (0..<(width * height)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        var history = FrameHistory(budget: 1 << 20)
        var frames: [[UInt8]] = []
        for index in 0..<40 {
            if rng.next() % 3 != 0 {
                // Change a few pixels in a band of rows.
                for _ in 0..<(1 + Int(rng.next() % 5)) {
                    frame[Int(rng.next() % UInt64(frame.count))] = UInt8(truncatingIfNeeded: rng.next())
                }
            }
            frames.append(frame)
            let band = history.add(VideoFrame(time: Double(index), width: width, height: height, pixels: frame))
            #expect(band.isEmpty == (index > 0 && frames[index - 1] == frame))
        }
        #expect(history.isComplete)
        var replayed: [([UInt8], Double, Bool)] = []
        history.replay { pixels, time, repeated in replayed.append((pixels, time, repeated)) }
        #expect(replayed.map(\.0) == frames)
        #expect(replayed.map(\.1) == frames.indices.map(Double.init))
        #expect(replayed.map(\.2) == frames.indices.map { $0 > 0 && frames[$0] == frames[$0 - 1] })
    }
}
