import Foundation
import MotionCurves
import MotionKeyframes
import MotionSprings
import Testing

/// Bugs found in review of MotionKeyframes. Each test fails until the bug is fixed.
@Suite("Keyframes: bugs found in review (fail until fixed)")
struct BugReportTests {
    /// `values(time:)` restarts its sweep when a time is smaller than the previous one, but compares with
    /// `t < previousTime`, which is false after a NaN: a smaller time after a NaN is evaluated in a later
    /// segment (clamped to its start). value(time:) gives 5 at t = 0.5; the batch gives 10.
    /// Fix: restart when `!(t >= previousTime)`, or do not record NaN as the previous time.
    @Test func batchAfterNaNRestartsTheSweep() {
        let timeline = KeyframeTimeline(initialValue: 0) {
            LinearKeyframe(10, duration: 1)
            LinearKeyframe(0, duration: 1)
        }
        let times = [1.5, .nan, 0.5]
        let batch = timeline.values(time: times)
        #expect(batch[0][nil] == 5 && batch[1][nil] == 0)
        #expect(batch[2][nil] == timeline.value(time: 0.5)[nil], "values(time: [1.5, nan, 0.5])[2] = \(batch[2]); value(time: 0.5) = \(timeline.value(time: 0.5))")
    }

    /// Springs are written to JSON as their (duration, bounce) getters. A critically damped spring
    /// (ω = 0, e.g. the default Spring(), or any bounce 0) reads back with bounce = ±1 ulp, i.e. slightly
    /// under- or overdamped, with ω ≈ √ulp·2π/d ≈ 1e-7·λ instead of 0. The motion barely changes, but
    /// the regime does — and a spring keyframe without a duration then lasts a different
    /// settlingDuration: the envelope bound instead of the 0.1 s scan (here 0.757 s instead of 1.0 s).
    /// So `fit keyframes` → timeline JSON → `keyframes eval` does not reproduce the timeline.
    /// Spring(duration: 0.65, bounce: 0): λ = 2π/0.65; the getters give bounce = 1 − λ·(2π/λ)/2π ≠ 0 and the
    /// decoded spring has ω = 1.44e-7, so the timeline lasts 1.698 s instead of 1.8 s. (Durations 0.5, 0.4
    /// and 0.3 happen to round-trip exactly; they are controls.)
    /// Fix: write "bounce": 0 exactly when signedFrequency == 0 (or write the spring's own representation).
    @Test(arguments: [Spring(duration: 0.65, bounce: 0), Spring(), Spring(duration: 0.4, bounce: 0), Spring(response: 0.3, dampingRatio: 1)])
    func criticalSpringSurvivesJSON(_ spring: Spring) throws {
        try #require(spring.signedFrequency == 0)
        let timeline = KeyframeTimeline(initialValue: 0) {
            SpringKeyframe(1, spring: spring)
            CubicKeyframe(2, duration: 0.5)
        }
        for data in [try JSONEncoder().encode(timeline), Data(timeline.json.serialized().utf8)] {
            let copy = try KeyframeTimeline.decode(json: data)
            guard case .spring(let k) = copy.tracks[0].keyframes[0] else { Issue.record("not a spring"); return }
            #expect(k.spring.signedFrequency == 0, "read back with ω = \(k.spring.signedFrequency), bounce \(k.spring.bounce)")
            #expect(copy.duration == timeline.duration, "duration \(timeline.duration) → \(copy.duration)")
        }
    }

    /// ContinuityReport classifies a junction by `abs(b − a) > tolerance`, which is false for NaN: a jump it
    /// cannot measure counts as no jump. A circularEaseIn linear keyframe ends with velocity ∞ (SPEC §3:
    /// p/√(1 − p²) at p = 1); the cubic after it inherits the infinite start velocity (SPEC §4), so the
    /// timeline's values are ±∞/NaN from t = 0.5 on — yet every junction is reported C1 or C2.
    /// Fix: classify a non-finite jump (or non-finite values on either side) as a break, e.g. compare with
    /// `!(abs(b − a) <= tolerance · …)`.
    @Test func nonFiniteJumpsAreNotContinuity() {
        let timeline = KeyframeTimeline(initialValue: 0) {
            LinearKeyframe(1, duration: 0.5, timingCurve: .circularEaseIn)
            CubicKeyframe(0, duration: 0.5)
        }
        #expect(!timeline.value(time: 0.75)[nil]!.isFinite)  // the spec-literal consequence
        let junction = ContinuityReport(timeline).tracks[0].junctions[1]
        #expect(junction.time == 0.5)
        #expect(junction.continuity < .c1, "velocity jump \(junction.velocityJump) classified \(junction.continuity)")
        #expect(ContinuityReport(timeline).continuity < .c1)
    }

    /// An undamped spring keyframe (bounce 1, dampingRatio 0 or damping 0) without a duration lasts
    /// settlingDuration = ∞ (SPEC §2.1: λ = 0 → ∞). The decoder accepts it; the timeline's duration is
    /// then ∞ and value(progress:) is NaN for every progress in (0, 1] — `keyframes eval --progress`
    /// prints NaN. SPEC §7/§8: bad input gets a clear error naming the value. Fix: reject at decode
    /// ("keyframes[0].duration is needed: an undamped spring never settles").
    @Test(arguments: [#"{"duration": 0.5, "bounce": 1}"#, #"{"response": 0.5, "dampingRatio": 0}"#,
                      #"{"mass": 1, "stiffness": 100, "damping": 0}"#])
    func undampedSpringWithoutDurationIsRejected(_ spring: String) {
        let json = #"{"initialValue": 0, "keyframes": [{"type": "spring", "to": 1, "spring": "# + spring + "}]}"
        do {
            let timeline = try KeyframeTimeline.decode(json: Data(json.utf8))
            Issue.record("accepted: duration \(timeline.duration), value(progress: 0.5) = \(timeline.value(progress: 0.5))")
        } catch {
            #expect(error.path.hasPrefix("keyframes[0]"), "\(error)")
        }
    }
}
