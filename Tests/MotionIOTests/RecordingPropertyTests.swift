import Foundation
import MotionNumerics
@testable import MotionIO
import PropertyBased
import Testing

/// A random recording CSV, with what each data row was made from.
struct GeneratedCSV: Sendable, CustomStringConvertible {
    struct Row: Sendable {
        /// The fields as written (before padding); field 0 is the time.
        var fields: [String]
        /// The number the time text was printed from (printed losslessly).
        var time: Double
        /// The number the value text was printed from, when printed losslessly.
        var value: Double?
        /// The line the row is on (1-based).
        var line = 0
    }

    var bytes: [UInt8] = []
    var header: [String] = []
    var column: String? = nil
    var channelIndex = 1
    var rows: [Row] = []
    /// Chunk sizes for a streamed read.
    var chunks: [Int] = []
    /// For a corrupted file: the line and a fragment of the error it must give.
    var expectedError: (line: Int, fragment: String)? = nil

    var description: String { visible(bytes) + (column.map { " (column \($0))" } ?? "") }
}

/// Random CSVs whose numbers are printed in random formats: Swift's shortest form, %g and %e
/// to 17–40 digits (lossless), and %e, %g, %f to fewer digits (lossy, values only); with random
/// signs, leading zeros, exponent case, blanks around fields, LF or CRLF line ends, comment and
/// blank lines, a byte-order mark, and no newline at the end.
enum CSVMaker {
    static func double<R: RandomNumberGenerator>(_ rng: inout R) -> Double {
        switch Int.random(in: 0..<7, using: &rng) {
        case 0:
            while true {
                let x = Double(bitPattern: UInt64.random(in: .min ... .max, using: &rng))
                if x.isFinite { return x }
            }
        case 1: return Double.random(in: -1000...1000, using: &rng)
        case 2: return Double(Int.random(in: -100...100, using: &rng))
        case 3:
            let special: [Double] = [0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude,
                                     Double.leastNormalMagnitude.nextDown, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                                     0.1, 1.0 / 3, 9007199254740992, 9007199254740994, 1e23, 5e-324, 1e-310, 0.5, 1.5]
            return special.randomElement(using: &rng)!
        case 4:
            return Double.random(in: -1..<1, using: &rng) * pow(10, Double(Int.random(in: -325...308, using: &rng)))
        case 5: return Double(Int.random(in: 0...600, using: &rng)) / 60
        default: return Double.random(in: -1...1, using: &rng).nextUp
        }
    }

    /// `x` as text; lossless formats read back as `x` exactly.
    static func format<R: RandomNumberGenerator>(_ x: Double, lossless: Bool, _ rng: inout R) -> String {
        var text: String
        switch Int.random(in: 0..<(lossless ? 3 : 6), using: &rng) {
        case 0: text = "\(x)"
        case 1: text = String(format: "%.\(Int.random(in: 17...40, using: &rng))g", x)
        case 2: text = String(format: "%.\(Int.random(in: 16...40, using: &rng))e", x)
        case 3: text = String(format: "%.\(Int.random(in: 0...15, using: &rng))e", x)
        case 4: text = String(format: "%.\(Int.random(in: 1...16, using: &rng))g", x)
        default: text = String(format: "%.\(Int.random(in: 0...25, using: &rng))f", x)
        }
        if Bool.random(using: &rng) { text = text.uppercased() }
        var sign = ""
        if text.hasPrefix("-") {
            sign = "-"
            text.removeFirst()
        } else if Int.random(in: 0..<4, using: &rng) == 0 {
            sign = "+"
        }
        if Int.random(in: 0..<5, using: &rng) == 0 { text = String(repeating: "0", count: Int.random(in: 1...3, using: &rng)) + text }
        return sign + text
    }

    static func blank<R: RandomNumberGenerator>(_ rng: inout R) -> String {
        ["", "", "", " ", "  ", "\t", " \t "].randomElement(using: &rng)!
    }

