extension CubicBezier: CustomStringConvertible {
    /// The curve in CSS syntax, `cubic-bezier(x1, y1, x2, y2)`.
    public var description: String { "cubic-bezier(\(x1), \(y1), \(x2), \(y2))" }
}
