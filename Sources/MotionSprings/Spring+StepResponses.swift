extension Spring {
    /// The unit step response and the unit impulse response at many times, written into arrays
    /// the caller reuses: `step[i]` = `value(target: 1, time: τ)` (from rest at 0 towards 1) and
    /// `kick[i]` = `value(target: 0, initialVelocity: 1, time: τ)` (from 0 with unit velocity),
    /// τ = `times[i] − start`; both 0 where τ ≤ 0.
    ///
    /// Every motion of the spring is a combination of the same two decaying basis functions, so
    /// one exponential and one sine/cosine pair per sample give both responses — half the work of
    /// two `value` calls — with the same rounding as ``value(target:initialVelocity:time:)``.
    /// A fit that solves for the start value, target and initial velocity by linear least squares
    /// needs exactly these columns, once per trial, over every sample. `kick` is written only
    /// where it has room: pass an empty array to skip it.
    ///
    /// - Precondition: `step` has at least `times.count` elements.
    public func fillStepResponses(times: [Double], start: Double, step: inout [Double], kick: inout [Double]) {
        let n = times.count
        precondition(step.count >= n, "step has \(step.count) elements; \(n) needed")
        let withKick = kick.count >= n
        let omega = signedFrequency, lambda = decayRate
        times.withUnsafeBufferPointer { t in
            step.withUnsafeMutableBufferPointer { u in
                kick.withUnsafeMutableBufferPointer { h in
                    for i in 0..<n {
                        let tau = t[i] - start
                        guard tau > 0 else {
                            u[i] = 0
                            if withKick { h[i] = 0 }
                            continue
                        }
                        let basis = DecayingBasis(frequency: omega, decay: lambda, time: tau)
                        // value(target: 1) = 1 + (−1·c + (0 − λ·1)·s); value(target: 0, initialVelocity: 1) = s.
                        u[i] = 1 + (-basis.c + (0 - lambda) * basis.s)
                        if withKick { h[i] = basis.s }
                    }
                }
            }
        }
    }
}
