import Foundation
@testable import MotionCapture
import Testing

/// Frames grabbed by presentation time from a variable-frame-rate video whose frame times the
/// renderer (headless Chromium) wrote down.
@Suite("Frame grabber")
struct FrameGrabberTests {
    static let video = TrackingData.directory.deletingLastPathComponent().appendingPathComponent("video/vfr-irregular.mp4").path

    /// The frame times in the truth CSV the video was encoded from.
    static func truthTimes() throws -> [Double] {
        let url = URL(fileURLWithPath: video).deletingPathExtension().appendingPathExtension("truth.csv")
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").dropFirst()
            .compactMap { $0.split(separator: ",").first.flatMap { Double($0) } }
    }

    @Test("Frames at irregular times come back at exactly those times; a time between frames gives none")
    func framesAtTheirTimes() throws {
        let times = try Self.truthTimes()
        let wanted = [times[2], times[7], times[30], times.last!]
        #expect(wanted.map { ($0 * 1000).rounded() } == [37, 122, 497, (times.last! * 1000).rounded()])
        let between = (times[6] + times[7]) / 2
        let thumbnails = try FrameGrabber(path: Self.video, width: 160).thumbnails(at: wanted.reversed() + [between])
        #expect(thumbnails.map(\.time) == wanted)
        for image in thumbnails {
            #expect(image.videoWidth == 320 && image.videoHeight == 240)
            #expect(image.width == 160 && image.height == 120)
            // Each image is one whole PNG whose header says 160×120.
            #expect(FrameGrabber.splitPNGs(image.png).map { [$0.width, $0.height] } == [[160, 120]])
        }
        #expect(Set(thumbnails.map(\.png)).count == thumbnails.count)  // different frames, different images
    }

    @Test("A frame narrower than the width keeps its size")
    func narrowVideoKeepsItsSize() throws {
        let images = try FrameGrabber(path: Self.video, width: 640).thumbnails(at: [0])
        #expect(images.map { [$0.width, $0.height] } == [[320, 240]])
    }

    @Test("Bad input: a width out of range, a file that is not a video")
    func badInput() throws {
        #expect(throws: CaptureError.invalidOption("the thumbnail width must be 16…4096 pixels; got 8")) {
            try FrameGrabber(path: Self.video, width: 8).thumbnails(at: [0])
        }
        let text = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-video-\(UUID().uuidString).mp4")
        try Data("time,x\n0,1\n".utf8).write(to: text)
        defer { try? FileManager.default.removeItem(at: text) }
        #expect(throws: CaptureError.self) { try FrameGrabber(path: text.path).thumbnails(at: [0]) }
        #expect(try FrameGrabber(path: Self.video).thumbnails(at: []).isEmpty)
    }
}
