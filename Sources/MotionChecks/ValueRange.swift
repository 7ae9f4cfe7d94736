import MotionNumerics

/// A closed range with either end optional: `{"min": 0.45, "max": 0.55}`, `{"max": 0.35}`.
public struct ValueRange: Sendable, Hashable, CustomStringConvertible {
    public var min: Double?
    public var max: Double?

    /// A range with at least one end; `min ≤ max` when both are given (the decoder checks both).
    public init(min: Double? = nil, max: Double? = nil) {
        self.min = min
        self.max = max
    }

    /// Whether `value` lies in the range. NaN lies in no range; ±∞ lies in a range open on that side.
    public func contains(_ value: Double) -> Bool {
        guard !value.isNaN else { return false }
        if let min, value < min { return false }
        if let max, value > max { return false }
        return true
    }

    /// `0.45 … 0.55`, `≤ 0.35` or `≥ 0.05`.
    public var description: String {
        switch (min, max) {
        case let (min?, max?): "\(DecimalText.shortest(min)) … \(DecimalText.shortest(max))"
        case let (min?, nil): "≥ \(DecimalText.shortest(min))"
        case let (nil, max?): "≤ \(DecimalText.shortest(max))"
        case (nil, nil): "any value"
        }
    }
}
