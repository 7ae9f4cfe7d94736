/// Something a check could not do at all — a manifest, recording, reference or baseline that
/// cannot be read, a glob that matches nothing: the run exits with status 2 and the message
/// names it.
public struct CheckProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// What could not be used: a path, a glob, a manifest path such as `checks[0].recordings`.
    public var subject: String
    public var message: String
    /// The check it arose in, when it arose in one.
    public var check: String?

    public init(subject: String, message: String, check: String? = nil) {
        self.subject = subject
        self.message = message
        self.check = check
    }

    public var description: String {
        let text = subject.isEmpty ? message : "\(subject): \(message)"
        return check.map { "\(text) (check '\($0)')" } ?? text
    }
}
