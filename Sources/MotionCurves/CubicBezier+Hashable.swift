extension CubicBezier: Hashable {
    /// Equal when the control points are: every other stored value is derived from them.
    public static func == (a: CubicBezier, b: CubicBezier) -> Bool {
        a.x1 == b.x1 && a.y1 == b.y1 && a.x2 == b.x2 && a.y2 == b.y2
    }

    /// Hashes the control points, the same values `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(x1)
        hasher.combine(y1)
        hasher.combine(x2)
        hasher.combine(y2)
    }
}
