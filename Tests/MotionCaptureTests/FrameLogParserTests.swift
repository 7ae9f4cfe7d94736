import MotionCapture
import Testing

@Suite("Reading FFmpeg's per-frame log")
struct FrameLogParserTests {
    @Test("Exact times from the integer timestamp and the time base")
    func exactTimes() throws {
        var parser = FrameLogParser()
        #expect(try parser.read("[Parsed_showinfo_1 @ 0x55c0] config in time_base: 1/15360, frame_rate: 30/1") == nil)
        let line = "[Parsed_showinfo_1 @ 0x55c0] n:  41 pts: 1929216 pts_time:125.6 pos: 48 fmt:gray sar:1/1 s:1170x2532 i:P iskey:0"
        let frame = try #require(try parser.read(Substring(line)))
        #expect(frame.index == 41 && frame.pts == 1929216 && frame.width == 1170 && frame.height == 2532)
        // 1929216 / 15360 = 125.6 exactly, where the printed pts_time would be rounded to 6 digits.
        #expect(parser.seconds(frame.pts) == 1929216.0 / 15360.0)
        #expect(parser.seconds(1_000_001) == 1_000_001.0 / 15360.0)
    }

    @Test("Other lines are ignored; a frame without a timestamp or before the time base is an error")
    func malformed() {
        var parser = FrameLogParser()
        #expect((try? parser.read("Stream #0:0 -> #0:0 (h264 (native) -> rawvideo (native))")) == .some(nil))
        #expect(throws: CaptureError.self) { try parser.read("[Parsed_showinfo_1 @ 0x1] n:   0 pts:      0 s:4x4") }
        _ = try? parser.read("[Parsed_showinfo_1 @ 0x1] config in time_base: 1/1000, frame_rate: 0/0")
        #expect(throws: CaptureError.self) { try parser.read("[Parsed_showinfo_1 @ 0x1] n:   0 pts: NOPTS pts_time:NOPTS s:4x4") }
        #expect(throws: CaptureError.self) { try parser.read("[Parsed_showinfo_1 @ 0x1] n:   0 pts: 5 s:0x4") }
        #expect(throws: CaptureError.self) { try parser.read("[Parsed_showinfo_1 @ 0x1] config in time_base: 0/0, x") }
    }
}
