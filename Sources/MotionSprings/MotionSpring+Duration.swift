import RealModule

extension MotionSpring {
    /// Motion's duration-based spring, `{ type: "spring", duration, bounce }` (Motion's
    /// `findSpring`, ported from Framer): ζ = 1 − bounce clamped to [0.05, 1], the duration
    /// clamped to [0.01, 10] s, mass 1, and ω0 the root of the settling envelope
    /// ζ/√(1 − ζ²)·e^(−ζω0T) = 0.001 (or e^(−ω0T)(1 + ω0T) = 0.001 at ζ = 1), found by Motion's 11
    /// Newton steps from 5/T; stiffness ω0², damping 2ζω0. From rest (Motion also feeds the
    /// initial velocity into the envelope; MotionLab's specification starts from rest).
    public init(duration: Double, bounce: Double) {
        let zeta = min(max(1 - bounce, 0.05), 1)
        let t = min(max(duration, 0.01), 10)
        let safeMin = 0.001
        let envelope: (Double) -> Double, derivative: (Double) -> Double
        if zeta < 1 {
            envelope = { w in safeMin - (w * zeta) / (w * (1 - zeta * zeta).squareRoot()) * Double.exp(-w * zeta * t) }
            derivative = { w in
                // Motion's expression, kept as written (its sign factor makes Newton converge).
                let e = zeta * zeta * w * w * t, f = Double.exp(-w * zeta * t)
                let g = w * w * (1 - zeta * zeta).squareRoot()
                let factor: Double = -envelope(w) + safeMin > 0 ? -1 : 1
                return factor * (-e * f) / g
            }
        } else {
            envelope = { w in -safeMin + Double.exp(-w * t) * (w * t + 1) }
            derivative = { w in Double.exp(-w * t) * (-w) * (t * t) }
        }
        var w = 5 / t
        for _ in 1..<12 { w -= envelope(w) / derivative(w) }
        guard w.isFinite, w > 0 else { self.init(); return }
        self.init(stiffness: w * w, damping: 2 * zeta * w, mass: 1)
    }

    /// What Motion's duration-based spring changes of `duration` and `bounce`: its clamps, in words.
    public static func durationBounceNotes(duration: Double, bounce: Double) -> [String] {
        var notes: [String] = []
        let zeta = 1 - bounce
        if zeta < 0.05 || zeta > 1 { notes.append("Motion clamps ζ = 1 − bounce = \(zeta) to [0.05, 1]; the spring described is the clamped one") }
        if duration < 0.01 || duration > 10 { notes.append("Motion clamps the duration \(duration) s to [0.01, 10] s; the spring described is the clamped one") }
        return notes
    }
}
