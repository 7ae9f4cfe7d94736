import Foundation
import MotionNumerics
import MotionSprings
import Testing

/// The closed form in 80-bit extended precision, written directly (e^(−λt)·cos, sin(ωt)/ω, the
/// two exponentials of the overdamped modes): an evaluation of the same (ω, λ) to ~1e-18, so
/// differences larger than a few 1e-16 are MotionLab's.
private func extendedValue(_ spring: Spring, target: Double, v0: Double, t: Double) -> Float80 {
    let lambda = Float80(spring.decayRate), omega = Float80(spring.signedFrequency)
    let (d, v, time) = (Float80(target), Float80(v0), Float80(t))
    let envelope = expl(-lambda * time)
    let c: Float80, s: Float80
    if omega > 0 {
        c = envelope * cosl(omega * time)
        s = envelope * sinl(omega * time) / omega
    } else if omega == 0 {
        c = envelope
        s = envelope * time
    } else {
        let mu = -omega
        c = 0.5 * (expl((mu - lambda) * time) + expl((-mu - lambda) * time))
        // sinh(μt)/μ by expm1: near critical damping the plain difference would lose ~1/(μt) even in 80 bits.
        s = -expl((mu - lambda) * time) * expm1l(-2 * mu * time) / (2 * mu)
    }
    return d + (-d * c + (v - lambda * d) * s)
}

/// Ranges for the seeded cases (SplitMix64: every run checks the same 2000 cases).
private extension SplitMix64 {
    mutating func uniform(_ range: ClosedRange<Double>) -> Double { range.lowerBound + unit() * (range.upperBound - range.lowerBound) }
    /// 10^u for u uniform in `exponents`, with a random sign.
    mutating func decades(_ exponents: ClosedRange<Double>, signed: Bool = true) -> Double {
        let magnitude = Foundation.pow(10, uniform(exponents))
        return signed && unit() < 0.5 ? -magnitude : magnitude
    }
}

@Suite("Extreme numbers")
struct ExtremeValueTests {
    /// Durations from 1 µs to 10⁶ s, every bounce the validated constructor accepts, targets and
    /// velocities from subnormal to 1e300, times up to 1e9 s: the value is finite, and agrees
    /// with the extended-precision evaluation to 1e-12 of the motion's scale, times the
    /// condition of the phase ω·t (a time given to one ulp moves the phase by ω·ulp(t)).
    @Test func valuesAreFiniteAndAccurate() {
        var random = SplitMix64(seed: 2026)
        for _ in 0..<2000 {
            let duration = random.decades(-6...6, signed: false)
            let bounce = random.unit() < 0.1 ? [-0.9999, 0, 1, 1 - 1e-12][Int(random.unit() * 4)] : random.uniform(-0.9999...1)
            let target = random.decades(-310...300)
            let v0 = random.unit() < 0.2 ? 0 : random.decades(-300...300)
            let t = min(random.decades(-9...9, signed: false) * duration, 1e9)
            Self.check(duration: duration, bounce: bounce, target: target, v0: v0, t: t)
        }
    }

    static func check(duration: Double, bounce: Double, target: Double, v0: Double, t: Double) {
        guard let spring = try? Spring.validated(duration: duration, bounce: bounce) else {
            Issue.record("rejected duration \(duration), bounce \(bounce)")
            return
        }
        let value = spring.value(target: target, initialVelocity: v0, time: t)
        #expect(value.isFinite, "x(\(t)) of Spring(duration: \(duration), bounce: \(bounce)), target \(target), v0 \(v0)")
        let velocity = spring.velocity(target: target, initialVelocity: v0, time: t)
        #expect(velocity.isFinite)
        // Accuracy where the extended evaluation itself is trustworthy (no overflow in Float80).
        let reference = extendedValue(spring, target: target, v0: v0, t: t)
        guard reference.isFinite, abs(target) < 1e290, abs(v0) < 1e290 else { return }
        let scale = max(abs(target), abs(v0) / spring.naturalFrequency, .leastNormalMagnitude)
        let phase = max(1, spring.naturalFrequency * t)
        let error = abs(Float80(value) - reference) / Float80(scale)
        #expect(error <= Float80(1e-12 * phase), "relative error \(error) at t = \(t), duration \(duration), bounce \(bounce)")
    }

    /// Near-critical damping, ζ = 1 ± 1e-12 and ± 1e-9: no loss to cancellation.
    @Test(arguments: [1 - 1e-12, 1 + 1e-12, 1 - 1e-9, 1 + 1e-9, 1])
    func nearCritical(zeta: Double) {
        let spring = Spring(response: 0.5, dampingRatio: zeta)
        for t in stride(from: 0.0, through: 2, by: 0.01) {
            let reference = extendedValue(spring, target: 1, v0: 3, t: t)
            #expect(abs(Float80(spring.value(target: 1, initialVelocity: 3, time: t)) - reference) < 1e-15)
        }
        #expect(spring.exactSettlingTime().isFinite)
    }

