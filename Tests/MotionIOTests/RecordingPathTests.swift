import Foundation
@testable import MotionIO
import Testing

/// One handwritten recording CSV and what reading it must give. Expected numbers are Swift
/// literals (converted by the compiler, not by strtod or `Double(String)`), so they are
/// independent of both of the reader's paths.
struct ReaderCase: Sendable, CustomTestStringConvertible {
    enum Expected: Sendable {
        /// The samples read, compared by bit pattern.
        case samples(times: [Double], values: [Double], channel: String = "value")
        /// An error on `line` (nil: about the whole file) whose message contains `fragment`.
        case error(line: Int?, _ fragment: String)
    }

    var name: String
    var bytes: [UInt8]
    var column: String? = nil
    var expected: Expected

    init(_ name: String, _ text: String, column: String? = nil, _ expected: Expected) {
        self.init(name, Array(text.utf8), column: column, expected)
    }

    init(_ name: String, _ bytes: [UInt8], column: String? = nil, _ expected: Expected) {
        self.name = name
        self.bytes = bytes
        self.column = column
        self.expected = expected
    }

    var testDescription: String { name }
}

/// Every data row of a recording can be read by two paths: `fastRow` (fields found with memchr,
/// numbers read in place by strtod) and `line(_:)` (the careful path, which also words the
/// errors). The fast path may only decline a row, never read it differently: on every input the
/// two give bit-identical samples and identical errors (message and line).
@Suite("Recording reader: fast and careful paths agree")
struct RecordingPathTests {
    static let t01 = [0.0, 1.0]

