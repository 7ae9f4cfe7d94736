import MotionJSON

/// What an export produced: the text to paste or save, how far it is from the exact motion and
/// what the target could not carry.
public struct MotionExport: Sendable, Hashable {
    public var format: ExportFormat
    /// The exported code or document.
    public var text: String
    /// The largest |exported − exact| value over the motion, in value units (0 when exact up to
    /// the printed digits).
    public var maxError: Double
    /// Fidelity notes: clamps, roundings and approximations of the target, in words.
    public var notes: [String]

    public init(format: ExportFormat, text: String, maxError: Double = 0, notes: [String] = []) {
        self.format = format
        self.text = text
        self.maxError = maxError
        self.notes = notes
    }

    /// The export's JSON: `{"format", "text", "maxError", "notes"}`.
    public var json: JSONValue {
        .object([("format", .string(format.rawValue)), ("text", .string(text)), ("maxError", .number(maxError)),
                 ("notes", .array(notes.map(JSONValue.string)))])
    }
}

/// Why an export cannot be made: the subject and the format, and what is missing.
public struct ExportError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
