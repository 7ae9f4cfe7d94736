/// A Lottie document that cannot be imported as it asks: where (a JSON path such as
/// `layers[0].ks.p.k[2].to`) and why.
public struct LottieImportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The JSON path of the offending value; empty for the document as a whole.
    public var path: String
    /// What is wrong, phrased to follow the path.
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "\(path) \(message)" }
}