    static let cases: [ReaderCase] = [
        // Line ends, blanks, comments.
        ReaderCase("plain", "time,value\n0,1\n0.5,2\n1,3\n", .samples(times: [0, 0.5, 1], values: [1, 2, 3])),
        ReaderCase("CRLF line ends", "time,value\r\n0,1\r\n0.5,2\r\n", .samples(times: [0, 0.5], values: [1, 2])),
        ReaderCase("CRLF, no newline at the end", "time,value\r\n0,1\r\n0.5,2", .samples(times: [0, 0.5], values: [1, 2])),
        ReaderCase("CRLF, the last line ends in a lone CR", "time,value\r\n0,1\r\n0.5,2\r", .samples(times: [0, 0.5], values: [1, 2])),
        ReaderCase("mixed LF and CRLF", "time,value\n0,1\r\n0.5,2\n1,3\r\n", .samples(times: [0, 0.5, 1], values: [1, 2, 3])),
        ReaderCase("leading and trailing spaces and tabs", "  time ,\tvalue \n  0 ,\t1\t\n\t0.5 ,  2  \n1,3 \r\n",
                   .samples(times: [0, 0.5, 1], values: [1, 2, 3])),
        ReaderCase("comments and blank lines", "# exported by a tool, v1\n\ntime,value\n# a comment, with a comma\n0,1\n\n   \n\t\n  # indented\n#,\n\r\n1,2\n# trailing comment",
                   .samples(times: t01, values: [1, 2])),
        ReaderCase("a byte-order mark before the header", "\u{FEFF}time,value\n0,1\n", .samples(times: [0], values: [1])),
        ReaderCase("header 't', any case", "T,value\n0,1\n", .samples(times: [0], values: [1])),
        ReaderCase("no newline at the end", "time,value\n0,1\n1,2", .samples(times: t01, values: [1, 2])),
        ReaderCase("no newline after a comment at the end", "time,value\n0,1\n#", .samples(times: [0], values: [1])),
        ReaderCase("not UTF-8 in a comment", Array("# caf".utf8) + [0xE9] + Array("\ntime,value\n# \u{FF}".utf8) + [0xFF] + Array("\n0,1\n".utf8),
                   .samples(times: [0], values: [1])),
        ReaderCase("Unicode spaces around a number", "time,value\n0,\u{A0}1\u{3000}\n", .samples(times: [0], values: [1])),

        // Number forms.
        ReaderCase("exponents", "time,value\n1e-3,1E3\n2.5e+1,-4.25E-2\n3E2,.5\n+4e2,5.\n00040e2,0e99999999999999999999\n",
                   .samples(times: [0.001, 25, 300, 400, 4000], values: [1000, -0.0425, 0.5, 5, 0])),
        ReaderCase("negative zero", "time,value\n-0,-0\n1,-0.0\n2,-0e5\n3,-.0e-5\n", .samples(times: [-0.0, 1, 2, 3], values: [-0.0, -0.0, -0.0, -0.0])),
        ReaderCase("hexadecimal is not a decimal number (C99 and Double(String) would read 8)", "time,value\n0,0x1p3\n",
                   .error(line: 2, "is not a decimal number")),
        ReaderCase("subnormals and their rounding",
                   "time,value\n0,4.9406564584124654e-324\n1,2.2250738585072009e-308\n2,1e-310\n3,2.4703282292062328e-324\n4,2.4703282292062327e-324\n5,-1e-400\n6,2.2250738585072014e-308\n",
                   .samples(times: [0, 1, 2, 3, 4, 5, 6],
                            values: [.leastNonzeroMagnitude, Double.leastNormalMagnitude.nextDown, 1e-310,
                                     // 2^-1075 = 2.47032822920623272088…e-324 is halfway between 0 and the least subnormal.
                                     .leastNonzeroMagnitude, 0, -0.0, .leastNormalMagnitude])),
        ReaderCase("17 to 19 significant digits and halfway cases",
                   "time,value\n0,0.1000000000000000055511151231257827\n1,9007199254740993\n2,9007199254740993.0000000000000001\n3,0.30000000000000004\n4,123456789012345678\n5,1234567890123456789\n6,0.1234567890123456789\n7,-2.718281828459045235\n8,9007199254740995\n",
                   .samples(times: [0, 1, 2, 3, 4, 5, 6, 7, 8],
                            values: [0.1, 9007199254740992, 9007199254740994, 0.30000000000000004, 123456789012345678,
                                     1234567890123456789, 0.1234567890123456789, -2.718281828459045235, 9007199254740996])),
        ReaderCase("huge values", "time,value\n0,1e308\n1,-1.7976931348623158e308\n2,1.7976931348623157e+308\n1e300,17976931348623157e292\n",
                   .samples(times: [0, 1, 2, 1e300], values: [1e308, -.greatestFiniteMagnitude, .greatestFiniteMagnitude, .greatestFiniteMagnitude])),
        ReaderCase("a value past the largest", "time,value\n0,1\n1,1.7976931348623159e308\n", .error(line: 3, "not a finite number")),
        ReaderCase("a time past the largest", "time,value\n1e309,1\n", .error(line: 2, "column 'time'")),
        ReaderCase("-1e400", "time,value\n0,-1e400\n", .error(line: 2, "not a finite number")),

        // Wrong rows.
        ReaderCase("a missing field", "time,a,b\n0,1,2\n1,2\n", .error(line: 3, "has 2 fields; the header has 3 (time,a,b)")),
        ReaderCase("only the time", "time,a\n0\n", .error(line: 2, "has 1 fields")),
        ReaderCase("an extra field", "time,a\n0,1,2\n", .error(line: 2, "has 3 fields")),
        ReaderCase("a trailing comma", "time,a\n0,1,\n", .error(line: 2, "has 3 fields")),
        ReaderCase("a trailing comma, CRLF", "time,a\r\n0,1,\r\n", .error(line: 2, "has 3 fields")),
        ReaderCase("an empty value at the end of the file", "time,a\n0,\n", .error(line: 2, "'' is not a number")),
        ReaderCase("an empty value before a data row", "time,a\n0,\n1,2\n", .error(line: 2, "'' is not a number")),
        ReaderCase("an empty time", "time,a\n,1\n", .error(line: 2, "column 'time': '' is not a number")),
        ReaderCase("an empty middle field", "time,a,b\n0,,1\n", .error(line: 2, "column 'a': '' is not a number")),
        ReaderCase("letters", "time,a\n0,abc\n", .error(line: 2, "column 'a': 'abc' is not a number")),
        ReaderCase("a word for the time", "time,a\nzero,1\n", .error(line: 2, "column 'time': 'zero' is not a number")),
        ReaderCase("two points", "time,a\n0,1.2.3\n", .error(line: 2, "is not a number")),
        ReaderCase("an exponent without digits", "time,a\n0,1e\n", .error(line: 2, "is not a number")),
        ReaderCase("an exponent sign without digits", "time,a\n0,1e+\n", .error(line: 2, "is not a number")),
        ReaderCase("two signs", "time,a\n0,--1\n", .error(line: 2, "is not a number")),
        ReaderCase("a space inside", "time,a\n0,1 2\n", .error(line: 2, "is not a number")),
        ReaderCase("0x alone", "time,a\n0,0x\n", .error(line: 2, "is not a number")),
        ReaderCase("a decimal comma", "time,a\n0,\"1,5\"\n", .error(line: 2, "'1,5' is not a number (write decimals with a point)")),
        ReaderCase("Arabic-Indic digits", "time,a\n0,\u{661}\n", .error(line: 2, "is not a number")),
        ReaderCase("a unit after the number", "time,a\n0,1px\n", .error(line: 2, "is not a number")),
        ReaderCase("not UTF-8 in the value", Array("time,a\n0,1".utf8) + [0xFF] + [0x0A], .error(line: 2, "is not UTF-8 text")),
        ReaderCase("a vertical tab after the number", "time,a\n0,1\u{0B}\n", .error(line: 2, "is not a number")),
        ReaderCase("nan", "time,a\n0,nan\n", .error(line: 2, "column 'a': nan is not a finite number")),
        ReaderCase("NaN", "time,a\n0,NaN\n", .error(line: 2, "not a finite number")),
        ReaderCase("-nan", "time,a\n0,-nan\n", .error(line: 2, "not a finite number")),
        ReaderCase("nan with a payload", "time,a\n0,nan(0x7)\n", .error(line: 2, "not a")),
        ReaderCase("inf", "time,a\n0,inf\n", .error(line: 2, "not a finite number")),
        ReaderCase("-Infinity", "time,a\n0,-Infinity\n", .error(line: 2, "not a finite number")),
        ReaderCase("+INF", "time,a\n0,+INF\n", .error(line: 2, "not a finite number")),
        ReaderCase("an infinite time", "time,a\n0,1\ninf,2\n", .error(line: 3, "column 'time': inf is not a finite number")),
        ReaderCase("a NaN time", "time,a\nnan,2\n", .error(line: 2, "column 'time'")),
        ReaderCase("times out of order", "time,a\n0,1\n2,1\n1,1\n", .error(line: 4, "comes before the previous row's time")),
        ReaderCase("a repeated time", "time,a\n0,1\n0.5,1\n0.50,2\n", .error(line: 4, "time 0.5 repeats the previous row's time")),
        ReaderCase("a repeated time written another way", "time,a\n0.1,1\n1e-1,2\n", .error(line: 3, "repeats")),
        ReaderCase("-0 then 0", "time,a\n-0,1\n0,2\n", .error(line: 3, "repeats")),
        ReaderCase("the error's line counts comments and blank lines", "# c\n\ntime,a\r\n0,1\r\n# c\r\n\r\n0,2\r\n", .error(line: 7, "repeats")),
        ReaderCase("the first bad row is the one reported", "time,a\n0,1\n1,x\n2,y\n", .error(line: 3, "'x'")),

        // Whole-file cases.
        ReaderCase("an empty file", "", .error(line: nil, "is empty")),
        ReaderCase("only comments and blank lines", "# a\n\n  \n\r\n", .error(line: nil, "is empty")),
        ReaderCase("a header only", "time,value\n", .error(line: nil, "has a header but no data rows")),
        ReaderCase("a header only, no newline", "time,value", .error(line: nil, "has a header but no data rows")),
        ReaderCase("a header and comments", "time,value\n# none yet\n\n", .error(line: nil, "has a header but no data rows")),
        ReaderCase("a header that is not time", "x,y\n0,1\n", .error(line: 1, "first column must be 'time' or 't'")),
        ReaderCase("a header with no channel", "time\n0\n", .error(line: 1, "names no channel")),
        ReaderCase("a column named twice", "time,a,a\n0,1,2\n", .error(line: 1, "names the column 'a' twice")),
        ReaderCase("a column that is not there", "time,a\n0,1\n", column: "b", .error(line: 1, "has no column 'b'")),

        // Choosing a column.
        ReaderCase("the second channel", "time,a,b\n0,1,2\n1,3,4\n", column: "b", .samples(times: t01, values: [2, 4], channel: "b")),
        ReaderCase("other columns are not read", "time,a,b,c\n0,x,2,\n1,,4,n/a\n", column: "b", .samples(times: t01, values: [2, 4], channel: "b")),
        ReaderCase("other columns are not read, first channel", "time,a,b\n0,1,x\n1,2,nan\n", .samples(times: t01, values: [1, 2], channel: "a")),
    ] + longCases

