import MotionAnalysis
import MotionIO

extension StepMetrics {
    /// The `settle` keys of SPEC §7 (`initialValue`, `finalValue`, `settlingTime`, `riseTime`,
    /// `peak`, `peakTime`, `overshoot`, `undershoot`, percentages in %) and the details behind
    /// them (`threshold`, `riseStart`, `riseEnd`, `peakValue`, `startTime`, `settled`), and how the
    /// curve was measured: `method` (`closedForm`, `interpolated`, `smoothed`), the estimated
    /// `noise` (σ, value units) and the curve's `degreesOfFreedom`.
    public var jsonPairs: [(String, JSONValue)] {
        [
            ("initialValue", .number(initialValue)), ("finalValue", .number(finalValue)),
            ("settlingTime", .number(settlingTime)), ("riseTime", .number(riseTime)),
            ("peak", .number(peak)), ("peakTime", .number(peakTime)),
            ("overshoot", .number(overshoot)), ("undershoot", .number(undershoot)),
            ("threshold", .number(threshold)),
            ("riseStart", .number(riseStart)), ("riseEnd", .number(riseEnd)),
            ("peakValue", .number(peakValue)), ("startTime", .number(startTime)),
            ("settled", .bool(settlingTime.isFinite)),
            ("method", .string(method.rawValue)), ("noise", .number(noise)),
            ("degreesOfFreedom", .number(degreesOfFreedom)),
        ]
    }
}
