import MotionLab

/// The `spring` document of a spring given as JSON (the command line's spring options in camelCase),
/// for the motion from 0 to `target` with `initialVelocity`, settling figures within `epsilon`.
@_cdecl("motionlab_spring_describe")
public func motionlab_spring_describe(
    _ spring: UnsafePointer<CChar>?, _ target: Double, _ initialVelocity: Double, _ epsilon: Double,
    _ out: CStringOut, _ error: CStringOut
) -> Int32 {
    guarded(error) {
        try checked { () throws(PathError) in try SpringRequest.checkMotion(target: target, initialVelocity: initialVelocity, epsilon: epsilon) }
        let resolved = try springRequest(spring, epsilon: epsilon)
        let summary = SpringSummary(spring: resolved.spring, target: target, initialVelocity: initialVelocity, epsilon: epsilon)
        emit(summary.document(parameterization: resolved.parameterization, swiftUICode: resolved.swiftUICode, notes: resolved.notes), to: out)
    }
}

/// Values and velocities of the motion from 0 to `target` at `count` times, written to `values` and
/// `velocities` (each `count` long); before time 0 the motion is at rest at 0, as `spring sample` prints.
@_cdecl("motionlab_spring_sample")
public func motionlab_spring_sample(
    _ spring: UnsafePointer<CChar>?, _ target: Double, _ initialVelocity: Double,
    _ times: UnsafePointer<Double>?, _ count: Int,
    _ values: UnsafeMutablePointer<Double>?, _ velocities: UnsafeMutablePointer<Double>?,
    _ error: CStringOut
) -> Int32 {
    guarded(error) {
        try checked { () throws(PathError) in try SpringRequest.checkMotion(target: target, initialVelocity: initialVelocity, epsilon: 0.001) }
        let resolved = try springRequest(spring, epsilon: 0.001)
        let sampleTimes = try finite(doubles(times, count), "times")
        guard count == 0 || (values != nil && velocities != nil) else {
            throw ABIFailure.argument("values and velocities must not be null pointers")
        }
        let motion = SpringMotion(spring: resolved.spring, target: target, initialVelocity: initialVelocity)
        for (i, t) in sampleTimes.enumerated() {
            var (value, velocity) = (0.0, 0.0)
            if t >= 0 {
                let s = motion.state(at: t)
                (value, velocity) = (target + s.displacement, s.velocity)
            }
            guard value.isFinite, velocity.isFinite else {
                throw ABIFailure.data("at time \(DecimalText.shortest(t)) the motion is not representable (value \(value), velocity \(velocity)); sample times where |ω·t| stays below 1e300")
            }
            values![i] = value
            velocities![i] = velocity
        }
    }
}

/// The spring named by the JSON at `pointer` (the command line's spring options in camelCase), resolved.
func springRequest(_ pointer: UnsafePointer<CChar>?, epsilon: Double) throws
    -> (spring: Spring, parameterization: String, swiftUICode: String, notes: [String]) {
    let document = try json(pointer, "the spring")
    return try checked { () throws(PathError) in try SpringRequest(document).resolve(epsilon: epsilon) }
}
