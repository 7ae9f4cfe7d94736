import Foundation
import MotionIO
import Testing

/// Files of at least `RecordingReader.parallelThreshold` bytes are parsed in two halves at once;
/// the serial parser of the same text (`RecordingReader.parse`) is the reference, to the bit and
/// to the error's line number.
@Suite("Large recordings read on two cores")
struct ParallelReadTests {
    /// A 120 Hz capture of `rows` rows printed losslessly, so every bit of every number matters.
    static func text(rows: Int, comment: Bool = true) -> String {
        var text = "# a capture\ntime,x,y\n"
        text.reserveCapacity(rows * 48)
        for i in 0..<rows {
            let t = Double(i) / 120
            text += "\(t),\(sin(t) * 1e-3 + 0.1 * Double(i % 7)),\(exp(-t) * 300)\n"
            if comment && i == rows * 3 / 4 { text += "# a note halfway through the second half\n" }
        }
        return text
    }

    static func write(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "motionlab-parallel-\(UUID().uuidString).csv"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func sameNumbersAsTheSerialParser() throws {
        let text = Self.text(rows: 260_000)
        #expect(text.utf8.count >= RecordingReader.parallelThreshold)
        let path = try Self.write(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        for column in [nil, "y"] {
            let parallel = try RecordingReader.read(path: path, column: column)
            let serial = try RecordingReader.parse(text, name: path, column: column)
            #expect(parallel.count == 260_000)
            #expect(parallel.times.map(\.bitPattern) == serial.times.map(\.bitPattern))
            #expect(parallel.values.map(\.bitPattern) == serial.values.map(\.bitPattern))
            #expect(parallel.channel == serial.channel && parallel.channels == serial.channels)
        }
    }

    /// Several channels (all of them, and two in another order) read on two cores: the serial
    /// parser's numbers to the bit, and the channels share one times array.
    @Test func severalChannelsAsTheSerialParser() throws {
        let text = Self.text(rows: 260_000)
        let path = try Self.write(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        for columns in [nil, ["y", "x"]] as [[String]?] {
            #expect(RecordingReader.readChannelsInParallel(path: path, columns: columns, clock: .seconds, maximumSamples: 20_000_000) != nil)
            let parallel = try RecordingReader.readChannels(path: path, columns: columns)
            let serial = try RecordingReader.parseChannels(text, name: path, columns: columns)
            #expect(parallel.channels.map(\.channel) == serial.channels.map(\.channel))
            for (p, s) in zip(parallel.channels, serial.channels) {
                #expect(p.count == 260_000)
                #expect(p.times.map(\.bitPattern) == s.times.map(\.bitPattern))
                #expect(p.values.map(\.bitPattern) == s.values.map(\.bitPattern))
                #expect(p.channels == s.channels)
            }
        }
        // A bad row in the second half leaves the file to the serial reader: its error, its line.
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        lines[200_000] = "3.5,1,abc"
        let bad = lines.joined(separator: "\n")
        let badPath = try Self.write(bad)
        defer { try? FileManager.default.removeItem(atPath: badPath) }
        #expect(RecordingReader.readChannelsInParallel(path: badPath, columns: nil, clock: .seconds, maximumSamples: 20_000_000) == nil)
        let serial = Result { () throws(RecordingError) in try RecordingReader.parseChannels(bad, name: badPath) }
        let parallel = Result { () throws(RecordingError) in try RecordingReader.readChannels(path: badPath) }
        guard case .failure(let s) = serial, case .failure(let p) = parallel else { Issue.record("read a bad row"); return }
        #expect(s == p && p.line == 200_001, "\(p)")
    }

    /// A bad row in the second half, and a second half that starts again at time 0: the same
    /// error, at the same line, as the serial parser.
    @Test(arguments: ["bad row", "time goes back", "no final newline", "too many samples"])
    func sameErrorsAsTheSerialParser(_ fault: String) throws {
        var text = Self.text(rows: 260_000, comment: false)
        var limit = 20_000_000
        switch fault {
        case "bad row":
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            text = (lines[..<200_000] + ["3.5,abc,1"] + lines[200_001...]).joined(separator: "\n")
        case "time goes back":
            let body = text.split(separator: "\n", maxSplits: 2)[2]
            text += body
        case "no final newline":
            text.removeLast()
        default:
            limit = 259_999
        }
        let path = try Self.write(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let serial = Result { () throws(RecordingError) in try RecordingReader.parse(text, name: path) }
        let parallel = Result { () throws(RecordingError) in try RecordingReader.read(path: path, maximumSamples: limit) }
        if fault == "too many samples" {
            guard case .failure(let p) = parallel else { Issue.record("read past the limit"); return }
            #expect(p.message.contains("more than 259999 samples"))
            return
        }
        switch (serial, parallel) {
        case let (.failure(s), .failure(p)):
            #expect(s == p)
            #expect(fault != "bad row" || p.line == 200_001)  // element 200000 of the split is line 200001
        case let (.success(s), .success(p)):
            #expect(fault == "no final newline")
            #expect(s.times == p.times && s.values == p.values)
        default:
            Issue.record("\(fault): serial \(serial), parallel \(parallel)")
        }
    }
}