    /// A well-formed CSV (every row readable, times strictly increasing).
    static func wellFormed<R: RandomNumberGenerator>(_ rng: inout R) -> GeneratedCSV {
        var csv = GeneratedCSV()
        let channels = Int.random(in: 1...4, using: &rng)
        csv.header = [["time", "t", "Time", "T", "TIME"].randomElement(using: &rng)!] + (0..<channels).map { "c\($0)" }
        csv.channelIndex = Int.random(in: 1...channels, using: &rng)
        if csv.channelIndex > 1 || Bool.random(using: &rng) { csv.column = csv.header[csv.channelIndex] }

        var times: [Double] = []
        for time in ((0..<Int.random(in: 1...40, using: &rng)).map { _ in double(&rng) }).sorted() where times.last.map({ time > $0 }) ?? true {
            times.append(time)
        }
        let junk = ["", "n/a", "x y", "é", "—", "#", "nan", "inf"]
        for time in times {
            var row = GeneratedCSV.Row(fields: [format(time, lossless: true, &rng)], time: time)
            for index in 1...channels {
                if index == csv.channelIndex {
                    let value = double(&rng)
                    // A value near the largest, printed to fewer digits, could round past it.
                    let lossless = abs(value) > 1e307 || Bool.random(using: &rng)
                    row.fields.append(format(value, lossless: lossless, &rng))
                    row.value = lossless ? value : nil
                } else {
                    row.fields.append(Bool.random(using: &rng) ? format(double(&rng), lossless: false, &rng) : junk.randomElement(using: &rng)!)
                }
            }
            csv.rows.append(row)
        }
        return csv
    }

    /// Writes `csv.bytes` from the header and rows, with comments, blank lines and line ends
    /// chosen at random, and numbers each row's line; then picks chunk sizes.
    static func render<R: RandomNumberGenerator>(_ csv: inout GeneratedCSV, _ rng: inout R) {
        let lineEnds = [["\n"], ["\r\n"], ["\n", "\r\n"]].randomElement(using: &rng)!
        var lines: [String] = []
        func extras() {
            while Int.random(in: 0..<6, using: &rng) == 0 {
                lines.append(["", " ", "\t", "# a comment", "#a, b, c", "  # indented, with a comma", "#"].randomElement(using: &rng)!)
            }
        }
        extras()
        let bom = Int.random(in: 0..<8, using: &rng) == 0 ? "\u{FEFF}" : ""
        // (No blanks between a byte-order mark and the first name: see RecordingReaderKnownIssueTests.)
        let names = csv.header.map { blank(&rng) + $0 + blank(&rng) }
        lines.append(bom.isEmpty ? names.joined(separator: ",") : bom + csv.header[0] + names.dropFirst().map { "," + $0 }.joined())
        for index in csv.rows.indices {
            extras()
            lines.append(csv.rows[index].fields.map { blank(&rng) + $0 + blank(&rng) }.joined(separator: ","))
            csv.rows[index].line = lines.count
        }
        extras()
        var text = ""
        for (number, line) in lines.enumerated() {
            text += line
            if number < lines.count - 1 || Bool.random(using: &rng) { text += lineEnds.randomElement(using: &rng)! }
        }
        csv.bytes = Array(text.utf8)
        var total = 0
        while total < csv.bytes.count {
            let size = Int.random(in: 1...max(1, csv.bytes.count / Int.random(in: 1...8, using: &rng)), using: &rng)
            csv.chunks.append(size)
            total += size
        }
    }

    static let wellFormedCSV = Generator<GeneratedCSV, Shrink.None<GeneratedCSV>>(run: { rng in
        var csv = wellFormed(&rng)
        render(&csv, &rng)
        return csv
    })

    /// A well-formed CSV with one row broken in one of the ways a recording can be wrong. (Never
    /// by a blank field or a control byte inside a row: the paths disagree there, and those inputs
    /// are in RecordingReaderKnownIssueTests.)
    static let corruptedCSV = Generator<GeneratedCSV, Shrink.None<GeneratedCSV>>(run: { rng in
        var csv = wellFormed(&rng)
        let k = Int.random(in: 0..<csv.rows.count, using: &rng)
        var fields = csv.rows[k].fields
        let numeric = Bool.random(using: &rng) ? 0 : csv.channelIndex
        let fragment: String
        switch Int.random(in: 0..<6, using: &rng) {
        case 0:
            var drop = Int.random(in: 0..<fields.count, using: &rng)
            // Not so that the row starts with '#': that would make it a comment.
            if drop == 0 && fields[1].hasPrefix("#") { drop = 1 }
            fields.remove(at: drop)
            fragment = "has \(fields.count) fields; the header has \(fields.count + 1)"
        case 1:
            fields.insert(["1", "x", "", "nan"].randomElement(using: &rng)!, at: Int.random(in: 0...fields.count, using: &rng))
            fragment = "has \(fields.count) fields; the header has \(fields.count - 1)"
        case 2:
            fields[numeric] = ["abc", "1.2.3", "1e", "1e+", "--1", "+-1", "0x", "\u{661}", "1 2", ".", "e5", "1px", "0;5"]
                .randomElement(using: &rng)!
            fragment = "column '\(csv.header[numeric])': '\(fields[numeric])' is not a number"
        case 3:
            fields[numeric] = ["nan", "NaN", "-nan", "inf", "-inf", "Infinity", "+INF", "1e999", "-1e400", "1.8e308"].randomElement(using: &rng)!
            fragment = "column '\(csv.header[numeric])': \(fields[numeric]) is not a finite number"
        case 4 where k > 0:
            fields[0] = csv.rows[k - 1].fields[0]
            fragment = "repeats the previous row's time"
        case 5 where k > 0 && csv.rows[k - 1].time > -.greatestFiniteMagnitude:
            fields[0] = format(csv.rows[k - 1].time.nextDown, lossless: true, &rng)
            fragment = "comes before the previous row's time"
        default:
            fields[0] = "inf"
            fragment = "column '\(csv.header[0])': inf is not a finite number"
        }
        csv.rows[k].fields = fields
        render(&csv, &rng)
        csv.expectedError = (csv.rows[k].line, fragment)
        return csv
    })
}

