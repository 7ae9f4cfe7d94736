import MotionIO
import MotionNumerics
import MotionSprings
import RealModule

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
    /// correlated with another parameter), with the reason.
    public var poorlyDetermined: [String]

    /// The model's value at recording time `t`.
    public func value(at t: Double) -> Double {
        t <= startTime ? from : from + spring.value(target: to - from, initialVelocity: initialVelocity, time: t - startTime)
    }

    /// `Spring(duration:bounce:)` and the animation that plays it.
    public var swiftUICode: String {
        "Spring(duration: \(Code.number(spring.duration)), bounce: \(Code.number(spring.bounce)))"
            + "  // .animation(.spring(duration: \(Code.number(spring.duration)), bounce: \(Code.number(spring.bounce))))"
    }
}

/// Fits a spring step — start time, start value, target, duration, bounce and initial
/// velocity — to a recording by Levenberg–Marquardt.
///
/// The starting guesses are read off the data: the start and end plateaus (medians), the
/// departure from the start, and the first peak — its overshoot gives ζ by the logarithmic
/// decrement, its time the damped period — or, without overshoot, the 10–90 % rise time of a
/// critically damped spring (≈ 3.36/ω0). Several starts around that guess are tried and the
/// best kept, so a poor first guess does not end in a local minimum.
public enum SpringFitting {
    public static func fit(_ recording: Recording) throws(FitError) -> SpringFit {
        let times = recording.times, values = recording.values
        let features = try StepFeatures(times, values)
        let span = times[times.count - 1] - times[0]
        let step = features.to - features.from

        // Guesses for (duration, bounce).
        var guesses: [(Double, Double)] = []
        if features.overshoot > 0.005 {
            let logOS = Double.log(features.overshoot)
            let zeta = -logOS / (Double.pi * Double.pi + logOS * logOS).squareRoot()
            let tp = max(features.peakTime - features.departure, 1e-6)
            let omega0 = (Double.pi / tp) / max((1 - zeta * zeta).squareRoot(), 1e-3)
            guesses.append((2 * .pi / omega0, 1 - zeta))
        }
        let criticalOmega0 = 3.358 / max(features.riseTime, 1e-6)
        guesses.append((2 * .pi / criticalOmega0, 0))
        guesses.append((2 * .pi / criticalOmega0, 0.3))
        guesses.append((2 * .pi / criticalOmega0 * 0.6, -0.4))

        let dt = span / Double(max(times.count - 1, 1))
        let lower = [times[0] - span, -Double.infinity, -Double.infinity, 1e-3, -0.95, -Double.infinity]
        let upper = [times[times.count - 1], Double.infinity, Double.infinity, 100 * max(span, 1e-3), 0.995, Double.infinity]
        let scale = max(abs(step), 1e-12)
        func model(_ p: [Double], _ t: Double) -> Double {
            let (t0, from, to, d, b, v0) = (p[0], p[1], p[2], p[3], p[4], p[5])
            guard t > t0 else { return from }
            return from + Spring(duration: d, bounce: b).value(target: to - from, initialVelocity: v0, time: t - t0)
        }
        func residuals(_ p: [Double]) -> [Double] {
            (0..<times.count).map { (model(p, times[$0]) - values[$0]) / scale }
        }
        // Starts: each (duration, bounce) guess from the departure at rest, and the first guess also
        // from a quarter rise time earlier — a motion that first moves away from its target
        // (a negative initial velocity) leaves the start plateau before the 2 % test sees it.
        var starts = guesses.map { ($0.0, $0.1, features.departure) }
        starts.append((guesses[0].0, guesses[0].1, features.departure - 0.25 * features.riseTime))
        var best: LevenbergMarquardt.Result? = nil
        for (duration, bounce, departure) in starts {
            let initial = [departure, features.from, features.to, min(max(duration, 2e-3), 50 * max(span, 1e-3)), bounce, 0]
            guard let result = try? LevenbergMarquardt.minimize(
                initial: initial, lower: lower, upper: upper,
                steps: [dt * 1e-3, scale * 1e-7, scale * 1e-7, duration * 1e-6, 1e-6, scale * 1e-5],
                maxIterations: 200, residuals: residuals) else { continue }
            if best == nil || result.cost < best!.cost { best = result }
        }
        guard let best else { throw FitError("the spring fit did not converge from any starting guess") }
        let p = best.parameters
        let spring = Spring(duration: p[3], bounce: p[4])
        let model = times.map { model(p, $0) }
        let quality = FitQuality(times: times, values: values, model: model)

        let names = ["startTime", "from", "to", "duration", "bounce", "initialVelocity"]
        var errors: [(name: String, value: Double)]? = nil
        var poor: [String] = []
        if let u = best.uncertainty() {
            // Dividing the residuals by the step scales J and σ alike, so the errors are in the parameters' own units.
            errors = (0..<6).map { (names[$0], u.standardErrors[$0]) }
            let sizes = [max(span, 1e-9), abs(step), abs(step), p[3], 1, abs(step) / max(p[3], 1e-9)]
            for i in 0..<6 where u.standardErrors[i] > 0.1 * sizes[i] {
                poor.append("\(names[i]) (±\(Code.number(u.standardErrors[i], digits: 3)))")
            }
            for i in 0..<6 {
                for j in (i + 1)..<6 where abs(u.correlation[i, j]) > 0.995 {
                    poor.append("\(names[i]) and \(names[j]) are correlated (r = \(Code.number(u.correlation[i, j], digits: 4)))")
                }
            }
        } else {
            poor.append("the data does not determine every parameter (singular Jacobian)")
        }
        return SpringFit(spring: spring, startTime: p[0], from: p[1], to: p[2], initialVelocity: p[5], quality: quality,
                         standardErrors: errors, poorlyDetermined: poor)
    }
}
