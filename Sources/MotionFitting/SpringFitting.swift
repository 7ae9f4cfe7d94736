import MotionIO
import MotionLinearAlgebra
import MotionSprings
import RealModule
import MotionNumerics

/// A spring fitted to a recorded step.
public struct SpringFit: Sendable {
    /// The spring (SwiftUI parameterization: duration and bounce).
    public var spring: Spring
    /// When the motion starts, on the recording's clock.
    public var startTime: Double
    /// The value before the start.
    public var from: Double
    /// The target.
    public var to: Double
    /// The initial velocity at the start, in value units per second.
    public var initialVelocity: Double
    public var quality: FitQuality
    /// One standard error per parameter, by name; `nil` when the data leaves one undetermined.
    public var standardErrors: [(name: String, value: Double)]?
    /// Parameters the data determines poorly (relative standard error above 10 %, or strongly
    /// correlated with another parameter), with the reason; and a note when the fit as a whole is
    /// poor (R² < 0.5: the recording does not look like a spring step).
    public var poorlyDetermined: [String]

    /// The model's value at recording time `t`.
    public func value(at t: Double) -> Double {
        guard t > startTime else { return from }
        if spring.squaredFrequencyIsInRange {
            return from + spring.value(target: to - from, initialVelocity: initialVelocity, time: t - startTime)
        }
        // A spring too fast or too slow for ω0² to be a double (durations beyond ~1e±154 s): play
        // the same motion in units of its own duration.
        let duration = spring.duration
        return from + Spring(duration: 1, bounce: spring.bounce)
            .value(target: to - from, initialVelocity: initialVelocity * duration, time: (t - startTime) / duration)
    }

}

/// Fits a spring step — start time, start value, target, duration, bounce and initial
/// velocity — to a recording by Levenberg–Marquardt.
///
/// The fit works in normalised coordinates (``NormalisedStep``): time in units of the recording's
/// span from its first sample, value in units of the step from its start plateau. There the
/// spring's duration is a fraction of the span and its initial velocity is in steps per span, and
/// every floor and bound is relative; the parameters are mapped back at the end (duration × span,
/// startTime × span + t₀, initialVelocity × step/span, from and to through y = from + w·step). So
/// the fit is the same at any time or value scale a double can hold.
///
/// The starting guesses are read off the data: the start and end plateaus (medians), the
/// departure from the start, and the first peak — its overshoot gives ζ by the logarithmic
/// decrement, its time the damped period — or, without overshoot, the 10–90 % rise time of a
/// critically damped spring (≈ 3.36/ω0). Several starts around that guess are tried and the
/// best kept, so a poor first guess does not end in a local minimum.
///
/// A fit that explains the data poorly (R² < 0.5) is still returned, and says so in
/// ``SpringFit/poorlyDetermined``.
public enum SpringFitting {
    /// Below this R² a fit is reported as poor in ``SpringFit/poorlyDetermined``.
    static let poorFitR2 = 0.5