@Suite("Recording reader: random CSVs")
struct RecordingPropertyTests {
    /// Random well-formed CSVs: both paths give bit-identical samples, equal to `Double(String)`
    /// of each field's text (an independent parser), and, for the numbers printed losslessly,
    /// to the number printed; and reading the bytes in random chunks gives the same.
    @Test func wellFormedFilesReadTheSameOnBothPaths() async {
        await propertyCheck(count: 400, input: CSVMaker.wellFormedCSV) { csv in
            let fast = parse(csv.bytes, column: csv.column, path: .fast)
            let careful = parse(csv.bytes, column: csv.column, path: .careful)
            #expect(fast == careful, "\(csv)")
            #expect(careful.error == nil, "\(careful); \(csv)")
            guard careful.error == nil else { return }
            #expect(careful.channel == csv.header[csv.channelIndex])
            #expect(careful.channels == Array(csv.header.dropFirst()))
            #expect(careful.times.count == csv.rows.count, "\(csv)")
            for (row, (t, y)) in zip(csv.rows, zip(careful.times, careful.values)) {
                let timeText = row.fields[0], valueText = row.fields[csv.channelIndex]
                #expect(Double(timeText)?.bitPattern == t, "time '\(timeText)' read as \(Double(bitPattern: t)); \(csv)")
                #expect(row.time.bitPattern == t, "time \(row.time) printed '\(timeText)' read as \(Double(bitPattern: t))")
                #expect(Double(valueText)?.bitPattern == y, "value '\(valueText)' read as \(Double(bitPattern: y)); \(csv)")
                if let value = row.value {
                    #expect(value.bitPattern == y, "value \(value) printed '\(valueText)' read as \(Double(bitPattern: y))")
                }
            }
            for path in Path.allCases {
                let chunked = parse(csv.bytes, column: csv.column, path: path, chunks: csv.chunks)
                #expect(chunked == careful, "\(path) in chunks \(csv.chunks): \(chunked); \(csv)")
            }
        }
    }

    /// Random CSVs with one bad row (a missing or an extra field, a non-numeric or non-finite
    /// number, a repeated or earlier time): both paths, whole or in chunks, give the same error,
    /// on the bad row's line.
    @Test func badRowsGiveTheSameErrorOnBothPaths() async {
        await propertyCheck(count: 400, input: CSVMaker.corruptedCSV) { csv in
            let fast = parse(csv.bytes, column: csv.column, path: .fast)
            let careful = parse(csv.bytes, column: csv.column, path: .careful)
            #expect(fast == careful, "\(csv)")
            #expect(careful.error?.line == csv.expectedError?.line, "\(careful); expected line \(csv.expectedError!.line); \(csv)")
            #expect(careful.error?.message.contains(csv.expectedError!.fragment) == true,
                    "\(careful); expected \"\(csv.expectedError!.fragment)\"; \(csv)")
            for path in Path.allCases {
                let chunked = parse(csv.bytes, column: csv.column, path: path, chunks: csv.chunks)
                #expect(chunked == careful, "\(path) in chunks \(csv.chunks): \(chunked); \(csv)")
            }
        }
    }

    /// Random chunk sizes, from single bytes up, over random CSVs: the same as one `consume`.
    @Test func randomChunksReadLikeOneBlock() async {
        await propertyCheck(count: 200, input: CSVMaker.wellFormedCSV, Gen.int(in: 1...16), Gen.uint64()) { csv, largest, seed in
            var rng = SplitMix64(seed: seed)
            var chunks: [Int] = []
            while chunks.reduce(0, +) < csv.bytes.count { chunks.append(Int.random(in: 1...largest, using: &rng)) }
            for path in Path.allCases {
                let whole = parse(csv.bytes, column: csv.column, path: path)
                let chunked = parse(csv.bytes, column: csv.column, path: path, chunks: chunks)
                #expect(chunked == whole, "\(path) in chunks \(chunks): \(chunked); whole: \(whole); \(csv)")
            }
        }
    }
}
