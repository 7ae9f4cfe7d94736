import Foundation
@testable import MotionIO
import Testing

/// Semicolon- and tab-separated recordings (European spreadsheets, tracker exports) read as the
/// comma form does: the delimiter comes from the header line, or from `RecordingDialect`.
@Suite("Recording reader: delimiters")
struct DelimiterTests {
    /// One recording, written by hand in each form; the numbers below are what it says.
    static let forms: [(name: String, text: String)] = [
        ("comma", "# capture\ntime,y,scale\n0,812,1\n0.0167,811.25,1\n0.0333,806.5,0.99\n"),
        ("semicolon, decimal points", "# capture\ntime;y;scale\n0;812;1\n0.0167;811.25;1\n0.0333;806.5;0.99\n"),
        ("semicolon, decimal commas", "# capture\ntime;y;scale\n0;812;1\n0,0167;811,25;1\n0,0333;806,5;0,99\n"),
        ("tab", "# capture\ntime\ty\tscale\n0\t812\t1\n0.0167\t811.25\t1\n0.0333\t806.5\t0.99\n"),
        ("quoted semicolons, CRLF", "\"time\";\"y\";\"scale\"\r\n\"0\";812;1\r\n\"0,0167\";\"811,25\";1\r\n0,0333;806,5;0,99\r\n"),
    ]
    static let times = [0, 0.0167, 0.0333]
    static let y = [812, 811.25, 806.5]
    static let scale = [1, 1, 0.99]

    @Test("the same recording in every form reads to the same values", arguments: forms.map(\.name), Path.allCases)
    func sameValues(_ name: String, path: Path) {
        let text = Self.forms.first { $0.name == name }!.text
        let y = parse(text, path: path)
        #expect(y.error == nil, "\(y)")
        #expect(y.times == Self.times.map(\.bitPattern))
        #expect(y.values == Self.y.map(\.bitPattern))
        #expect(y.channels == ["y", "scale"])
        #expect(parse(text, column: "scale", path: path).values == Self.scale.map(\.bitPattern))
        // Byte by byte: the header, and so the delimiter, may arrive in pieces.
        #expect(parse(text, path: path, chunks: Array(repeating: 1, count: text.utf8.count)).values == Self.y.map(\.bitPattern))
    }

    @Test("several channels, and a file read from disk", arguments: forms.map(\.name))
    func channelsAndFiles(_ name: String) throws {
        let text = Self.forms.first { $0.name == name }!.text
        let channels = try RecordingReader.parseChannels(text)
        #expect(channels.channels.map(\.values) == [Self.y, Self.scale])
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("motionlab-delimiter-\(UUID().uuidString).csv")
        try text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try RecordingReader.read(path: url.path).values == Self.y)
        #expect(try RecordingReader.readChannels(path: url.path).channels.map(\.values) == [Self.y, Self.scale])
        var streamed: [Double] = []
        try RecordingReader.stream(path: url.path) { _, value in streamed.append(value) }
        #expect(streamed == Self.y)
    }

    /// A file past the parallel threshold, parsed in halves on two cores: semicolons and decimal
    /// commas give the comma file's bits.
    @Test func largeFilesInHalves() throws {
        var comma = "time,y\n", semicolon = "time;y\n"
        let rows = RecordingReader.parallelThreshold / 12 + 1000
        for i in 0..<rows {
            let (t, y) = ("\(i).25", "\(i % 977).5")
            comma += "\(t),\(y)\n"
            semicolon += "\(t.replacingOccurrences(of: ".", with: ",")) ;\(y)\n"
        }
        var files: [String] = []
        for text in [comma, semicolon] {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("motionlab-halves-\(UUID().uuidString).csv")
            try text.write(to: url, atomically: true, encoding: .utf8)
            files.append(url.path)
        }
        defer { for file in files { try? FileManager.default.removeItem(atPath: file) } }
        #expect(semicolon.utf8.count >= RecordingReader.parallelThreshold)
        let a = try RecordingReader.read(path: files[0]), b = try RecordingReader.read(path: files[1])
        let same = a == b  // compared outside #expect, which would print both on a failure
        #expect(a.count == rows && same)
        #expect(b.times[3] == 3.25 && b.values[3] == 3.5)
        let halves = RecordingReader.readInParallel(path: files[1], column: nil, clock: .seconds, maximumSamples: .max)
        let sameInHalves = halves == b
        #expect(halves != nil && sameInHalves)
    }

    @Test("detection from the header line", arguments: [
        ("time,y", RecordingDialect.Delimiter.comma), ("time;y;x", .semicolon), ("time\ty", .tab),
        ("t;\"a,b\";c", .semicolon), ("time,\ty", .comma), ("time;y,z;w", .semicolon), ("time", .comma),
        ("Time\t,\tc0\t,\tc1", .comma), ("time\tx;y", .semicolon), ("time;x,y", .comma),
    ])
    func detection(_ header: String, expected: RecordingDialect.Delimiter) {
        #expect(RecordingDialect.Delimiter.detect(header: header.utf8) == expected)
    }

    /// A delimiter given overrides the detection; when it does not split the header, the error
    /// says which one the header seems to use.
    @Test func givenDelimiterThatDoesNotFit() {
        let outcome = parse("time;y\n0;1\n", path: .fast, dialect: RecordingDialect(delimiter: .comma))
        #expect(outcome.error?.line == 1)
        #expect(outcome.error?.message.contains("--delimiter semicolon") == true, "\(outcome)")
        // A tab file read as semicolons: the header's one field is not 'time'.
        let tab = parse("time\ty\n0\t1\n", path: .fast, dialect: RecordingDialect(delimiter: .semicolon))
        #expect(tab.error?.message.contains("--delimiter tab") == true, "\(tab)")
        // Given and right: the same as detected.
        #expect(parse("time;y\n0;1,5\n", path: .fast, dialect: RecordingDialect(delimiter: .semicolon)).values == [Double(1.5).bitPattern])
    }

    /// Decimal commas: in semicolon files only, one comma and no point.
    @Test("decimal commas", arguments: [
        ("time;y\n0;1.000,5\n", "'1.000,5' is not a number"),
        ("time;y\n0;1,000,5\n", "'1,000,5' is not a number"),
        ("time\ty\n0\t0,5\n", "thousands separator"),
        ("time,y\n0,\"0,5\"\n", "write decimals with a point"),
    ], Path.allCases)
    func decimalCommas(_ bad: (text: String, message: String), path: Path) {
        let (text, message) = bad
        let outcome = parse(text, path: path)
        #expect(outcome.error?.line == 2, "\(outcome)")
        #expect(outcome.error?.message.contains(message) == true, "\(outcome)")
    }

    @Test func decimalCommaValues() {
        let outcome = parse("time;y\n0;-1,25e3\n0,5;,5\n1;7,\n", path: .fast)
        #expect(outcome.times == [0, 0.5, 1].map(\.bitPattern), "\(outcome)")
        #expect(outcome.values == [-1250, 0.5, 7].map(\.bitPattern), "\(outcome)")
    }
}
