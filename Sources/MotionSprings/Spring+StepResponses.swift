extension Spring {
    /// The unit step response and the unit impulse response at many times, written into arrays
    /// the caller reuses: `step[i]` = `value(target: 1, time: τ)` (from rest at 0 towards 1) and
    /// `kick[i]` = `value(target: 0, initialVelocity: 1, time: τ)` (from 0 with unit velocity),
    /// τ = `times[i] − start`; both 0 where τ ≤ 0.
    ///
    /// Every motion of the spring is a combination of the same two decaying basis functions, so
    /// one evaluation of them per sample gives both responses — half the work of two `value`
    /// calls. A fit that solves for the start value, target and initial velocity by linear least
    /// squares needs exactly these columns, once per trial, over every sample. `kick` is written
    /// only where it has room: pass an empty array to skip it.
    ///
    /// Underdamped, the sine and cosine are the cost. So between samples close in phase and decay
    /// (ω·Δτ ≤ 1/16 and λ·Δτ ≤ 1/16) the basis c = e^(−λτ)·cos ωτ, s = e^(−λτ)·sin(ωτ)/ω is
    /// advanced by the rotation through ω·Δτ and the decay e^(−λΔτ):
    /// c ← e^(−λΔτ)·(c·cos ωΔτ − ω²Δτ·σ·s), s ← e^(−λΔτ)·(s·cos ωΔτ + Δτ·σ·c), σ = sin(ωΔτ)/(ωΔτ),
    /// with the cosine and σ from their Taylor series (to below 2⁻⁶⁵) — written in Δτ·σ, so no
    /// division by a small ω magnifies anything, as in the exact basis. Every
    /// ``stepResponseAnchorInterval``-th sample, and after any larger gap, the basis is evaluated
    /// afresh exactly as ``value(target:initialVelocity:time:)-(Double,Double,Double)`` evaluates it. Each rotation adds
    /// a few ulps of the envelope e^(−λτ) (|λ·s| ≤ λτ·e^(−λτ) ≤ 1/e), so the responses stay within
    /// about 2⁻⁴⁵ of `value`'s; critically and overdamped springs (exponentials only) have
    /// `value`'s rounding exactly.
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
                    // The basis at τ = `previous`, good for `rotations` more rotations (0: evaluate afresh).
                    var (c, s, previous, rotations) = (0.0, 0.0, 0.0, 0)
                    for i in 0..<n {
                        let tau = t[i] - start
                        guard tau > 0 else {
                            u[i] = 0
                            if withKick { h[i] = 0 }
                            rotations = 0
                            continue
                        }
                        let gap = tau - previous
                        if rotations > 0, abs(omega * gap) <= Self.largestRotation, abs(lambda * gap) <= Self.largestRotation {
                            let x2 = (omega * gap) * (omega * gap)
                            let sinc = 1 - x2 / 6 * (1 - x2 / 20 * (1 - x2 / 42 * (1 - x2 / 72)))
                            let cosine = 1 - x2 / 2 * (1 - x2 / 12 * (1 - x2 / 30 * (1 - x2 / 56 * (1 - x2 / 90))))
                            let decay = Double.exp(-lambda * gap)
                            let turn = gap * sinc
                            (c, s) = (decay * (c * cosine - (omega * omega * turn) * s), decay * (s * cosine + turn * c))
                            rotations -= 1
                        } else {
                            let basis = DecayingBasis(frequency: omega, decay: lambda, time: tau)
                            (c, s) = (basis.c, basis.s)
                            rotations = omega > 0 && (c != 0 || s != 0) ? Self.stepResponseAnchorInterval - 1 : 0
                        }
                        previous = tau
                        // value(target: 1) = 1 + (−1·c + (0 − λ·1)·s); value(target: 0, initialVelocity: 1) = s.
                        u[i] = 1 + (-c + (0 - lambda) * s)
                        if withKick { h[i] = s }
                    }
                }
            }
        }
    }

    /// How many samples ``fillStepResponses(times:start:step:kick:)`` advances an underdamped
    /// spring's basis by rotation between exact evaluations.
    public static let stepResponseAnchorInterval = 16

    /// The largest phase step (radians) advanced by rotation rather than evaluated afresh.
    static let largestRotation = 1.0 / 16
}