    /// Lines of 100 kB and more: 5000 columns, and numbers with hundreds of digits.
    static var longCases: [ReaderCase] {
        let columns = (1...5000).map { "c\($0)" }
        var wide = "time," + columns.joined(separator: ",") + "\n"
        for row in 0..<3 { wide += "\(row)," + (1...5000).map { "\(row * 10000 + $0)" }.joined(separator: ",") + "\n" }
        let zeros = String(repeating: "0", count: 500)
        let digits = "time,value\n"
            + "0,0.\(zeros)1e501\n"  // 1
            + "1,1\(zeros)e-500\n"  // 1
            + "2,9007199254740993.\(zeros)\n"  // exactly halfway: to even
            + "3,9007199254740993.\(zeros)1\n"  // just above halfway
            + "4,0.1\(zeros)\(zeros)1\n"  // 0.1 and a little
            + "5,\(String(repeating: "9", count: 400))e-400\n"  // 1 − 1e-400
            + "6,   \(String(repeating: " ", count: 3000))7\(String(repeating: "\t", count: 3000))\n"
        return [
            ReaderCase("5000 columns, one in the middle", wide, column: "c2500",
                       .samples(times: [0, 1, 2], values: [2500, 12500, 22500], channel: "c2500")),
            ReaderCase("5000 columns, the last", wide, column: "c5000",
                       .samples(times: [0, 1, 2], values: [5000, 15000, 25000], channel: "c5000")),
            ReaderCase("numbers of hundreds of digits", digits,
                       .samples(times: [0, 1, 2, 3, 4, 5, 6], values: [1, 1, 9007199254740992, 9007199254740994, 0.1, 1, 7])),
            ReaderCase("5000 columns, one missing", wide + "3," + (2...5000).map { "\($0)" }.joined(separator: ",") + "\n",
                       column: "c2500", .error(line: 5, "has 5000 fields; the header has 5001")),
        ]
    }

