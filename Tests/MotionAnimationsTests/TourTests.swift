import MotionAnimations
import Testing

/// The README's tour compiles and means what it says: the spring is combined with the delayed
/// ease at 0.2 s, and everything ends at the new model value 200 when the ease does.
@Suite("The README's tour")
struct TourTests {
    @Test func scenario() throws {
        let run = AnimationScenario(initialValue: 0.0, transactions: [
            AnimationTransaction(time: 0, value: 100, animation: .spring(response: 0.5, dampingFraction: 0.825)),
            AnimationTransaction(time: 0.2, value: 200, animation: try Animation(swiftUI: ".easeInOut.delay(0.1)")),
        ]).run(window: .range(from: 0, to: 1))
        #expect(run.frames.count == 61)
        #expect(run.frames.last?.value == 200)
        // The ease (0.35 s after a 0.1 s delay, from 0.2 s) ends after 0.65 s: removed on the next frame.
        #expect(run.duration == 40.0 / 60)
        #expect(run.springSegments.first?.end == .combined)
    }
}
