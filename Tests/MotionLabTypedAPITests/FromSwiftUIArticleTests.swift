import Foundation
import MotionLab
import Testing

// The test of the DocC article "From SwiftUI to MotionLab", as the article prints it.
private struct AnimationValues {
    var scale = 1.0
    var verticalStretch = 1.0
    var angle = Angle.zero
}

@Test func theEmojiGrowsBeforeItTilts() {
    let timeline = KeyframeTimeline(initialValue: AnimationValues()) {
        KeyframeTrack(\.scale) {
            LinearKeyframe(1.0, duration: 0.36)
            SpringKeyframe(1.5, duration: 0.8, spring: .bouncy)
            SpringKeyframe(1.0, spring: .bouncy)
        }
        KeyframeTrack(\.angle) {
            CubicKeyframe(.zero, duration: 0.58)
            CubicKeyframe(.degrees(16), duration: 0.125)
            CubicKeyframe(.zero, duration: 0.125)
        }
    }
    let frames = stride(from: 0.0, through: timeline.duration, by: 1.0 / 60).map(timeline.value(time:))
    #expect(frames.contains { $0.scale > 1.5 })            // the bouncy spring overshoots
    #expect(abs(timeline.value(time: 0.705).angle.degrees - 16) < 1e-9)
}

// The article's animator: a second tap at 0.3 s, while the first still moves.
@Test func theSecondTapContinuesTheMotion() throws {
    let animator = KeyframeAnimator(initialValue: AnimationValues(), triggers: [0, 0.3]) { value in
        KeyframeTrack(\.scale) {
            CubicKeyframe(value.scale + 0.3, duration: 0.25)
            SpringKeyframe(1.0, spring: .bouncy)
        }
    }
    let run = animator.run(window: .range(from: 0, to: 2))
    // The first tap's motion, alone: what the screen shows until the second tap (frame 18).
    let first = KeyframeTimeline(initialValue: AnimationValues()) {
        KeyframeTrack(\.scale) {
            CubicKeyframe(1.3, duration: 0.25)
            SpringKeyframe(1.0, spring: .bouncy)
        }
    }
    let tap = run.frames[18]
    #expect(tap.time == 0.3)
    #expect(tap.value.scale == first.value(time: 0.3).scale)
    let velocity = try #require(tap.velocity).scale
    #expect(velocity != 0 && abs(velocity - first.velocity(time: 0.3).scale) <= 1e-12 * abs(velocity))
    #expect(run.frames.contains { $0.value.scale > 1.3 })   // going on up from the value shown
}
