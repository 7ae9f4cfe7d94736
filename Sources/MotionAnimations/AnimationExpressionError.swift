/// Why a SwiftUI animation expression cannot be read: where (the column, from 1, in Unicode
/// scalars) and what was expected.
public struct AnimationExpressionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The position of the offending token; one past the end when the text ends too early.
    public var column: Int
    /// What is wrong, phrased to stand alone (`unknown animation '.sprung' (…)`).
    public var message: String

    public init(column: Int, message: String) {
        self.column = column
        self.message = message
    }

    public var description: String { "column \(column): \(message)" }
}