    public static func fit(_ recording: Recording) throws(FitError) -> SpringFit {
        let data = try NormalisedStep(recording.times, recording.values)
        let times = data.times, values = data.values, features = data.features
        let n = times.count
        // The shortest sample interval, in spans: a floor for times that a fit can resolve.
        var shortest = 1.0
        for i in 1..<n { shortest = min(shortest, times[i] - times[i - 1]) }

        // Guesses for (duration, bounce), in spans.
        var guesses: [(Double, Double)] = []
        if features.overshoot > 0.005 {
            let logOS = Double.log(features.overshoot)
            let zeta = -logOS / (Double.pi * Double.pi + logOS * logOS).squareRoot()
            let tp = max(features.peakTime - features.departure, shortest)
            let omega0 = (Double.pi / tp) / max((1 - zeta * zeta).squareRoot(), 1e-3)
            guesses.append((2 * .pi / omega0, 1 - zeta))
        }
        let criticalOmega0 = 3.358 / max(features.riseTime, shortest)
        guesses.append((2 * .pi / criticalOmega0, 0))
        guesses.append((2 * .pi / criticalOmega0, 0.3))
        guesses.append((2 * .pi / criticalOmega0 * 0.6, -0.4))

        let dt = 1 / Double(n - 1)
        // Durations from a small fraction of the shortest sample interval to 100 spans.
        let minimumDuration = min(1e-3, 0.5 * shortest)
        let lower = [-1, -Double.infinity, -Double.infinity, minimumDuration, -0.95, -Double.infinity]
        let upper = [1, Double.infinity, Double.infinity, 100, 0.995, Double.infinity]
        func model(_ p: [Double], _ t: Double) -> Double {
            let (t0, from, to, d, b, v0) = (p[0], p[1], p[2], p[3], p[4], p[5])
            guard t > t0 else { return from }
            return from + Spring(duration: d, bounce: b).value(target: to - from, initialVelocity: v0, time: t - t0)
        }
        func residuals(_ p: [Double]) -> [Double] {
            (0..<n).map { model(p, times[$0]) - values[$0] }
        }
        // Starts: each (duration, bounce) guess from the departure at rest, and the first guess also
        // from a quarter rise time earlier — a motion that first moves away from its target
        // (a negative initial velocity) leaves the start plateau before the 2 % test sees it.
        var starts = guesses.map { ($0.0, $0.1, features.departure) }
        starts.append((guesses[0].0, guesses[0].1, features.departure - 0.25 * features.riseTime))
        var best: LevenbergMarquardt.Result? = nil
        for (duration, bounce, departure) in starts {
            let initialDuration = min(max(duration, 2 * minimumDuration), 50)
            let initial = [departure, features.from, features.to, initialDuration, bounce, 0]
            guard let result = try? LevenbergMarquardt.minimize(
                initial: initial, lower: lower, upper: upper,
                steps: [dt * 1e-3, 1e-7, 1e-7, initialDuration * 1e-6, 1e-6, 1e-5],
                maxIterations: 200, residuals: residuals) else { continue }
            guard result.cost.isFinite, result.parameters.allSatisfy(\.isFinite) else { continue }
            if best == nil || result.cost < best!.cost { best = result }
        }
        guard let best else { throw FitError("the spring fit did not converge from any starting guess") }
        let p = best.parameters
        let quality = data.quality(recordedTimes: recording.times, model: times.map { model(p, $0) })

        // Back to the recording's units. The velocity scale step/span may overflow or underflow
        // where the velocity itself does not: try both orders.
        var initialVelocity = p[5] * (data.step / data.span)
        if p[5] != 0 && (!initialVelocity.isFinite || initialVelocity == 0) { initialVelocity = p[5] * data.step / data.span }
        let parameters = [data.time(p[0]), data.value(p[1]), data.value(p[2]), p[3] * data.span, p[4], initialVelocity]
        let names = ["startTime", "from", "to", "duration", "bounce", "initialVelocity"]
        for i in 0..<6 where !parameters[i].isFinite || (i == 3 && !(parameters[3] > 0)) {
            throw FitError("the fitted \(names[i]) (\(DecimalText.significant(p[i])) \(i == 5 ? "steps per span" : i == 3 ? "spans" : "in normalised units") with a span of \(data.span) and a step of \(data.step)) is beyond the range of a double in the recording's units; rescale the times or values")
        }
        let spring = Spring(duration: parameters[3], bounce: parameters[4])

        var errors: [(name: String, value: Double)]? = nil
        var poor: [String] = []
        if let u = best.uncertainty() {
            // Normalised residuals: the errors are in normalised units; the sizes they are judged
            // against too (the span is 1, the step 1, the velocity one step per duration).
            let sizes: [Double] = [1, 1, 1, p[3], 1, 1 / p[3]]
            for i in 0..<6 where u.standardErrors[i] > 0.1 * sizes[i] {
                poor.append("\(names[i]) (±\(DecimalText.significant(u.standardErrors[i] * Self.unit(i, data), digits: 3)))")
            }
            for i in 0..<6 {
                for j in (i + 1)..<6 where abs(u.correlation[i, j]) > 0.995 {
                    poor.append("\(names[i]) and \(names[j]) are correlated (r = \(DecimalText.significant(u.correlation[i, j], digits: 4)))")
                }
            }
            errors = (0..<6).map { (names[$0], u.standardErrors[$0] * Self.unit($0, data)) }
        } else {
            poor.append("the data does not determine every parameter (singular Jacobian)")
        }
        if !(quality.r2 >= poorFitR2) {
            poor.append("the fit is poor (R² = \(DecimalText.significant(quality.r2, digits: 3)) < \(poorFitR2)): the recording does not look like a spring step")
        }
        return SpringFit(spring: spring, startTime: parameters[0], from: parameters[1], to: parameters[2],
                         initialVelocity: parameters[5], quality: quality, standardErrors: errors, poorlyDetermined: poor)
    }

    /// The size of one normalised unit of parameter i in the recording's units.
    private static func unit(_ i: Int, _ data: NormalisedStep) -> Double {
        switch i {
        case 0, 3: data.span
        case 1, 2: abs(data.step)
        case 4: 1
        default: abs(data.step) / data.span
        }
    }
}

extension Spring {
    /// Whether ω0² is a normal double, so that the closed-form motion can be evaluated in the
    /// recording's units (``Spring/duration`` and ``Spring/bounce`` are accurate at any scale).
    var squaredFrequencyIsInRange: Bool {
        let squared = naturalFrequency * naturalFrequency
        return squared.isNormal && squared.isFinite
    }
}
