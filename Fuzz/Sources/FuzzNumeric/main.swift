import MotionLab

/// The numeric entry points driven by fuzzed doubles: spring constructors (validated and
/// SwiftUI-compatible), closed forms, exact settling, the bezier solver and keyframe evaluation.
/// Valid input must give finite answers; invalid input must give an error, not a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var doubles: [Double] = []
    var offset = 0
    while offset + 8 <= size {
        var bits: UInt64 = 0
        for i in 0..<8 { bits |= UInt64(data[offset + i]) << (8 * UInt64(i)) }
        doubles.append(Double(bitPattern: bits))
        offset += 8
    }
    guard doubles.count >= 6 else { return 0 }
    let (a, b, c, d, e, f) = (doubles[0], doubles[1], doubles[2], doubles[3], doubles[4], doubles[5])

    // Springs: the validated constructors either throw or give a spring whose motion is finite
    // wherever its parameters are in the documented ranges.
    if let spring = try? Spring.validated(duration: a, bounce: b) {
        let target = c.isFinite ? max(min(c, 1e6), -1e6) : 1
        let v0 = d.isFinite ? max(min(d, 1e6), -1e6) : 0
        let t = e.isFinite ? min(abs(e), 1e4) : 0
        if spring.duration >= 1e-6 && spring.duration <= 1e6 {
            precondition(spring.value(target: target, initialVelocity: v0, time: t).isFinite)
            let settle = spring.exactSettlingTime(target: target, initialVelocity: v0, epsilon: 1e-3)
            precondition(!settle.isNaN)
            _ = spring.settlingDuration(target: target, initialVelocity: v0)
            _ = SpringSummary(spring: spring, target: target, initialVelocity: v0)
        }
    }
    // Extreme but accepted values: targets and velocities up to the command line's 1e150, any
    // time ≥ 0 for a damped spring — finite answers, an exact settling time that is not NaN.
    if let spring = try? Spring.validated(duration: a, bounce: b), spring.decayRate > 0,
       spring.duration >= 1e-6 && spring.duration <= 1e6 {
        let target = c.isFinite ? max(min(c, 1e150), -1e150) : 1e150
        let v0 = d.isFinite ? max(min(d, 1e150), -1e150) : -1e150
        let t = e.isFinite ? abs(e) : .greatestFiniteMagnitude
        precondition(spring.value(target: target, initialVelocity: v0, time: t).isFinite)
        precondition(spring.velocity(target: target, initialVelocity: v0, time: t).isFinite)
        precondition(!spring.exactSettlingTime(target: target, initialVelocity: v0, epsilon: 1e-3).isNaN)
    }
    // Fit quality of values anywhere in the double range is finite (residuals within the range).
    if [a, b, c].allSatisfy(\.isFinite) {
        let quality = FitQuality(times: [0, 1, 2], values: [a, b, c], model: [0.5 * a, 0.5 * b, 0.5 * c])
        precondition(quality.rmse.isFinite && quality.maxError.isFinite && !quality.r2.isNaN)
    }
    _ = try? Spring.validated(mass: a, stiffness: b, damping: c)
    _ = try? Spring.validated(settlingDuration: a, dampingRatio: b, epsilon: c)
    _ = Spring(duration: a, bounce: b).value(target: c, time: d)  // SwiftUI semantics: anything, no trap

    // The bezier solver: never NaN for finite x with x1, x2 in [0, 1], and monotone.
    if let curve = try? CubicBezier(x1: a, y1: b, x2: c, y2: d), e.isFinite, f.isFinite {
        let (x, y) = (min(max(e, 0), 1), min(max(f, 0), 1))
        let (lo, hi) = (min(x, y), max(x, y))
        let tLo = curve.solveT(forX: lo), tHi = curve.solveT(forX: hi)
        precondition(!tLo.isNaN && !tHi.isNaN && tLo <= tHi)
        precondition(!curve.y(forX: x).isNaN)
    }
    _ = try? CSSTimingFunction(x1: a, y1: b, x2: c, y2: d).value(at: e)

    // A keyframe track from the doubles: evaluation is total.
    let keyframes: [Keyframe<Double>] = [
        .cubic(CubicKeyframe(a, duration: abs(b).isFinite ? min(abs(b), 10) : 1, startVelocity: c.isFinite ? c : nil)),
        .linear(LinearKeyframe(d, duration: abs(e).isFinite ? min(abs(e), 10) : 1)),
        .spring(SpringKeyframe(f, duration: 0.5)),
    ]
    let timeline = TimelineDocument(initialValue: .scalar(0), tracks: [TimelineDocument.Track(nil, keyframes: keyframes)])
    _ = timeline.values(time: [-1, 0, e, timeline.duration, timeline.duration + 1])
    _ = ContinuityReport(timeline)
    return 0
}
