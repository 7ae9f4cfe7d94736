import Foundation
@testable import MotionIO
import Testing

/// Inputs the two parsing paths once read differently, or both read in a way the format does not
/// intend: rows the careful path rejects must not be read by `fastRow` (its contract is to decline
/// anything it would not read the same way, so the careful path's answer is the intended one and
/// is checked as such), and a number is decimal text, whole, or an error.
@Suite("Recording reader: rows that must be errors")
struct RecordingReaderRejectionTests {
    struct BadInput: Sendable, CustomTestStringConvertible {
        var input: [UInt8]
        var column: String? = nil
        /// The error the input must give: its line and a fragment of its message.
        var line: Int
        var fragment: String
        var testDescription: String { visible(input) }

        init(_ text: String, column: String? = nil, line: Int, _ fragment: String) {
            self.init(Array(text.utf8), column: column, line: line, fragment)
        }

        init(_ input: [UInt8], column: String? = nil, line: Int, _ fragment: String) {
            self.input = input
            self.column = column
            self.line = line
            self.fragment = fragment
        }
    }

    /// A selected field of blanks only (spaces, tabs, or a CR at the line's end) is not a number,
    /// not 0: strtod converts nothing there. A CRLF file whose last row ends in an empty field
    /// ("1,\r\n") is the likeliest way to meet it.
    static let blankFields: [BadInput] = [
        BadInput("time,a\n0, \n", line: 2, "column 'a': '' is not a number"),
        BadInput("time,a\n0,\t\n", line: 2, "column 'a': '' is not a number"),
        BadInput("time,a\n \t,1\n", line: 2, "column 'time': '' is not a number"),
        BadInput("time,a,b\n0, ,1\n", line: 2, "column 'a': '' is not a number"),
        BadInput("time,a,b\n0,1, \n", column: "b", line: 2, "column 'b': '' is not a number"),
        BadInput("time,a\r\n0,1\r\n1,\r\n", line: 3, "column 'a': '' is not a number"),
        BadInput("time,a\r\n0,1\r\n1,\r\n# end\r\n", line: 3, "column 'a': '' is not a number"),
    ]

    /// A CR that is not the line's last byte, or a VT or FF, inside a row: the careful path drops
    /// only the CR that ends the line and trims only spaces and tabs (`CharacterSet.whitespaces`);
    /// strtod would skip CR, VT and FF before a number.
    static let controlBlanks: [BadInput] = [
        BadInput("time,a\n0\r,1\n", line: 2, "column 'time': '0\r' is not a number"),
        BadInput("time,a\n0,1\r\r\n", line: 2, "column 'a': '1\r' is not a number"),
        BadInput("time,a\n0,\r1\n", line: 2, "column 'a': '\r1' is not a number"),
        BadInput("time,a\n0,\u{0B}1\n", line: 2, "column 'a': '\u{0B}1' is not a number"),
        BadInput("time,a\n\u{0C}0,1\n", line: 2, "column 'time': '\u{0C}0' is not a number"),
    ]

    /// Bytes that are not UTF-8, even in a column that is not read: the row is not text.
    static let notUTF8: [BadInput] = [
        BadInput(Array("time,a,b\n0,1,".utf8) + [0xFF, 0x0A], line: 2, "is not UTF-8 text"),
        BadInput(Array("time,a,b\n0,1,caf".utf8) + [0xE9, 0x0A], line: 2, "is not UTF-8 text"),
    ]

    @Test(arguments: blankFields + controlBlanks + notUTF8)
    func fastPathDeclinesWhatTheCarefulPathRejects(_ d: BadInput) {
        let careful = parse(d.input, column: d.column, path: .careful)
        #expect(careful.error?.line == d.line, "\(careful)")
        #expect(careful.error?.message.contains(d.fragment) == true, "\(careful)")
        let fast = parse(d.input, column: d.column, path: .fast)
        #expect(fast == careful)
    }

    /// Swift's `Double(String)` stops at a NUL byte, as strtod on a C string does, and would
    /// ignore the rest ("1\0x" as 1). A NUL has no place in a number: the row is an error.
    static let nul: [BadInput] = [
        BadInput("time,a\n0,1\u{0}\n", line: 2, "is not a number"),
        BadInput("time,a\n0,1\u{0}x\n", line: 2, "is not a number"),
        BadInput("time,a\n0\u{0}5,1\n", line: 2, "column 'time'"),
        BadInput("time,a\n0,1.5\u{0}e3\n", line: 2, "is not a number"),
    ]

    /// Hexadecimal is not a decimal number: `Double(String)` and strtod both read "0x10" as 16.
    static let hexadecimal: [BadInput] = [
        BadInput("time,a\n0,0x10\n", line: 2, "is not a decimal number"),
        BadInput("time,a\n0x0,1\n", line: 2, "column 'time': '0x0' is not a decimal number"),
        BadInput("time,a\n0,-0X1p3\n", line: 2, "is not a decimal number"),
    ]

    @Test(arguments: nul + hexadecimal)
    func aNULInANumberIsAnError(_ d: BadInput) {
        let careful = parse(d.input, column: d.column, path: .careful)
        #expect(parse(d.input, column: d.column, path: .fast) == careful)
        #expect(careful.error?.line == d.line, "\(careful)")
        #expect(careful.error?.message.contains(d.fragment) == true, "\(careful)")
    }

    /// Blanks between a byte-order mark and the first name are trimmed, as they are without the
    /// mark: "\u{FEFF} time" is 'time'.
    @Test func blanksAfterAByteOrderMarkAreTrimmed() {
        let input = Array("\u{FEFF} time,value\n0,1\n".utf8)
        #expect(parse(Array(" time,value\n0,1\n".utf8), path: .careful).error == nil)
        for path in Path.allCases {
            let outcome = parse(input, path: path)
            #expect(outcome.error == nil, "\(path): \(outcome)")
            #expect(outcome.times == [Double(0).bitPattern] && outcome.values == [Double(1).bitPattern], "\(path): \(outcome)")
        }
    }
}
