import MotionAnalysis
import MotionIO
import MotionJSON
import MotionSprings

extension StepMetrics {
    /// The `settle` keys (`initialValue`, `finalValue`, `settlingTime`, `riseTime`,
    /// `peak`, `peakTime`, `overshoot`, `undershoot`, percentages in %) and the details behind
    /// them (`threshold`, `riseStart`, `riseEnd`, `peakValue`, `startTime`, `settled`), where the
    /// times are measured from (`onsetTime`: seconds from the first sample to the motion's onset;
    /// `timesFrom`: `onset` or `first-sample`), and how the
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
            ("onsetTime", .number(onsetTime)), ("timesFrom", .string(onset == .detected ? "onset" : onset.rawValue)),
            ("settled", .bool(settlingTime.isFinite)),
            ("method", .string(method.rawValue)), ("noise", .number(noise)),
            ("degreesOfFreedom", .number(degreesOfFreedom)),
        ]
    }
}

extension StepMetrics {
    /// The `settle` document of one channel of a recording: the keys of ``jsonPairs``, then
    /// `source` (`"recording"`), `file` (the path as given; `-` for standard input), `channel`,
    /// `ignoredChannels` (the recording's other channels, which were not measured; an empty array
    /// when it has one) and `samples`.
    public func json(recording: Recording, file: String) -> JSONValue {
        .object(jsonPairs + [("source", .string("recording")), ("file", .string(file))]
            + RecordingChannel(recording).jsonPairs + [("samples", .integer(recording.count))])
    }

    /// The `settle` document of a spring's step from 0 to `target`: the keys of ``jsonPairs``,
    /// then `source` (`"spring"`), `spring` (its parameters, as in `fit spring`, and its
    /// `regime`), `target`, `initialVelocity` and `swiftUI` (the code that makes the spring).
    public func json(spring: Spring, target: Double, initialVelocity: Double, swiftUICode: String) -> JSONValue {
        .object(jsonPairs + [
            ("source", .string("spring")),
            ("spring", .object(spring.parametersJSON + [("regime", .string(spring.regime.rawValue))])),
            ("target", .number(target)), ("initialVelocity", .number(initialVelocity)),
            ("swiftUI", .string(swiftUICode)),
        ])
    }
}
