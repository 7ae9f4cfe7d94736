import Foundation
import MotionCapture
import MotionIO
import Testing

@Suite("Tracking rendered videos against their truth")
struct VideoTrackerTests {
    @Test("A spring along x: centre within 0.1 px RMS, size within 1 %, times exact, the repeat dropped")
    func spring() throws {
        let motion = try VideoTracker(path: TrackingData.path("spring_box.mp4")).track()
        let truth = try TrackingData.truth("spring_box.truth.csv")
        let samples = try #require(motion.objects.first)
        #expect(motion.objects.count == 1)
        #expect(motion.duplicates == 1)
        #expect(samples.map(\.time) == truth["time"]!)
        let x = TrackingData.rms(samples.map(\.x), truth["x"]!), y = TrackingData.rms(samples.map(\.y), truth["y"]!)
        #expect((x * x + y * y).squareRoot() < 0.1, "centre RMS \(x), \(y)")
        #expect(TrackingData.maxRelative(samples.map(\.width), truth["width"]!) < 0.01)
        #expect(TrackingData.maxRelative(samples.map(\.height), truth["height"]!) < 0.01)
        #expect(samples.allSatisfy { $0.rotation != nil && abs($0.rotation!) < 1 })
    }

    /// Opacity is within 1 % RMS and 1.5 % in every frame: one level of the 8-bit video is 1 % of
    /// the half-faded contrast, and frames in motion are coded with errors of about a level.
    @Test("Growing and fading: scale and opacity within 1 % (RMS)")
    func scaleAndOpacity() throws {
        let motion = try VideoTracker(path: TrackingData.path("scale_fade.mp4")).track()
        let truth = try TrackingData.truth("scale_fade.truth.csv")
        let samples = try #require(motion.objects.first)
        #expect(samples.map(\.time) == truth["time"]!)
        let x = TrackingData.rms(samples.map(\.x), truth["x"]!), y = TrackingData.rms(samples.map(\.y), truth["y"]!)
        #expect((x * x + y * y).squareRoot() < 0.1, "centre RMS \(x), \(y)")
        #expect(TrackingData.maxRelative(samples.map(\.scale), truth["scale"]!) < 0.01)
        #expect(TrackingData.rmsRelative(samples.map(\.opacity), truth["opacity"]!) < 0.01)
        #expect(TrackingData.maxRelative(samples.map(\.opacity), truth["opacity"]!) < 0.015)
        #expect(TrackingData.maxRelative(samples.map(\.width), truth["width"]!) < 0.01)
    }

    @Test("A turning bar: rotation within 0.5°, its own width and height within 1 %")
    func rotation() throws {
        let motion = try VideoTracker(path: TrackingData.path("rotating_bar.mp4")).track()
        let truth = try TrackingData.truth("rotating_bar.truth.csv")
        let samples = try #require(motion.objects.first)
        #expect(samples.map(\.time) == truth["time"]!)
        let rotation = samples.map { $0.rotation ?? .nan }
        #expect(zip(rotation, truth["rotation"]!).allSatisfy { abs($0 - $1) < 0.5 }, "\(rotation)")
        let x = TrackingData.rms(samples.map(\.x), truth["x"]!), y = TrackingData.rms(samples.map(\.y), truth["y"]!)
        #expect((x * x + y * y).squareRoot() < 0.1, "centre RMS \(x), \(y)")
        #expect(TrackingData.maxRelative(samples.map(\.width), truth["width"]!) < 0.01)
        #expect(TrackingData.maxRelative(samples.map(\.height), truth["height"]!) < 0.02)
    }

    @Test("Two objects keep their identities (left one first)")
    func twoObjects() throws {
        let motion = try VideoTracker(path: TrackingData.path("two_boxes.mp4"), objects: 2).track()
        let truth = try TrackingData.truth("two_boxes.truth.csv")
        #expect(motion.objects.count == 2)
        let ids = truth["id"]!
        for id in [1, 2] {
            let samples = motion.objects[id - 1]
            let x = zip(ids, truth["x"]!).filter { $0.0 == Double(id) }.map(\.1)
            let y = zip(ids, truth["y"]!).filter { $0.0 == Double(id) }.map(\.1)
            #expect(samples.count == x.count)
            let ex = TrackingData.rms(samples.map(\.x), x), ey = TrackingData.rms(samples.map(\.y), y)
            #expect((ex * ex + ey * ey).squareRoot() < 0.1, "object \(id): centre RMS \(ex), \(ey)")
        }
        let recording = motion.recording
        #expect(recording.names.prefix(2) == ["1.x", "1.y"])
        let reread = try RecordingReader.parseChannels(motion.csv, name: "two.csv", columns: nil)
        #expect(reread.names.sorted() == recording.names.sorted())
    }

    @Test("An object leaving the frame: gaps, no row, never a cut-off measurement")
    func leavingTheFrame() throws {
        let motion = try VideoTracker(path: TrackingData.path("leaves_frame.mp4")).track()
        let truth = try TrackingData.truth("leaves_frame.truth.csv")
        let samples = try #require(motion.objects.first)
        // Whole while its right edge (x + 10) is inside the 160-pixel frame, with a pixel of margin.
        let whole = zip(truth["time"]!, truth["x"]!).filter { $0.1 + 10 < 159 }
        #expect(samples.count == whole.count)
        #expect(motion.gaps == [truth["time"]!.count - whole.count])
        let errors = zip(samples, whole).map { abs($0.x - $1.1) }
        #expect(errors.allSatisfy { $0 < 0.2 }, "\(errors)")
        // Gaps are rows left out, not rows of zeros: one row per sample after the header.
        #expect(motion.csv.split(separator: "\n").count == 1 + samples.count)
    }

    @Test("The region restricts the search, and coordinates stay the frame's")
    func region() throws {
        let region = PixelRegion(x: 0, y: 20, width: 160, height: 60)
        let motion = try VideoTracker(path: TrackingData.path("spring_box.mp4"), region: region).track()
        let truth = try TrackingData.truth("spring_box.truth.csv")
        let samples = try #require(motion.objects.first)
        #expect(TrackingData.rms(samples.map(\.y), truth["y"]!) < 0.1)
        #expect(TrackingData.rms(samples.map(\.x), truth["x"]!) < 0.1)
    }
}
