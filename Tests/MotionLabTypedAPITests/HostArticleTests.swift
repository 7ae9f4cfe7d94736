import MotionLab
import Testing

// The test of the DocC article "SwiftUI state changes, headless" (MotionAnimations), as the
// article prints it.
@Test func theEmojiGoesUpAndComesBack() {
    let host = AnimationHost()
    @HostState(host) var offset = 0.0
    var completedAt: Double?

    host.at(0) {                                   // the tap
        withAnimation(.bouncy) {
            offset = -200.0
        } completion: {
            completedAt = host.time
            withAnimation {
                offset = 0.0
            }
        }
    }
    let frames = host.run(through: 2.5) { $offset.presentedValue }

    #expect(completedAt == 0.5)                    // .bouncy's response
    #expect(frames.contains { $0.value < -200 })   // it overshoots on the way up
    #expect(frames.last?.value == 0)               // and has settled back
    #expect(offset == 0)                           // the model value, as `offset` reads in SwiftUI
}
