import Foundation
@testable import MotionIO
import Testing

/// Several channels in one pass, frame-numbered captures and tracker CSVs (SPEC §11).
@Suite("Recording reader: several channels, frames, trackers")
struct MultiChannelReaderTests {
    /// One read, by either row path (fast, or careful for every row).
    static func channels(_ text: String, columns: [String]? = nil, clock: RecordingClock = .seconds, fast: Bool = true) throws(RecordingError) -> MultiChannelRecording {
        var parser = RecordingReader.Parser(file: "capture.csv", columns: columns, clock: clock)
        try parser.checkClock()
        try parser.checkRequest()
        try parser.consume(Data(text.utf8), fast: fast)
        return try parser.finishChannels(fast: fast)
    }

    static let plain = "# a card\ntime,x,y,scale,opacity\n0,1,10,0.8,0\n0.5,2,20,0.9,0.5\n1,3,30,1,1\n"

    struct Selection: Sendable, CustomTestStringConvertible {
        var columns: [String]?
        var names: [String]
        var testDescription: String { columns?.joined(separator: ",") ?? "all" }
    }

    @Test(arguments: [
        Selection(columns: nil, names: ["x", "y", "scale", "opacity"]),
        Selection(columns: ["y", "x"], names: ["y", "x"]),
        Selection(columns: ["opacity"], names: ["opacity"]),
    ], [true, false])
    func plainChannels(_ selection: Selection, fast: Bool) throws {
        let recording = try Self.channels(Self.plain, columns: selection.columns, fast: fast)
        #expect(recording.names == selection.names)
        #expect(recording.layout == .plain && recording.sharesTimes)
        let expected: [String: [Double]] = ["x": [1, 2, 3], "y": [10, 20, 30], "scale": [0.8, 0.9, 1], "opacity": [0, 0.5, 1]]
        for channel in recording.channels {
            #expect(channel.times == [0, 0.5, 1])
            #expect(channel.values == expected[channel.channel])
            #expect(channel.channels == ["x", "y", "scale", "opacity"])
        }
    }

    /// The fast and careful paths give the same bits for several channels, as for one.
    @Test func pathsAgree() throws {
        var text = "time,a,b,c\n"
        var generator = SystemRandomNumberGenerator()
        for i in 0..<500 {
            text += "\(Double(i) / 60 + 1e-9 * Double(i % 7)),\(Double.random(in: -1e6...1e6, using: &generator)),\(Double.random(in: -1...1, using: &generator)),+\(i)\n"
        }
        let fast = try Self.channels(text, columns: ["c", "a"])
        let careful = try Self.channels(text, columns: ["c", "a"], fast: false)
        #expect(fast == careful)
        #expect(fast.channels[0].values.last == 499)
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var columns: [String]? = nil
        var clock: RecordingClock = .seconds
        var line: Int?
        var fragment: String
        var testDescription: String { name }
    }

    /// Every error names the file, the line where there is one, and what is wrong.
    @Test(arguments: [
        Failure(name: "a missing column is named", text: plain, columns: ["x", "rotation"], line: 2, fragment: "has no column 'rotation'; its channels are x, y, scale, opacity"),
        Failure(name: "a channel asked for twice", text: plain, columns: ["x", "x"], line: nil, fragment: "'x' is asked for twice"),
        Failure(name: "a missing cell in a plain CSV", text: "time,x,y\n0,1,2\n1,,3\n", line: 3, fragment: "column 'x': '' is not a number"),
        Failure(name: "a short row in a plain CSV", text: "time,x,y\n0,1,2\n1,3\n", line: 3, fragment: "has 2 fields; the header has 3"),
        Failure(name: "frame without fps", text: "frame,x\n0,1\n1,2\n", line: 1, fragment: "give the capture's frame rate with --fps F"),
        Failure(name: "fps with a time column", text: plain, clock: RecordingClock(fps: 60), line: 2, fragment: "does not apply: it is for a 'frame' column"),
        Failure(name: "ms with a frame column", text: "frame,x\n0,1\n", clock: RecordingClock(timeUnit: .ms, fps: 60), line: 1, fragment: "--time-unit"),
        Failure(name: "a repeated frame", text: "frame,x\n0,1\n2,2\n2,3\n", clock: RecordingClock(fps: 30), line: 4, fragment: "frame 2 repeats the previous row's frame: frames must strictly increase"),
        Failure(name: "a frame going back", text: "frame,x\n0,1\n5,2\n3,3\n", clock: RecordingClock(fps: 30), line: 4, fragment: "frame 3 comes before the previous row's frame 5"),
        Failure(name: "a fractional frame", text: "frame,x\n0,1\n1.5,2\n", clock: RecordingClock(fps: 30), line: 3, fragment: "is not a whole frame number"),
        Failure(name: "fps 0", text: "frame,x\n0,1\n", clock: RecordingClock(fps: 0), line: nil, fragment: "must be a finite number in (0, 1000]"),
        Failure(name: "fps above 1000", text: "frame,x\n0,1\n", clock: RecordingClock(fps: 1001), line: nil, fragment: "in (0, 1000] frames per second; got 1001"),
        Failure(name: "fps NaN", text: "frame,x\n0,1\n", clock: RecordingClock(fps: .nan), line: nil, fragment: "must be a finite number"),
        Failure(name: "a tracker row missing a field", text: "time,id,x,y\n0,a,1,2\n0,b,3\n", line: 3, fragment: "has 3 fields; the header has 4 (time,id,x,y)"),
        Failure(name: "a tracker row with an empty value", text: "time,id,x,y\n0,a,1,2\n0,b,3,\n", line: 3, fragment: "column 'y' of object 'b' is empty"),
        Failure(name: "a tracker row without its object", text: "time,id,x,y\n0,a,1,2\n0,,3,4\n", line: 3, fragment: "column 'id' is empty"),
        Failure(name: "an object twice at one time", text: "t,object,x,y\n0,a,1,2\n0,b,1,2\n0,a,3,4\n", line: 4, fragment: "object 'a' has time 0 twice (also on line 2)"),
        Failure(name: "an object's frames going back", text: "frame,track,x,y\n3,a,1,2\n1,a,3,4\n", clock: RecordingClock(fps: 60), line: 3, fragment: "object 'a': frame 1 comes before its previous frame 3 (line 2)"),
        Failure(name: "a tracker channel that is not there", text: "time,id,x,y\n0,a,1,2\n1,a,3,4\n", columns: ["b.x"], line: nil, fragment: "has no channel 'b.x'; a tracker CSV's channels are object.column, here a.x, a.y"),
        Failure(name: "a tracker header without values", text: "time,id\n0,a\n", line: 1, fragment: "no value column follows it"),
    ])
    func errors(_ failure: Failure) {
        for fast in [true, false] {
            do {
                let recording = try Self.channels(failure.text, columns: failure.columns, clock: failure.clock, fast: fast)
                Issue.record("read \(recording.names), expected an error containing \(failure.fragment)")
            } catch {
                #expect(error.file == "capture.csv")
                #expect(error.line == failure.line, "\(error)")
                #expect(error.message.contains(failure.fragment), "\(error)")
            }
        }
    }

