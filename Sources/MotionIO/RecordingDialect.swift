/// How a recording CSV's rows are written: the character between fields, and whether a row
/// with an empty or NaN cell (a dropped frame) is a gap or an error.
///
/// The delimiter is detected from the header line unless given (outside quotes): the more
/// frequent of comma and semicolon, a tie going to the comma; tab only when the header has
/// neither, since tabs also pad fields. European spreadsheets write semicolons and a decimal comma; in a semicolon file
/// a number may be written `0,5` (read as 0.5) — one comma, no point. In comma files that
/// cannot happen, and in tab files it is refused: a tracker's tab export may write `1,000` for a
/// thousand, so a comma there is ambiguous.
public struct RecordingDialect: Sendable, Hashable {
    /// The character between fields.
    public enum Delimiter: String, Sendable, CaseIterable {
        case comma, semicolon, tab

        /// The byte written between fields.
        public var byte: UInt8 {
            switch self {
            case .comma: UInt8(ascii: ",")
            case .semicolon: UInt8(ascii: ";")
            case .tab: 0x09
            }
        }

        /// The character, as a message shows it.
        public var shown: String { self == .tab ? "tab" : "'\(Character(UnicodeScalar(byte)))'" }

        /// Whether a number may be written with a decimal comma (`0,5`) in files of this delimiter.
        public var allowsDecimalComma: Bool { self == .semicolon }

        /// `field` with its decimal comma made a point where this delimiter allows one (a
        /// semicolon file; one comma and no point, as in "0,5" or "-1,25e3"); else `field`.
        public func decimalPoint(_ field: String) -> String {
            guard allowsDecimalComma, !field.contains("."), field.utf8.count(where: { $0 == UInt8(ascii: ",") }) == 1 else {
                return field
            }
            return field.replacingOccurrences(of: ",", with: ".")
        }

        /// The delimiter of a header line, outside double quotes: the more frequent of comma and
        /// semicolon (a tie to the comma); tab only when there is neither, since tabs also pad
        /// fields (`time,\tx`); comma when there is nothing to split.
        public static func detect<Bytes: Sequence<UInt8>>(header: Bytes) -> Delimiter {
            var (commas, semicolons, tabs) = (0, 0, 0), quoted = false
            for byte in header {
                if byte == 0x22 { quoted.toggle() }
                guard !quoted else { continue }
                switch byte {
                case UInt8(ascii: ","): commas += 1
                case UInt8(ascii: ";"): semicolons += 1
                case 0x09: tabs += 1
                default: break
                }
            }
            if commas + semicolons > 0 { return semicolons > commas ? .semicolon : .comma }
            return tabs > 0 ? .tab : .comma
        }
    }

    /// The delimiter; `nil` to detect it from the header line.
    public var delimiter: Delimiter?
    /// Whether a data row with an empty or NaN cell in a column that is read (the time, or a
    /// channel asked for) is skipped as a gap — its line kept in ``Recording/skippedLines`` —
    /// instead of being an error. Other bad cells (text, infinities) remain errors.
    public var skipsInvalidRows: Bool

    public init(delimiter: Delimiter? = nil, skipsInvalidRows: Bool = false) {
        self.delimiter = delimiter
        self.skipsInvalidRows = skipsInvalidRows
    }

    /// Whether `field` (trimmed) is what a dropped frame leaves: nothing, or NaN.
    public static func isMissing(_ field: String) -> Bool {
        field.isEmpty || ["nan", "-nan", "+nan"].contains(field.lowercased())
    }

    /// The command-line option that skips such rows, as error messages name it.
    public static let skipOption = "--skip-invalid-rows"

    /// The delimiter detected from the header, no row skipped.
    public static let automatic = RecordingDialect()
}
