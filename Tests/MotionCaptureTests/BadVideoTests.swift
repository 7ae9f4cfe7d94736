import Foundation
import MotionCapture
import Testing

@Suite("Videos that cannot be tracked")
struct BadVideoTests {
    private func scratch(_ name: String, _ data: Data) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("motioncapture-\(UUID().uuidString)-\(name)")
        try data.write(to: url)
        return url.path
    }

    @Test("Nothing moves: an error saying so")
    func still() {
        #expect { try VideoTracker(path: TrackingData.path("still.mp4")).track() } throws: { error in
            guard case CaptureError.nothingMoves(let message) = error else { return false }
            return message.contains("nothing moves in")
        }
    }

    @Test("A text file is not a video")
    func notAVideo() throws {
        let path = try scratch("notes.mp4", Data("time,x\n0,1\n".utf8))
        #expect { try VideoTracker(path: path).track() } throws: { error in
            guard case CaptureError.undecodable(let message) = error else { return false }
            return message.contains("not a video")
        }
    }

    @Test("A truncated file is an error, not a fit to what was left", arguments: [0.3, 0.6, 0.95])
    func truncated(fraction: Double) throws {
        let data = try Data(contentsOf: TrackingData.directory.appendingPathComponent("spring_box.mp4"))
        let path = try scratch("cut.mp4", data.prefix(Int(Double(data.count) * fraction)))
        #expect(throws: CaptureError.self) { try VideoTracker(path: path).track() }
    }

    @Test("An empty file and a missing one")
    func empty() throws {
        let path = try scratch("empty.mp4", Data())
        #expect(throws: CaptureError.self) { try VideoTracker(path: path).track() }
        #expect(throws: CaptureError.self) { try VideoTracker(path: "/nonexistent/clip.mp4").track() }
    }

    @Test("Options out of range name the value and the range")
    func options() {
        #expect(throws: CaptureError.invalidOption("objects must be in 1…64; got 0")) {
            try VideoTracker(path: TrackingData.path("spring_box.mp4"), objects: 0).track()
        }
        #expect(throws: CaptureError.self) { try PixelRegion(parsing: "1,2,3") }
        #expect(throws: CaptureError.self) { try PixelRegion(parsing: "-1,0,10,10") }
        #expect { try VideoTracker(path: TrackingData.path("spring_box.mp4"), region: PixelRegion(x: 100, y: 0, width: 100, height: 10)).track() } throws: { error in
            "\(error)".contains("--region")
        }
    }
}
