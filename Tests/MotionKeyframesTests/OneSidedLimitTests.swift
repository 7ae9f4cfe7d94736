import MotionCurves
import MotionKeyframes
import MotionSprings
import Testing

/// Continuity is measured on the evaluated motion itself (one-sided limits), with SwiftUI's
/// handed-over velocity reported beside it.
@Suite("Keyframes: one-sided limits at junctions")
struct OneSidedLimitTests {
    /// A linear easeIn from 0 to 10 over 0.5 s arrives at (10/0.5)/0.58 units/s (easeIn's control
    /// point (1, 1) sits on its end, and the tangent there is the ratio of second derivatives,
    /// 1/0.58 — on paper). SwiftUI hands over its printed velocity 0 (SPEC §3), so the spring after
    /// it starts at rest: the velocity jumps by −(20/0.58). The junction is C0, not C1.
    @Test func easeInIntoASpring() {
        let timeline = TimelineDocument(initialValue: 0) {
            LinearKeyframe(10, duration: 0.5, timingCurve: .easeIn)
            SpringKeyframe(20, duration: 0.5, spring: Spring(duration: 0.5, bounce: 0))
        }
        let junction = ContinuityReport(timeline).tracks[0].junctions[1]
        #expect(junction.keyframeBefore == 0 && junction.keyframeAfter == 1)
        let arriving = 20 / 0.58
        #expect(abs(junction.velocityBefore - arriving) <= 1e-12 * arriving, "\(junction.velocityBefore)")
        #expect(junction.handedOverVelocity == 0)
        #expect(abs(junction.velocityAfter) <= 1e-12)
        #expect(abs(junction.velocityJump + arriving) <= 1e-12 * arriving)
        #expect(junction.continuity == .c0)
    }

    /// A linear keyframe ends with its curve's own velocity where nothing vanishes: what SwiftUI
    /// hands over and the motion's limit agree. easeInOut ends with dy/dx = 0.
    @Test func handOverEqualsTheLimitElsewhere() {
        let timeline = TimelineDocument(initialValue: 0) {
            LinearKeyframe(10, duration: 0.5, timingCurve: .linear)
            LinearKeyframe(20, duration: 0.5, timingCurve: .linear)
        }
        let junction = ContinuityReport(timeline).tracks[0].junctions[1]
        #expect(junction.handedOverVelocity == 20)
        #expect(junction.velocityBefore == 20 && junction.velocityAfter == 20)
        #expect(junction.continuity == .c2)
    }

    /// An infinite velocity on one side is a break, never C2: a bezier with a vertical start tangent.
    @Test func anInfiniteJumpIsABreak() {
        let vertical = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0, y: 0.5), endControlPoint: UnitPoint(x: 1, y: 1))
        let timeline = TimelineDocument(initialValue: 0) {
            LinearKeyframe(10, duration: 0.5, timingCurve: vertical)
        }
        let start = ContinuityReport(timeline).tracks[0].junctions[0]
        #expect(start.velocityAfter == .infinity)
        #expect(start.continuity == .discontinuous || start.continuity == .c0)
    }
}
