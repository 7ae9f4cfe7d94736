import Foundation
import MotionCurves
import MotionJSON
import MotionKeyframes
import MotionSprings
import Testing

/// Expected values derived on paper from SPEC §4.
@Suite("Keyframes: values derived on paper")
struct PaperTests {
    /// A lone cubic 0 → 10 over 0.4 s has zero tangents at both ends: 10·(3u² − 2u³), u = t/0.4.
    @Test(arguments: [0.0, 0.05, 0.1, 0.2, 0.3, 0.37, 0.4])
    func loneCubicIsSmoothstep(t: Double) {
        let timeline = TimelineDocument(initialValue: 0) { CubicKeyframe(10, duration: 0.4) }
        let u = t / 0.4
        let expected = 10 * (3 * u * u - 2 * u * u * u)
        #expect(abs(timeline.value(time: t)[nil]! - expected) < 1e-13)
    }

    /// Outside the timeline: the initial value before 0, the end value after the end.
    @Test func outsideTheTimeline() {
        let timeline = TimelineDocument(initialValue: 3) {
            LinearKeyframe(5, duration: 1)
            LinearKeyframe(-1, duration: 0.5)
        }
        #expect(timeline.duration == 1.5)
        #expect(timeline.value(time: -0.1)[nil] == 3)
        #expect(timeline.value(time: 7)[nil] == -1)
        #expect(timeline.value(time: 1)[nil] == 5)  // the boundary belongs to the earlier keyframe
        #expect(abs(timeline.value(time: 1.25)[nil]! - 2) < 1e-15)
        #expect(abs(timeline.value(progress: 0.5)[nil]! - (3 + 2 * 0.75)) < 1e-15)
    }
}

@Suite("Keyframes: review regressions")
struct KeyframeReviewRegressionTests {
    /// Durations that add up past 10⁹ s are an error, not an infinite timeline.
    @Test func overflowingDurations() {
        let json = #"{"initialValue": 0, "keyframes": [{"type": "cubic", "to": 1, "duration": 1e308}, {"type": "cubic", "to": 2, "duration": 1e308}]}"#
        #expect(throws: PathError.self) { try TimelineDocument.decode(json: Data(json.utf8)) }
    }

    /// Times in any order give the per-sample values (the sweep jumps back by binary search).
    @Test func unsortedTimes() {
        let keyframes: [Keyframe<Double>] = (0..<500).map { .cubic(CubicKeyframe(Double($0 % 7), duration: 0.01 + Double($0 % 3) * 0.01)) }
        let timeline = TimelineDocument(initialValue: .scalar(0), tracks: [TimelineDocument.Track(nil, keyframes: keyframes)])
        let times = (0..<2000).map { i in Double((i * 7919) % 2000) / 2000 * timeline.duration }
        let batch = timeline.values(time: times)
        for (t, v) in zip(times, batch) { #expect(v == timeline.value(time: t)) }
    }
}
