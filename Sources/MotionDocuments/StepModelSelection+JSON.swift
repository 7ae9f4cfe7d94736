import MotionFitting
import MotionJSON

extension StepModelSelection {
    /// How a step fit read its recording: `evidence` (the BIC margin to the best different
    /// reading; "inf" when every model came to the same reading) and every `candidate` model
    /// with its assumptions, parameter count, residual sum of squares and BIC relative to the best.
    public var json: JSONValue {
        .object([
            ("evidence", .number(evidence)),
            ("candidates", .array(candidates.map { c in
                .object([
                    ("name", .string(c.name)),
                    ("startAssumption", .string(c.startAssumption.rawValue)),
                    ("endAssumption", .string(c.endAssumption.rawValue)),
                    ("initialVelocityFitted", .bool(c.initialVelocityFitted)),
                    ("parameters", .integer(c.parameterCount)),
                    ("residualSumOfSquares", .number(c.residualSumOfSquares)),
                    ("relativeBIC", .number(c.relativeBIC)),
                ])
            })),
        ])
    }
}
