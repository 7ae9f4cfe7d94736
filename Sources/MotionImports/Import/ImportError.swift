/// Why keyframes cannot be imported: what (the rule, keyframe or property) and why, in words.
public struct ImportError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
