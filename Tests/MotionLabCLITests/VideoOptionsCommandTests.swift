import Foundation
import MotionIO
import Testing

/// Videos given in place of recordings take `track`'s options everywhere: `--region` and
/// `--objects` on `report` and `import --approximate`, `region` and `objects` in a check manifest;
/// and every command that fits a recording fits a video.
@Suite("Video options on every command that reads a recording")
struct VideoOptionsCommandTests {
    static let box = TrackCommandTests.video("spring_box.mp4")
    /// spring_box.mp4 is 160×96: a region 400 wide cannot lie inside it (FFmpeg refuses such a
    /// crop before decoding a frame, so the size comes from probing the file).
    static let tooLarge = "0,0,400,100"
    static let outside = "must lie inside the video's 160×96 frame"

    /// The CSV rounds to a millionth of a pixel, the video's samples go to the fit unrounded: the fits
    /// agree to 1e-4 px (a keyframe value moves by some 1e-5 px).
    @Test("fit keyframes on a video equals fit keyframes on the CSV that track writes (to its rounding)")
    func fitKeyframes() throws {
        let csv = FileManager.default.temporaryDirectory.appendingPathComponent("tracked-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: csv) }
        let tracked = try MotionLabExecutable.run(["track", Self.box, "--out", csv.path])
        #expect(tracked.status == 0, "\(tracked.stderr)")
        for mode in [["--keyframes", "5"], ["--tolerance", "1"]] {
            let fromVideo = try MotionLabExecutable.run(["fit", "keyframes", Self.box, "--column", "x", "--json"] + mode)
            let fromCSV = try MotionLabExecutable.run(["fit", "keyframes", csv.path, "--column", "x", "--json"] + mode)
            #expect(fromVideo.status == 0, "\(fromVideo.stderr)")
            #expect(fromCSV.status == 0, "\(fromCSV.stderr)")
            let (video, table) = (try fromVideo.json(), try fromCSV.json())
            let keyframes = { (json: [String: Any]) in (json["keyframes"] as? [[String: Any]] ?? []).compactMap { $0["to"] as? Double } }
            #expect(!keyframes(video).isEmpty && keyframes(video).count == keyframes(table).count)
            for (a, b) in zip(keyframes(video), keyframes(table)) { #expect(abs(a - b) < 1e-4) }
            for key in ["rmse", "maxError", "initialValue"] {
                let (a, b) = (video[key] as? Double ?? .nan, table[key] as? Double ?? .nan)
                #expect(abs(a - b) < 1e-4, "\(key): \(a) vs \(b)")
            }
        }
    }

    @Test("track's CSV starts with its header, so any CSV reader takes it")
    func headerFirst() throws {
        let tracked = try MotionLabExecutable.run(["track", Self.box])
        #expect(tracked.status == 0, "\(tracked.stderr)")
        #expect(tracked.stdout.hasPrefix("time,x,y,width,height,scale,opacity"))
        #expect(tracked.stderr.contains("1 repeated frame dropped"))
    }

    @Test("A region larger than the frame is an error naming the frame's size, on every command",
          arguments: [["track"], ["fit", "spring"], ["settle", "--column", "x"], ["report", "--format", "json"], ["import", "--approximate"]])
    func regionLargerThanFrame(command: [String]) throws {
        let result = try MotionLabExecutable.run(command + [Self.box, "--region", Self.tooLarge])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("--region \(Self.tooLarge) \(Self.outside)"), "\(result.stderr)")
    }

    @Test("report and import --approximate track within --region")
    func regionPassedThrough() throws {
        let report = try MotionLabExecutable.run(["report", Self.box, "--format", "json", "--region", "0,0,160,96"])
        #expect(report.status == 0, "\(report.stderr)")
        let imported = try MotionLabExecutable.run(["import", "--approximate", Self.box, "--region", "0,0,160,96"])
        #expect(imported.status == 0, "\(imported.stderr)")
    }

    @Test("A negative value after a video option is its value, refused with the valid range",
          arguments: [(["track", box, "--objects", "-1"], "--objects must be in 1…64; got -1"),
                      (["track", box, "--region", "-1,0,10,10"], "x, y ≥ 0 and w, h in 3…32768; got -1,0,10,10"),
                      (["check", "manifest.json", "--shard", "-1/3"], "got -1/3"),
                      // Not negative, but refused before any tracking: the timeline is one object's x and y.
                      (["import", "--approximate", box, "--objects", "2"],
                       "--objects must be 1 for import: the timeline is one object's x and y; got 2")])
    func negativeValues(arguments: [String], message: String) throws {
        let result = try MotionLabExecutable.run(arguments)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test("A check manifest tracks videos with its region and objects")
    func manifest() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("video-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func check(_ extra: String) throws -> CommandResult {
            let manifest = directory.appendingPathComponent("checks.json")
            let text = """
                {"checks": [{"name": "box", "recordings": "\(Self.box)", "column": "x", \(extra)
                             "expect": {"settlingTime": {"max": 2}}}]}
                """
            try Data(text.utf8).write(to: manifest)
            return try MotionLabExecutable.run(["check", manifest.path])
        }
        let whole = try check(#""region": "0,0,160,96", "objects": 1,"#)
        #expect(whole.status == 0, "\(whole.stdout)\(whole.stderr)")
        #expect(whole.stdout.contains("1 passed"))
        let large = try check(#""region": "\#(Self.tooLarge)","#)
        #expect(large.status == 2 && large.stderr.contains(Self.outside), "\(large.stderr)")
        let none = try check(#""objects": 0,"#)
        #expect(none.status == 2 && none.stderr.contains("checks[0].objects must be a whole number of objects to track in videos, 1…64"),
                "\(none.stderr)")
        let text = try check(#""region": "left half","#)
        #expect(text.status == 2 && text.stderr.contains("checks[0].region must be x,y,w,h"), "\(text.stderr)")
    }
}
