import Foundation
import Testing

/// Several channels, frame-numbered captures, tracker CSVs and standard input, through the built
/// `motionlab` (SPEC §11).
@Suite("motionlab: several channels, frames, trackers, stdin")
struct MultiChannelCommandTests {
    static func data(_ relative: String) -> String { MotionLabExecutable.repositoryRoot.appendingPathComponent(relative).path }
    static let card = data("data/recordings/card-present-60hz.csv")
    static let tracker = data("data/recordings/trackers/two-dots-60fps.csv")
    static let cardChannels = ["x", "y", "scale", "opacity"]

    /// Shared times: one multi-track timeline; every track equals the one-column fit of its
    /// channel on the same times (the problem separates), and the timeline holds a track per channel.
    @Test func fitKeyframesSharedTimes() throws {
        let times = "0.2,0.35,0.5,0.7,1,1.35"
        let result = try MotionLabExecutable.run(["fit", "keyframes", Self.card, "--all-columns", "--times", times, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try result.json()
        for key in ["timeline", "rmse", "maxError", "swiftUI", "channels", "keyframes", "endTimes"] { #expect(json[key] != nil, "missing \(key)") }
        let channels = try #require(json["channels"] as? [[String: Any]])
        #expect(channels.map { $0["channel"] as? String } == Self.cardChannels)
        let timeline = try #require(json["timeline"] as? [String: Any])
        let initial = try #require(timeline["initialValue"] as? [String: Double])
        #expect(Set(initial.keys) == Set(Self.cardChannels))
        let tracks = try #require(timeline["tracks"] as? [[String: Any]])
        #expect(tracks.map { $0["property"] as? String } == Self.cardChannels)
        let shared = try #require(json["keyframes"] as? [[String: Any]])
        #expect(shared.count == 6)
        #expect((shared[0]["to"] as? [String: Double])?.count == 4)
        var worst = 0.0
        for channel in channels {
            let name = try #require(channel["channel"] as? String)
            let single = try MotionLabExecutable.run(["fit", "keyframes", Self.card, "--column", name, "--times", times, "--json"]).json()
            let a = try #require(channel["keyframes"] as? [[String: Any]]).map { $0["to"] as! Double }
            let b = try #require(single["keyframes"] as? [[String: Any]]).map { $0["to"] as! Double }
            #expect(a == b, "\(name)")
            #expect(channel["initialValue"] as? Double == single["initialValue"] as? Double)
            worst = max(worst, channel["maxError"] as! Double)
        }
        #expect(json["maxError"] as? Double == worst)
        #expect((json["swiftUI"] as? String)?.contains("KeyframeAnimator") == true)
        #expect((json["swiftUI"] as? String)?.contains("KeyframeTrack(\\.opacity)") == true)
    }

    /// --tolerance: every channel within E (in its own units), keyframe times shared. E = 2 px:
    /// x and y carry noise of about a third of a pixel (σ 0.3 and half-pixel rounding), whose
    /// typical largest value on 83 samples is over half of 1.5 px, where a keyframe needs eight
    /// samples and 1.5 px is out of reach.
    @Test(arguments: [["--all-columns"], ["--columns", "x,y"]])
    func fitKeyframesTolerance(_ selection: [String]) throws {
        let result = try MotionLabExecutable.run(["fit", "keyframes", Self.card] + selection + ["--tolerance", "2", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try result.json()
        let channels = try #require(json["channels"] as? [[String: Any]])
        let ends = try #require(json["endTimes"] as? [Double])
        for channel in channels {
            #expect((channel["maxError"] as? Double ?? .infinity) <= 2)
            #expect(channel["endTimes"] as? [Double] == ends)
        }
        #expect(json["sharedTimes"] as? Bool == true)
    }

    /// --independent-times: each track its own times; `keyframes` is null; a tracker's later
    /// object holds its initial value until its first frame.
    @Test func fitKeyframesIndependentTimesOnATracker() throws {
        let result = try MotionLabExecutable.run(["fit", "keyframes", Self.tracker, "--fps", "60", "--all-columns", "--tolerance", "2",
                                                  "--independent-times", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try result.json()
        #expect(json["keyframes"] is NSNull && json["endTimes"] is NSNull)
        let channels = try #require(json["channels"] as? [[String: Any]])
        #expect(channels.map { $0["channel"] as? String } == ["a.x", "a.y", "b.x", "b.y"])
        // b's first frame, from the file.
        let rows = try String(contentsOfFile: Self.tracker, encoding: .utf8).split(separator: "\n")
        let bRow = try #require(rows.first { $0.contains(",b,") })
        let bFrame = try #require(Double(String(bRow.prefix { $0 != "," })))
        #expect(bFrame >= 12)
        // (Foundation's JSON parser may be an ulp off the shortest round-trip digits.)
        #expect(abs((channels[2]["startTime"] as? Double ?? 0) - bFrame / 60) <= 1e-15)
        let tracks = try #require((json["timeline"] as? [String: Any])?["tracks"] as? [[String: Any]])
        let first = try #require((tracks[2]["keyframes"] as? [[String: Any]])?.first)
        #expect(first["type"] as? String == "linear")
        #expect(abs((first["duration"] as? Double ?? 0) - bFrame / 60) <= 1e-15)
        #expect((json["swiftUI"] as? String)?.contains("var b_x: Double") == true)
    }

    /// fit spring --all-columns: every channel's spring and the choreography of their starts.
    @Test func fitSpringChoreography() throws {
        let result = try MotionLabExecutable.run(["fit", "spring", Self.card, "--all-columns", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try result.json()
        let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.data("data/recordings/card-present-60hz.truth.json")))) as! [String: Any]
        let truths = truth["channels"] as! [String: [String: Any]]
        let choreography = try #require(json["choreography"] as? [[String: Any]])
        #expect(choreography.map { $0["channel"] as? String } == Self.cardChannels)
        let earliest = choreography.map { $0["startTime"] as! Double }.min()!
        for entry in choreography {
            let name = entry["channel"] as! String
            let start = entry["startTime"] as! Double, settle = entry["settleTime"] as! Double
            #expect(abs(start - (truths[name]!["startTime"] as! Double)) <= 1.0 / 60, "\(name) start \(start)")
            #expect(abs((entry["offset"] as! Double) - (start - earliest)) <= 1e-15)
            #expect(abs(settle - start - (entry["settlingDuration"] as! Double)) <= 1e-12)
        }
        #expect(json["epsilon"] as? Double == 0.02)
        let channels = try #require(json["channels"] as? [[String: Any]])
        for channel in channels {
            let name = channel["channel"] as! String
            let spring = try #require(channel["spring"] as? [String: Double])
            let want = truths[name]!["spring"] as! [String: Double]
            #expect(abs(spring["duration"]! / want["duration"]! - 1) <= 0.03, "\(name)")
        }
    }

    /// fit spring --all-columns on a recording with a channel that cannot be fitted (a constant
    /// one): the table has a row for it that says so, the reason follows the table, and the count
    /// says how many of the channels were fitted — the table is never silently a channel short.
    @Test func fitSpringTableShowsChannelsNotFitted() throws {
        let rows = (0...60).map { i -> String in
            let t = Double(i) / 60
            let x = t < 0.1 ? 0 : 100 * (1 - exp(-12 * (t - 0.1)) * (1 + 12 * (t - 0.1)))
            return "\(t),\(x),5"
        }
        let path = NSTemporaryDirectory() + "motionlab-constant-\(UUID().uuidString).csv"
        try (["time,x,level"] + rows).joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try MotionLabExecutable.run(["fit", "spring", path, "--all-columns"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Springs of 2 channels, 1 fitted;") == true, "\(result.stdout)")
        let row = try #require(lines.first { $0.hasPrefix("level ") }, "\(result.stdout)")
        #expect(row.contains("not fitted"))
        #expect(lines.contains { $0.hasPrefix("'level' not fitted: ") && $0.contains("does not move") }, "\(result.stdout)")
        #expect(lines.contains { $0.hasPrefix("x ") && $0.contains("Spring(duration:") })
        // The JSON has had the failure all along: {"channel", "error"}.
        let channels = try #require(try MotionLabExecutable.run(["fit", "spring", path, "--all-columns", "--json"]).json()["channels"] as? [[String: Any]])
        #expect(channels.map { $0["channel"] as? String } == ["x", "level"])
        #expect((channels[1]["error"] as? String)?.contains("does not move") == true)
        // settle --all-columns says under its table why a channel was not measured.
        let settle = try MotionLabExecutable.run(["settle", path, "--all-columns"])
        #expect(settle.status == 0, "\(settle.stderr)")
        let settleLines = settle.stdout.split(separator: "\n").map(String.init)
        #expect(settleLines.contains { $0.hasPrefix("level ") && $0.contains("not measured") }, "\(settle.stdout)")
        #expect(settleLines.contains { $0.hasPrefix("'level' not measured: ") }, "\(settle.stdout)")
    }

    /// settle --all-columns / --columns: every channel's metrics.
    @Test(arguments: [(["--all-columns"], cardChannels), (["--columns", "opacity,x"], ["opacity", "x"])])
    func settleChannels(_ selection: [String], _ names: [String]) throws {
        let result = try MotionLabExecutable.run(["settle", Self.card] + selection + ["--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let channels = try #require(try result.json()["channels"] as? [[String: Any]])
        #expect(channels.map { $0["channel"] as? String } == names)
        for channel in channels {
            for key in ["initialValue", "finalValue", "settlingTime", "riseTime", "overshoot"] { #expect(channel[key] != nil, "\(key)") }
            let single = try MotionLabExecutable.run(["settle", Self.card, "--column", channel["channel"] as! String, "--json"]).json()
            #expect(single["settlingTime"] as? Double == channel["settlingTime"] as? Double)
        }
    }

    /// `-` reads standard input for every command that reads a recording.
    @Test(arguments: [
        ["fit", "keyframes", "-", "--keyframes", "4", "--json"],
        ["fit", "keyframes", "-", "--all-columns", "--keyframes", "4", "--json"],
        ["fit", "spring", "-", "--json"],
        ["fit", "spring", "-", "--columns", "x,y", "--json"],
        ["fit", "bezier", "-", "--column", "opacity", "--json"],
        ["settle", "-", "--json"],
        ["settle", "-", "--all-columns", "--json"],
        ["report", "-", "--format", "json"],
    ])
    func standardInput(_ arguments: [String]) throws {
        let text = try String(contentsOfFile: Self.card, encoding: .utf8)
        let result = try MotionLabExecutable.run(arguments, stdin: text)
        #expect(result.status == 0, "\(result.stderr)")
        let file = try MotionLabExecutable.run(arguments.map { $0 == "-" ? Self.card : $0 })
        if arguments[0] == "report" {
            let sections = (try result.json()["sections"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "recording" }
            #expect(sections.count == 4)
        } else {
            // The same numbers as from the file (the name of the input aside).
            // (A JSON path field keeps the path as given: `-`.)
            #expect(result.stdout.replacingOccurrences(of: "\"-\"", with: "\"\(Self.card)\"") == file.stdout)
        }
    }

    /// A repeated --columns adds its channels (issue 13): the same document as one list naming
    /// them all, for every command that takes --columns — never only the last list.
    @Test(arguments: [
        ["fit", "keyframes", card, "--keyframes", "2", "--json"],
        ["fit", "spring", card, "--json"],
        ["settle", card, "--json"],
    ])
    func repeatedColumnsCombine(_ arguments: [String]) throws {
        let repeated = try MotionLabExecutable.run(arguments + ["--columns", "x,y", "--columns", "scale"])
        #expect(repeated.status == 0, "\(repeated.stderr)")
        let once = try MotionLabExecutable.run(arguments + ["--columns", "x,y,scale"])
        #expect(repeated.stdout == once.stdout)
        let channels = try #require(try repeated.json()["channels"] as? [[String: Any]])
        #expect(channels.map { $0["channel"] as? String } == ["x", "y", "scale"])
    }

    /// A single-valued input option given twice is a command-line error naming the option and
    /// both values, for every command that reads a recording — never silently the last.
    @Test(arguments: [["fit", "keyframes", tracker, "--keyframes", "2"], ["fit", "spring", tracker], ["fit", "bezier", tracker],
                      ["settle", tracker], ["report", tracker]])
    func aRepeatedInputOptionIsAnError(_ command: [String]) throws {
        for (options, message) in [
            (["--fps", "30", "--fps", "60"], "--fps was given 2 times (30, 60); give it once"),
            (["--fps", "60", "--time-unit", "ms", "--time-unit", "s"], "--time-unit was given 2 times (ms, s); give it once"),
            (["--fps", "60", "--column", "a.x", "--column", "b.x"], "--column was given 2 times (a.x, b.x)"),
        ] {
            let result = try MotionLabExecutable.run(command + options)
            #expect(result.status == 64, "\(command + options): \(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains(message), "\(result.stderr)")
            #expect(result.stderr.contains("Usage:"), "\(result.stderr)")
        }
    }

    /// --fps and tracker CSVs wherever a recording is read.
    @Test(arguments: [
        ["fit", "keyframes", tracker, "--fps", "60", "--column", "b.x", "--keyframes", "3", "--json"],
        ["fit", "spring", tracker, "--fps", "60", "--column", "a.x", "--json"],
        ["fit", "bezier", tracker, "--fps", "60", "--column", "b.x", "--json"],
        ["settle", tracker, "--fps", "60", "--column", "b.x", "--json"],
        ["report", tracker, "--fps", "60", "--format", "json"],
    ])
    func framesAndTrackers(_ arguments: [String]) throws {
        let result = try MotionLabExecutable.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty || !result.stderr.contains("Error"))
    }

    /// Errors: a message on stderr naming the value and what to do, nothing on stdout.
    @Test(arguments: [
        (["fit", "keyframes", tracker, "--keyframes", "3"], "give the capture's frame rate with --fps F", Int32(1)),
        (["settle", card, "--fps", "60"], "does not apply: it is for a 'frame' column", 1),
        (["fit", "spring", card, "--fps", "0"], "(0, 1000]", 64),
        (["fit", "spring", card, "--fps", "nan"], "(0, 1000]", 64),
        (["fit", "spring", card, "--fps", "2000"], "got 2000", 64),
        (["fit", "keyframes", card, "--columns", "x,rotation", "--keyframes", "3"], "has no column 'rotation'; its channels are x, y, scale, opacity", 1),
        (["fit", "keyframes", card, "--columns", "x,x", "--keyframes", "3"], "names 'x' twice", 64),
        (["fit", "keyframes", card, "--columns", "x,y", "--columns", "y", "--keyframes", "3"], "--columns names 'y' twice", 64),
        (["settle", card, "--columns", "x", "--columns", "scale,x"], "--columns names 'x' twice", 64),
        (["fit", "spring", card, "--columns", "x", "--columns", "y,,scale"], "--columns 'y,,scale': item 2 is empty", 64),
        (["fit", "spring", card, "--columns", "x", "--columns", "y", "--all-columns"], "not both", 64),
        (["fit", "keyframes", card, "--columns", "x", "--all-columns", "--keyframes", "3"], "not both", 64),
        (["fit", "keyframes", card, "--column", "x", "--all-columns", "--keyframes", "3"], "give one of them", 64),
        (["fit", "keyframes", card, "--column", "x", "--column", "y", "--keyframes", "3"], "--column was given 2 times", 64),
        (["fit", "keyframes", card, "--independent-times", "--keyframes", "3"], "give --columns LIST or --all-columns", 64),
        (["fit", "keyframes", card, "--all-columns", "--independent-times", "--times", "0.5,1"], "not --times", 64),
        (["fit", "keyframes", tracker, "--fps", "60", "--column", "c.x", "--keyframes", "3"], "has no channel 'c.x'", 1),
        (["settle", tracker, "--fps", "60", "--time-unit", "ms"], "give one of them", 64),
    ])
    func errors(_ arguments: [String], _ fragment: String, _ status: Int32) throws {
        let result = try MotionLabExecutable.run(arguments)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(fragment), "\(result.stderr)")
    }

    /// A command that reads one channel of a file with several names those it ignored (issue 13):
    /// a note under the table, and `channel` and `ignoredChannels` in the JSON (the note is for
    /// people: the JSON has the keys instead).
    @Test(arguments: [["fit", "keyframes", card, "--keyframes", "3"], ["fit", "spring", card], ["fit", "bezier", card], ["settle", card]])
    func ignoredChannelsAreNamed(_ arguments: [String]) throws {
        let result = try MotionLabExecutable.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("not read: y, scale, opacity"), "\(result.stdout)")
        let json = try MotionLabExecutable.run(arguments + ["--json"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(!json.stdout.contains("not read"))
        let document = try json.json()
        #expect(document["channel"] as? String == "x")
        #expect(document["ignoredChannels"] as? [String] == ["y", "scale", "opacity"])
        let chosen = try MotionLabExecutable.run(arguments + ["--column", "scale", "--json"]).json()
        #expect(chosen["channel"] as? String == "scale")
        #expect(chosen["ignoredChannels"] as? [String] == ["x", "y", "opacity"])
        // From standard input too.
        let piped = try MotionLabExecutable.run(arguments.map { $0 == Self.card ? "-" : $0 } + ["--json"],
                                                stdin: try String(contentsOfFile: Self.card, encoding: .utf8)).json()
        #expect(piped["ignoredChannels"] as? [String] == ["y", "scale", "opacity"])
    }

    /// A recording with one channel: `ignoredChannels` is there, and empty.
    @Test(arguments: [["fit", "keyframes", "--keyframes", "3"], ["fit", "spring"], ["fit", "bezier"], ["settle"]])
    func aSingleChannelRecordingIgnoresNone(_ command: [String]) throws {
        let path = Self.data("data/recordings/spring-bouncy-60hz.csv")
        let result = try MotionLabExecutable.run(Array(command.prefix(2)) + [path] + command.dropFirst(2) + ["--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try result.json()
        #expect(document["channel"] as? String == "y")
        #expect(document["ignoredChannels"] as? [String] == [])
    }
}
