import Foundation
import MotionAnimations
import Testing

// Apple's `CustomAnimation` examples, as the documentation writes them. `PausableAnimation`, which
// reads the environment, is in MotionLabTypedAPITests (CustomAnimationEnvironmentTests).

struct ElasticEaseInEaseOutAnimation: CustomAnimation {
    let duration: TimeInterval

    func animate<V>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? where V : VectorArithmetic {
        if time > duration { return nil } // The animation has finished.

        let p = time / duration
        let s = sin((20 * p - 11.125) * ((2 * Double.pi) / 4.5))
        if p < 0.5 {
            return value.scaled(by: -(pow(2, 20 * p - 10) * s) / 2)
        } else {
            return value.scaled(by: (pow(2, -20 * p + 10) * s) / 2 + 1)
        }
    }
}

extension Animation {
    static var elasticEaseInEaseOut: Animation { elasticEaseInEaseOut(duration: 0.35) }
    static func elasticEaseInEaseOut(duration: TimeInterval) -> Animation {
        Animation(ElasticEaseInEaseOutAnimation(duration: duration))
    }
}

@Suite("Apple's CustomAnimation examples")
struct CustomAnimationExampleTests {
    /// The elastic curve overshoots, ends exactly at the target (p = 1 gives 2⁰·sin(…)/2 + 1 with
    /// sin((20 − 11.125)·2π/4.5) = sin(4π·… ) ≈ 0), and the animator snaps to the model after 5 s.
    @Test func elasticEaseInEaseOut() {
        let scenario = AnimationScenario(initialValue: 0.0, transactions: [
            AnimationTransaction(time: 0, value: 100, animation: .elasticEaseInEaseOut(duration: 5.0)),
        ])
        let run = scenario.run(window: .range(from: 0, to: 5.2))
        let values = run.frames.map(\.value)
        #expect(values.max()! > 100, "elastic overshoots")
        #expect(values.min()! < 0, "elastic undershoots at the start")
        // Frame k > 0 up to 5 s shows 100·f(t/5), f the example's function, exactly as computed here.
        for frame in run.frames where frame.time > 0 && frame.time <= 5 {
            var context = AnimationContext<Double>()
            let expected = ElasticEaseInEaseOutAnimation(duration: 5).animate(value: 100.0, time: frame.time, context: &context)!
            #expect(abs(frame.value - expected) <= 1e-12 * 100, "t = \(frame.time)")
        }
        // Removed on the first frame after 5 s: 301/60.
        #expect(run.events.map(\.kind) == [.logicallyComplete, .removed])
        #expect(run.events.map(\.time) == [Double]([301.0 / 60, 301.0 / 60]))
        #expect(run.frames.last!.value == 100)
        #expect(Animation.elasticEaseInEaseOut == Animation(ElasticEaseInEaseOutAnimation(duration: 0.35)))
    }
}
