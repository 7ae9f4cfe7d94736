@testable import MotionIO
import Testing

/// Spreadsheet exports quote their fields: `"time","x"`. Quoted fields are read as their
/// content, a quoted field may hold commas and `""` is a quote, on both paths alike.
@Suite("Recording reader: quoted fields")
struct QuotedFieldTests {
    @Test func quotedHeaderAndNumbers() {
        let text = "\"time\",\"x\"\n\"0\",\"1.5\"\n0.5 , \"-2e3\"\n1,3\n"
        for path in Path.allCases {
            let outcome = parse(text, path: path)
            #expect(outcome.error == nil, "\(path): \(outcome)")
            #expect(outcome.channels == ["x"], "\(path)")
            #expect(outcome.times == [0, 0.5, 1].map(\.bitPattern), "\(path): \(outcome)")
            #expect(outcome.values == [1.5, -2000, 3].map(\.bitPattern), "\(path): \(outcome)")
        }
    }

    /// A quoted comma in a column that is not read: four bytes-level fields, three CSV fields.
    @Test func aQuotedCommaIsNotASeparator() {
        let text = "time,a,note,b\n0,1,\"x, \"\"y\"\"\",2\n"
        for path in Path.allCases {
            let outcome = parse(text, column: "b", path: path)
            #expect(outcome.error == nil, "\(path): \(outcome)")
            #expect(outcome.values == [Double(2).bitPattern], "\(path): \(outcome)")
        }
        #expect(RecordingReader.Tokenizer.fields(of: "0,\"x, \"\"y\"\"\",2") == ["0", "x, \"y\"", "2"])
        // Three fields, not the four a comma split would give: the header has four.
        let short = "time,a,b,c\n0,1,\"2,3\"\n"
        for path in Path.allCases {
            #expect(parse(short, path: path).error?.message.contains("has 3 fields") == true, "\(path)")
        }
    }

    @Test func anUnclosedQuoteIsAnError() {
        for path in Path.allCases {
            let outcome = parse("time,x\n0,\"1\n", path: path)
            #expect(outcome.error?.line == 2, "\(path): \(outcome)")
            #expect(outcome.error?.message.contains("not closed") == true, "\(path): \(outcome)")
        }
    }
}