    /// Frames with gaps (dropped frames): time = frame / fps, exactly.
    @Test(arguments: [24.0, 30, 60, 120, 59.94])
    func framesWithGaps(_ fps: Double) throws {
        let frames: [Double] = [0, 1, 2, 5, 6, 10, 11, 30]
        let text = "Frame,x,y\n" + frames.map { "\(Int($0)),\($0 * 2),\(-$0)" }.joined(separator: "\n") + "\n"
        for fast in [true, false] {
            let recording = try Self.channels(text, clock: RecordingClock(fps: fps), fast: fast)
            #expect(recording.channels[0].times == frames.map { $0 / fps })
            #expect(recording.channels[1].values == frames.map { -$0 })
        }
        let one = try RecordingReader.parse(text, column: "y", clock: RecordingClock(fps: fps))
        #expect(one.times == frames.map { $0 / fps } && one.channel == "y")
    }

    /// A tracker CSV: objects pivoted into ID.x/ID.y, each with the frames it was seen on.
    @Test func trackerPivot() throws {
        let text = """
            # two dots; b appears on frame 2, a is lost on frame 3
            frame,id,x,y
            0,a,10,100
            1,a,11,101
            2,a,12,102
            2,b,50,500
            3,b,51,501
            4,b,52,502
            4,a,14,104

            """
        for fast in [true, false] {
            let recording = try Self.channels(text, clock: RecordingClock(fps: 10), fast: fast)
            #expect(recording.layout == .tracker)
            #expect(recording.names == ["a.x", "a.y", "b.x", "b.y"])
            #expect(recording["a.x"]?.times == [0, 0.1, 0.2, 0.4])
            #expect(recording["a.y"]?.values == [100, 101, 102, 104])
            #expect(recording["b.x"]?.times == [0.2, 0.3, 0.4])
            #expect(recording["b.y"]?.values == [500, 501, 502])
            #expect(recording["b.y"]?.channels == ["a.x", "a.y", "b.x", "b.y"])
            #expect(recording.startTime == 0 && !recording.sharesTimes)
        }
        // One channel of a tracker, as every single-channel command reads it.
        let b = try RecordingReader.parse(text, column: "b.y", clock: RecordingClock(fps: 10))
        #expect(b.times == [0.2, 0.3, 0.4] && b.values == [500, 501, 502] && b.channel == "b.y")
        let first = try RecordingReader.parse(text, clock: RecordingClock(fps: 10))
        #expect(first.channel == "a.x")
        // Objects grouped rather than interleaved are the same objects.
        let grouped = "time,object,x,y\n0,a,1,2\n1,a,3,4\n0.5,b,5,6\n"
        let g = try Self.channels(grouped, columns: ["b.y", "a.x"])
        #expect(g.names == ["b.y", "a.x"] && g.channels[1].times == [0, 1] && g.channels[0].times == [0.5])
    }

    /// --time-unit ms applies to several channels and to trackers as to one channel.
    @Test func millisecondsEverywhere() throws {
        let plain = try Self.channels("time,x,y\n0,1,2\n16,3,4\n", clock: RecordingClock(timeUnit: .ms))
        #expect(plain.channels.allSatisfy { $0.times == [0, 16 * 0.001] })
        let tracker = try Self.channels("t,id,x,y\n0,a,1,2\n16,a,3,4\n", clock: RecordingClock(timeUnit: .ms))
        #expect(tracker["a.y"]?.times == [0, 16 * 0.001])
        let one = try RecordingReader.parse("time,x\n0,1\n16,3\n", clock: RecordingClock(timeUnit: .ms))
        #expect(one.times == Recording(times: [0, 16], values: [1, 3]).converted(from: .ms).times)
    }

    /// Files: one pass over a file gives the same channels as the text.
    @Test func fileAndTextAgree() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("multichannel-\(UUID().uuidString).csv")
        try Data(Self.plain.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try RecordingReader.readChannels(path: url.path, columns: ["scale", "x"])
        let text = try RecordingReader.parseChannels(Self.plain, columns: ["scale", "x"])
        #expect(file.channels.map(\.values) == text.channels.map(\.values))
        #expect(throws: RecordingError.self) { try RecordingReader.readChannels(path: url.path, maximumSamples: 2) }
    }
}
