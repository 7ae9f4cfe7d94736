import MotionCurves
import MotionKeyframes
import Testing

/// The acceleration of eased linear keyframes in the continuity report, on paper: a linear
/// keyframe from a to b over d with curve y(x) accelerates at (b − a)/d² · y″(x). For the presets
/// at an end whose control point is off it, y″ = ±6/1.26² (y′ = 0 and x′ = 3·0.42 there).
@Suite("Keyframes: eased linear accelerations")
struct EasedAccelerationTests {
    @Test func junctionsOfEasedLinearKeyframes() {
        let timeline = TimelineDocument(initialValue: 0) {
            LinearKeyframe(100, duration: 0.5, timingCurve: .easeInOut)
            LinearKeyframe(40, duration: 0.4, timingCurve: .easeInOut)
        }
        let junctions = ContinuityReport(timeline).tracks[0].junctions
        let k = 6 / (1.26 * 1.26)
        // From rest into 100/0.25 · k; then from 400 · (−k) to −60/0.16 · k = −375k; then from
        // −375 · (−k) back to rest.
        let expected = [400 * k, -375 * k + 400 * k, -375 * k]
        #expect(junctions.count == 3)
        for (junction, jump) in zip(junctions, expected) {
            #expect(abs(junction.accelerationJump - jump) <= 1e-12 * abs(jump), "\(junction.time): \(junction.accelerationJump) vs \(jump)")
        }
    }

    /// An ease-out keyframe starts with its slope turning while its progress stops: its
    /// acceleration there is −∞ (times a positive distance), a break the report classifies.
    @Test func easeOutStartIsAnInfiniteAccelerationJump() {
        let timeline = TimelineDocument(initialValue: 0) {
            LinearKeyframe(10, duration: 0.5, timingCurve: .easeOut)
        }
        let start = ContinuityReport(timeline).tracks[0].junctions[0]
        #expect(start.accelerationJump == -.infinity)
    }
}