    /// Stiffness up to 1e12 (ω0 = 10⁶): finite motion and settling.
    @Test(arguments: [1e6, 1e9, 1e12])
    func stiff(stiffness: Double) throws {
        let spring = try Spring.validated(mass: 1, stiffness: stiffness, damping: 0.2 * stiffness.squareRoot())
        let settle = spring.exactSettlingTime(target: 1, epsilon: 1e-3)
        #expect(settle.isFinite && settle > 0)
        #expect(abs(spring.value(target: 1, time: settle) - 1).isApproximatelyEqual(to: 1e-3, relativeTolerance: 1e-9))
    }

    /// Bounce just inside 1 (ζ = 1e-12): a finite exact settling time ~1e12 periods away.
    @Test func almostUndamped() throws {
        let spring = try Spring.validated(duration: 1, bounce: 1 - 1e-12)
        let settle = spring.exactSettlingTime(target: 1, epsilon: 1e-3)
        #expect(settle.isFinite && settle > 1e11)
        // The envelope at t*: e^(−λ t*)·(amplitude) ≈ ε.
        #expect(spring.exactSettlingTime(target: 1, epsilon: 2) == 0)
    }

    /// Outside the documented ranges: a clear error, not NaN.
    @Test(arguments: [(0.5, -1 + 1e-12), (0.5, 1 + 1e-12), (1e-7, 0.0), (1e7, 0.0), (0.5, -1.0)])
    func outsideTheRange(duration: Double, bounce: Double) {
        #expect(throws: SpringParameterError.self) { try Spring.validated(duration: duration, bounce: bounce) }
    }

    @Test func stiffnessOutOfRange() {
        #expect(throws: SpringParameterError.self) { try Spring.validated(mass: 1, stiffness: 1e15, damping: 1) }
        #expect(throws: SpringParameterError.self) { try Spring.validated(mass: 1, stiffness: 100, damping: 1e6) }
    }
}

@Suite("Review regressions")
struct SpringReviewRegressionTests {
    /// ζ = 1e-17 puts the last extremum outside the band ~10¹⁷ half-periods away: the answer is
    /// that extremum's time (a half-period is below t's resolution there), with no endless loop.
    @Test func tinyDampingDoesNotHang() throws {
        let spring = try Spring.validated(response: 1, dampingRatio: 1e-17)
        let t = spring.exactSettlingTime(target: 1, epsilon: 1e-3)
        // Envelope: e^(−ζω0 t)·(≈1) = 1e-3 ⇒ t ≈ ln(1000)/(ζ·2π) = 1.0994e17 s.
        #expect(abs(t / (Foundation.log(1000) / (1e-17 * 2 * .pi)) - 1) < 1e-6)
        #expect(spring.peak(target: 1) != nil)
        #expect(SpringMotion(spring: spring, target: 1).bandCrossings(epsilon: 1e-3) == nil)
    }

    /// No spring can settle to ε when its envelope starts below ε: an error, not a negative stiffness.
    @Test func settlingDurationWithoutASolution() {
        #expect(throws: SpringParameterError.self) { try Spring.validated(settlingDuration: 1, dampingRatio: 0.0005) }
        #expect((try? Spring.validated(settlingDuration: 1, dampingRatio: 0.5))?.duration.isFinite == true)
    }

    /// Springs from other vocabularies are held to the same ranges.
    @Test func otherVocabulariesAreValidated() {
        #expect(throws: SpringParameterError.self) { try Spring.validated(AndroidSpring(stiffness: 1e-300, dampingRatio: 0.5).spring, source: "android") }
        #expect(throws: SpringParameterError.self) { try Spring.validated(AndroidSpring(stiffness: 100, dampingRatio: 1e300).spring, source: "android") }
        #expect(throws: SpringParameterError.self) { try Spring.validated(ReboundSpringConfig(bounciness: 1e300, speed: 1).spring, source: "rebound") }
        #expect((try? Spring.validated(ReboundSpringConfig.default.spring, source: "rebound")) != nil)
    }
}

@Suite("Fuzz regressions")
struct SpringFuzzRegressionTests {
    /// Found by FuzzNumeric (a timeout): ζ = 2e-14 with an initial velocity sent the correction of
    /// the last extremum's index into ~10¹⁰ single steps. Now a bounded number.
    @Test func lightSpringWithVelocityAnswers() throws {
        let spring = try Spring.validated(duration: 0.71875, bounce: 0.9999999999999787)
        let t = spring.exactSettlingTime(target: 1, initialVelocity: 1, epsilon: 1e-3)
        // Envelope bound: √(1 + (v0/ω)²)·e^(−λt) = ε.
        let lambda = spring.decayRate, omega = spring.signedFrequency
        let expected = Foundation.log((1 + 1 / (omega * omega)).squareRoot() / 1e-3) / lambda
        #expect(abs(t / expected - 1) < 1e-6, "t* = \(t), envelope \(expected)")
        _ = SpringMotion(spring: spring, target: 1, initialVelocity: 1).bandCrossings(epsilon: 1e-3)
    }
}