    @Test(arguments: cases)
    func bothPathsGiveTheExpectedResult(_ c: ReaderCase) {
        let fast = parse(c.bytes, column: c.column, path: .fast)
        let careful = parse(c.bytes, column: c.column, path: .careful)
        #expect(fast == careful, "input: \(visible(c.bytes))")
        for (path, outcome) in [(Path.fast, fast), (.careful, careful)] {
            switch c.expected {
            case let .samples(times, values, channel):
                #expect(outcome.error == nil, "\(path): \(outcome)")
                #expect(outcome.times == times.map(\.bitPattern), "\(path): times \(outcome.times.map { Double(bitPattern: $0) }), expected \(times)")
                #expect(outcome.values == values.map(\.bitPattern), "\(path): values \(outcome.values.map { Double(bitPattern: $0) }), expected \(values)")
                #expect(outcome.channel == channel, "\(path)")
            case let .error(line, fragment):
                #expect(outcome.error?.line == line, "\(path): \(outcome)")
                #expect(outcome.error?.file == "test.csv", "\(path): \(outcome)")
                #expect(outcome.error?.message.contains(fragment) == true, "\(path): \(outcome); expected a message with \"\(fragment)\"")
            }
        }
    }

    /// The bytes may arrive in any blocks: a line split between two `consume` calls (or a CRLF,
    /// a number, a multi-byte character split) reads as if it came whole.
    @Test(arguments: cases)
    func anySplitReadsTheSame(_ c: ReaderCase) {
        for path in Path.allCases {
            let whole = parse(c.bytes, column: c.column, path: path)
            for chunks in chunkings(of: c.bytes.count) {
                let split = parse(c.bytes, column: c.column, path: path, chunks: chunks)
                guard split == whole else {
                    Issue.record("\(path), chunks \(chunks.count <= 2 ? "\(chunks)" : "of 1 byte"): \(split); whole: \(whole); input: \(visible(c.bytes))")
                    return
                }
            }
        }
    }
}
