extension CheckRunner {
    /// The numbers of recordings a run may check at once.
    public static let concurrencyRange = 1...1024

    /// `jobs` if it is in ``concurrencyRange``: every front end checks the number of recordings
    /// checked at once here, so they accept the same values and say the same thing.
    /// - Parameter jobs: the number of recordings to check at once.
    public static func checkedConcurrency(_ jobs: Int) throws(CheckArgumentError) -> Int {
        guard concurrencyRange.contains(jobs) else {
            throw CheckArgumentError("jobs must be in \(concurrencyRange.lowerBound)…\(concurrencyRange.upperBound); got \(jobs)")
        }
        return jobs
    }
}

/// An argument of a check run outside its valid range; the message names it (as the command
/// line's option without its dashes), its range and the value given.
public struct CheckArgumentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The message.
    public var message: String
    /// An error saying `message`.
    /// - Parameter message: the argument, its valid range and the value given.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
