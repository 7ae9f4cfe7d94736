import Foundation
import MotionIO
import Testing

/// `motionlab track` and videos in place of recordings, on the rendered videos in data/tracking
/// (scripts/make_tracking_videos.py writes each with its truth).
@Suite("track and videos as recordings")
struct TrackCommandTests {
    static func video(_ name: String) -> String {
        MotionLabExecutable.repositoryRoot.appendingPathComponent("data/tracking/\(name)").path
    }

    @Test("track writes a recording CSV whose times are the frames' and whose x follows the truth")
    func track() throws {
        let result = try MotionLabExecutable.run(["track", Self.video("spring_box.mp4")])
        #expect(result.status == 0, "\(result.stderr)")
        let recording = try RecordingReader.parseChannels(result.stdout, name: "tracked.csv", columns: ["x", "y", "scale"])
        let truth = try RecordingReader.parseChannels(
            String(contentsOfFile: Self.video("spring_box.truth.csv"), encoding: .utf8), name: "truth.csv", columns: ["x"])
        #expect(recording["x"]!.times == truth["x"]!.times)
        let errors = zip(recording["x"]!.values, truth["x"]!.values).map { abs($0 - $1) }
        #expect(errors.max()! < 0.15)
        #expect(result.stderr.contains("1 repeated frame dropped"))
    }

    @Test("--objects 2 writes one row per object per frame, read back as 1.x, 2.x")
    func objects() throws {
        let result = try MotionLabExecutable.run(["track", Self.video("two_boxes.mp4"), "--objects", "2", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try result.json()
        let objects = try #require(json["objects"] as? [[String: Any]])
        #expect(objects.count == 2)
        let csv = try MotionLabExecutable.run(["track", Self.video("two_boxes.mp4"), "--objects", "2"])
        let channels = try RecordingReader.parseChannels(csv.stdout, name: "two.csv", columns: nil)
        #expect(channels["1.x"] != nil && channels["2.y"] != nil)
    }

    @Test("fit spring and settle read a video as they read a recording")
    func fitAndSettle() throws {
        let fit = try MotionLabExecutable.run(["fit", "spring", Self.video("spring_box.mp4"), "--json"])
        #expect(fit.status == 0, "\(fit.stderr)")
        let spring = try #require(fit.json()["spring"] as? [String: Any])
        // The rendered spring has duration 0.5 and bounce 0.4 (response 0.5, damping ratio 0.6).
        #expect(abs((spring["duration"] as? Double ?? 0) - 0.5) < 0.005, "\(spring)")
        #expect(abs((spring["bounce"] as? Double ?? 0) - 0.4) < 0.005, "\(spring)")
        let settle = try MotionLabExecutable.run(["settle", Self.video("spring_box.mp4"), "--column", "x", "--json"])
        #expect(settle.status == 0, "\(settle.stderr)")
    }

    @Test("Bad videos: clear errors and exit codes")
    func bad() throws {
        let still = try MotionLabExecutable.run(["track", Self.video("still.mp4")])
        #expect(still.status == 1 && still.stderr.contains("nothing moves"))
        let text = MotionLabExecutable.repositoryRoot.appendingPathComponent("data/tracking/spring_box.truth.csv").path
        let notVideo = try MotionLabExecutable.run(["track", text])
        #expect(notVideo.status == 1 && notVideo.stderr.contains("not a video"))
        let missing = try MotionLabExecutable.run(["track", "/nonexistent/clip.mp4"])
        #expect(missing.status == 2)
        let region = try MotionLabExecutable.run(["track", Self.video("spring_box.mp4"), "--region", "1,2,3"])
        #expect(region.status == 64 && region.stderr.contains("--region"))
        let twice = try MotionLabExecutable.run(["track", Self.video("spring_box.mp4"), "--objects", "1", "--objects", "2"])
        #expect(twice.status == 64 && twice.stderr.contains("--objects was given 2 times"))
        for (count, message) in [("0", "--objects must be in 1…64; got 0"), ("65", "--objects must be in 1…64; got 65")] {
            let objects = try MotionLabExecutable.run(["track", Self.video("spring_box.mp4"), "--objects", count])
            #expect(objects.status == 64 && objects.stderr.contains(message), "\(objects.stderr)")
        }
        let outside = try MotionLabExecutable.run(["fit", "spring", Self.video("spring_box.mp4"), "--region", "150,0,100,10"])
        #expect(outside.status == 1 && outside.stderr.contains("160×96"))
    }
}

@Suite("import --approximate of a video")
struct VideoImportCommandTests {
    @Test("gives a timeline whose x follows the rendered truth within the tolerance plus the tracker's error")
    func importVideo() throws {
        let result = try MotionLabExecutable.run(["import", "--approximate", "--tolerance", "0.5", TrackCommandTests.video("spring_box.mp4")])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try result.json()
        let tracks = try #require(document["tracks"] as? [[String: Any]])
        #expect(tracks.compactMap { $0["property"] as? String } == ["x", "y"])
        // Played back by `keyframes eval` at the truth's times, x is within 0.5 px (the fit's
        // tolerance) plus 0.15 px (the tracker's largest error on this video) of the truth.
        let timeline = FileManager.default.temporaryDirectory.appendingPathComponent("video-import-\(UUID().uuidString).json")
        try Data(result.stdout.utf8).write(to: timeline)
        defer { try? FileManager.default.removeItem(at: timeline) }
        let truth = try RecordingReader.parseChannels(
            String(contentsOfFile: TrackCommandTests.video("spring_box.truth.csv"), encoding: .utf8), name: "truth.csv", columns: ["x"])
        let times = truth["x"]!.times.map { "\($0)" }.joined(separator: ",")
        let played = try MotionLabExecutable.run(["keyframes", "eval", timeline.path, "--times", times])
        #expect(played.status == 0, "\(played.stderr)")
        let x = try RecordingReader.parseChannels(played.stdout, name: "played.csv", columns: ["x"])["x"]!
        #expect(x.times == truth["x"]!.times)
        let errors = zip(x.values, truth["x"]!.values).map { abs($0 - $1) }
        #expect(errors.max()! <= 0.5 + 0.15, "\(errors.max()!)")
        let plain = try MotionLabExecutable.run(["import", TrackCommandTests.video("spring_box.mp4")])
        #expect(plain.status == 64 && plain.stderr.contains("add --approximate"))
    }
}
