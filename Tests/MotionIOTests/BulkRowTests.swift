import Foundation
import MotionNumerics
import Testing
@testable import MotionIO

/// The block reader (`ml_parse_rows`) takes the plain rows and hands every other row to the
/// row-by-row paths: over files that mix the two, across its 2048-row blocks, the samples and
/// errors are the careful path's, bit for bit.
@Suite("Block row reader")
struct BulkRowTests {
    /// Row `i` (time `t`, value `y`, a text field `other`) in the file's layout, in a form the
    /// block reader declines every so often.
    static func row(_ i: Int, _ t: String, _ y: String, _ other: String, valueFirst: Bool) -> (text: String, plain: Bool) {
        func layout(_ t: String, _ y: String, _ other: String) -> String {
            valueFirst ? "\(t),\(y),\(other)" : "\(t),\(other),\(y)"
        }
        switch i % 97 {
        case 5: return (layout(t, y, other) + "\r", false)         // CRLF
        case 17: return (layout(" " + t, y, other), false)          // a blank before the time
        case 29: return (layout(t, y.hasPrefix("-") ? y : "+" + y, other), y.hasPrefix("-"))  // a '+' sign
        case 41: return ("# a comment", false)
        case 53: return ("", false)                                 // a blank line
        case 67: return (layout(t, y + " ", other), false)          // a blank after the value
        case 79: return (layout(t, y, "\"quoted, field\""), false)  // a quoted field holding a comma
        case 89 where !y.contains("e"):                             // a value longer than the block
            return (layout(t, y + String(repeating: "0", count: 150), other), false)  // reader's 128-byte window
        default: return (layout(t, y, other), true)
        }
    }

    static func file(rows: Int, valueFirst: Bool, seed: UInt64) -> (text: String, plain: Int) {
        var random = SplitMix64(seed: seed)
        func next() -> UInt64 { random.next() }
        var lines = [valueFirst ? "time,y,note" : "time,note,y"]
        var plain = 0
        for i in 0..<rows {
            let t = String(Double(i) * 0.001 + 1e-7 * Double(next() % 100))
            let y = String(Double(Int64(bitPattern: next() % (1 << 40)) - (1 << 39)) * 1e-9)
            let other = ["a", "", "x y", "12"][Int(next() % 4)]
            let (text, isPlain) = row(i, t, y, other, valueFirst: valueFirst)
            lines.append(text)
            if isPlain { plain += 1 }
        }
        return (lines.joined(separator: "\n") + "\n", plain)
    }

    @Test(arguments: [true, false])
    func mixedRowsReadAsTheCarefulPath(valueFirst: Bool) throws {
        let (text, plain) = Self.file(rows: 5000, valueFirst: valueFirst, seed: valueFirst ? 3 : 4)
        var parser = RecordingReader.Parser(file: "test.csv", column: "y")
        let counts = try parser.consume(Data(text.utf8))
        let fast = Outcome(try parser.finish())
        #expect(fast.error == nil)
        #expect(fast == parse(text, column: "y", path: .careful))
        // Every plain row was read without the careful path (the block reader or fastRow).
        #expect(counts.fast >= plain)
        #expect(fast.times.count > plain)
    }

    /// CRLF files, as Windows tools write them: the block reader takes their rows (the CR before
    /// the line feed only; a CR inside a text field sends the row to the row-by-row path, which
    /// keeps it in the field), with the careful path's samples.
    @Test(arguments: [true, false])
    func crlfRowsReadByTheBlockReader(valueFirst: Bool) throws {
        var lines = [valueFirst ? "time,y,note" : "time,note,y"]
        var declined = 0
        for i in 0..<5000 {
            let t = String(Double(i) * 0.004), y = String(sin(Double(i)) * 1e3)
            let note = i % 50 == 7 ? "a\rb" : ["", "x", "12"][i % 3]
            if i % 50 == 7 { declined += 1 }
            lines.append(valueFirst ? "\(t),\(y),\(note)" : "\(t),\(note),\(y)")
        }
        let text = lines.joined(separator: "\r\n") + "\r\n"
        var parser = RecordingReader.Parser(file: "test.csv", column: "y")
        let counts = try parser.consume(Data(text.utf8))
        let fast = Outcome(try parser.finish())
        #expect(fast.error == nil && fast.times.count == 5000)
        #expect(fast == parse(text, column: "y", path: .careful))
        #expect(counts.block == 5000 - declined)
        #expect(counts.fast == 5000)
    }

    /// A file whose rows the block reader all declines (a blank before each time): between its
    /// tries, paused after each decline, the rows are read by the row, none skipped or read twice.
    @Test func decliningFilesAreReadByTheRow() throws {
        let text = "time,y\n" + (0..<3000).map { " \(Double($0) * 0.01),\($0)" }.joined(separator: "\n") + "\n"
        var parser = RecordingReader.Parser(file: "test.csv", column: "y")
        let counts = try parser.consume(Data(text.utf8))
        let fast = Outcome(try parser.finish())
        #expect(fast == parse(text, column: "y", path: .careful))
        #expect(counts.block == 0 && counts.fast == 3000)
    }

    /// A time out of order after a block of plain rows is the careful path's error, on its line.
    @Test func outOfOrderTimeIsTheCarefulPathsError() {
        var lines = ["time,value"]
        for i in 0..<3000 { lines.append("\(Double(i) * 0.01),\(i)") }
        lines.insert("5,1", at: 2600)
        let text = lines.joined(separator: "\n") + "\n"
        let fast = parse(text, path: .fast), careful = parse(text, path: .careful)
        #expect(fast == careful)
        #expect(fast.error?.line == 2601)
    }
}
