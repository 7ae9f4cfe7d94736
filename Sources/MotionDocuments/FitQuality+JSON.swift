import MotionFitting
import MotionJSON

extension FitQuality {
    /// The keys every fit reports: `rmse`, `maxError`, `maxErrorTime`, `r2`, `samples`.
    public var jsonPairs: [(String, JSONValue)] {
        [("rmse", .number(rmse)), ("maxError", .number(maxError)), ("maxErrorTime", .number(maxErrorTime)),
         ("r2", .number(r2)), ("samples", .integer(count))]
    }
}
