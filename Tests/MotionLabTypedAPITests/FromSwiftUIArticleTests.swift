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
