import Foundation
import MotionCurves
import MotionKeyframes
import MotionSprings
import Testing

/// Behaviours of MotionKeyframes at its edges — NaN and infinite values, critically damped and
/// undamped springs — each pinned by a test that names it.
@Suite("Keyframes: regressions")
struct RegressionTests {
    /// `values(time:)` sweeps the segments forward and starts again from the first when a time is
    /// smaller than the one before. A NaN in the batch does not break that: a time after a NaN is
    /// evaluated as `value(time:)` evaluates it (at t = 0.5 after [1.5, NaN]: 5, not the clamped
    /// start of a later segment, 10).
    @Test func batchEvaluationAfterANaNTimeMatchesSingleEvaluation() {
        let timeline = TimelineDocument(initialValue: 0) {
            LinearKeyframe(10, duration: 1)
            LinearKeyframe(0, duration: 1)
        }
        let times = [1.5, .nan, 0.5]
        let batch = timeline.values(time: times)
        #expect(batch[0][nil] == 5 && batch[1][nil] == 0)
        #expect(batch[2][nil] == timeline.value(time: 0.5)[nil], "values(time: [1.5, nan, 0.5])[2] = \(batch[2]); value(time: 0.5) = \(timeline.value(time: 0.5))")
    }

    /// A critically damped spring (ω = 0: the default Spring(), or any bounce 0) written to timeline
    /// JSON — by JSONEncoder or by `json.serialized()` — reads back critically damped (ω exactly 0),
    /// and the timeline keeps its duration. Computing bounce from the (duration, bounce) getters
    /// would not: the getters give bounce ±1 ulp for such a spring, which reads back slightly under-
    /// or overdamped, with ω ≈ √ulp·2π/d ≈ 1e-7·λ instead of 0. The motion barely changes but the
    /// regime does, and a spring keyframe without a duration then lasts a different
    /// settlingDuration (the envelope bound instead of the 0.1 s scan), so `fit keyframes` →
    /// timeline JSON → `keyframes eval` would not reproduce the timeline. For
    /// Spring(duration: 0.65, bounce: 0), λ = 2π/0.65 and 1 − λ·(2π/λ)/2π ≠ 0: ω would be 1.44e-7
    /// and the timeline would last 1.698 s instead of 1.8 s. The other arguments (durations 0.5 —
    /// the default Spring() —, 0.4 and 0.3) round-trip through the getters exactly; they are
    /// controls.
    @Test(arguments: [Spring(duration: 0.65, bounce: 0), Spring(), Spring(duration: 0.4, bounce: 0), Spring(response: 0.3, dampingRatio: 1)])
    func criticallyDampedSpringStaysCriticallyDampedThroughJSON(_ spring: Spring) throws {
        try #require(spring.signedFrequency == 0)
        let timeline = TimelineDocument(initialValue: 0) {
            SpringKeyframe(1, spring: spring)
            CubicKeyframe(2, duration: 0.5)
        }
        for data in [try JSONEncoder().encode(timeline), Data(timeline.json.serialized().utf8)] {
            let copy = try TimelineDocument.decode(json: data)
            guard case .spring(let k) = copy.tracks[0].keyframes[0] else { Issue.record("not a spring"); return }
            #expect(k.spring.signedFrequency == 0, "read back with ω = \(k.spring.signedFrequency), bounce \(k.spring.bounce)")
            #expect(copy.duration == timeline.duration, "duration \(timeline.duration) → \(copy.duration)")
        }
    }

    /// ContinuityReport counts a jump it cannot measure (non-finite values or a NaN difference on
    /// either side of a junction) as a break, not as continuity: a comparison `abs(b − a) > tolerance`
    /// is false for NaN and would report such a junction C1 or C2. A circularEaseIn linear keyframe
    /// ends with velocity ∞ (SPEC §3: p/√(1 − p²) at p = 1); the cubic after it inherits the infinite
    /// start velocity (SPEC §4), so the timeline's values are ±∞/NaN from t = 0.5 on, and the
    /// junction at 0.5 (and so the timeline) is below C1.
    @Test func aNonFiniteJumpIsADiscontinuity() {
        let timeline = TimelineDocument(initialValue: 0) {
            LinearKeyframe(1, duration: 0.5, timingCurve: .circularEaseIn)
            CubicKeyframe(0, duration: 0.5)
        }
        #expect(!timeline.value(time: 0.75)[nil]!.isFinite)  // the spec-literal consequence
        let junction = ContinuityReport(timeline).tracks[0].junctions[1]
        #expect(junction.time == 0.5)
        #expect(junction.continuity < .c1, "velocity jump \(junction.velocityJump) classified \(junction.continuity)")
        #expect(ContinuityReport(timeline).continuity < .c1)
    }

    /// The decoder rejects an undamped spring keyframe (bounce 1, dampingRatio 0 or damping 0)
    /// without a duration, with an error whose path names the keyframe (SPEC §7/§8: bad input gets
    /// a clear error naming the value). Such a keyframe would last settlingDuration = ∞ (SPEC §2.1:
    /// λ = 0 → ∞): the timeline's duration would be ∞ and value(progress:) NaN for every progress
    /// in (0, 1], so `keyframes eval --progress` would print NaN.
    @Test(arguments: [#"{"duration": 0.5, "bounce": 1}"#, #"{"response": 0.5, "dampingRatio": 0}"#,
                      #"{"mass": 1, "stiffness": 100, "damping": 0}"#])
    func undampedSpringKeyframeWithoutADurationIsRejected(_ spring: String) {
        let json = #"{"initialValue": 0, "keyframes": [{"type": "spring", "to": 1, "spring": "# + spring + "}]}"
        do {
            let timeline = try TimelineDocument.decode(json: Data(json.utf8))
            Issue.record("accepted: duration \(timeline.duration), value(progress: 0.5) = \(timeline.value(progress: 0.5))")
        } catch {
            #expect(error.path.hasPrefix("keyframes[0]"), "\(error)")
        }
    }
}
