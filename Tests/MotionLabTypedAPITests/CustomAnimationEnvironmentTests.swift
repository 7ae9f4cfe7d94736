import Foundation
import MotionLab
import Testing

// The documentation's pausable animation, as written for SwiftUI.
private struct PausableState<Value: VectorArithmetic>: AnimationStateKey {
    var paused = false
    var pauseTime: TimeInterval = 0.0

    static var defaultValue: Self { .init() }
}

extension AnimationContext {
    fileprivate var pausableState: PausableState<Value> {
        get { state[PausableState<Value>.self] }
        set { state[PausableState<Value>.self] = newValue }
    }
}

private struct PausableAnimation: CustomAnimation {
    let base: Animation

    func animate<V>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? where V: VectorArithmetic {
        let paused = context.environment.animationPaused

        let pausableState = context.pausableState
        var pauseTime = pausableState.pauseTime
        if pausableState.paused != paused {
            pauseTime = time - pauseTime
            context.pausableState = PausableState(paused: paused, pauseTime: pauseTime)
        }

        let effectiveTime = paused ? pauseTime : time - pauseTime
        let result = base.animate(value: value, time: effectiveTime, context: &context)
        return result
    }
}

private struct AnimationPausedKey: EnvironmentKey {
    static let defaultValue = false
}

extension EnvironmentValues {
    fileprivate var animationPaused: Bool {
        get { self[AnimationPausedKey.self] }
        set { self[AnimationPausedKey.self] = newValue }
    }
}

@Suite struct CustomAnimationEnvironmentTests {
    /// A linear move of 100 over 1 s, paused from 0.5 s to 1 s: it holds 50 while paused, then
    /// resumes where it stopped and ends half a second late.
    @Test func pausableAnimationHoldsWhileTheEnvironmentSaysSo() {
        var animator = Animator(value: 0.0)
        animator.setValue(100, animation: Animation(PausableAnimation(base: .linear(duration: 1))), at: 0)
        var samples: [Int: Double] = [:]
        for frame in 1...120 {
            if frame == 30 { animator.environment.animationPaused = true }
            if frame == 60 { animator.environment.animationPaused = false }
            animator.update(at: Double(frame) / 60)
            samples[frame] = animator.presentedValue
        }
        #expect(abs(samples[15]! - 25) < 1e-9)
        for frame in 30...60 { #expect(abs(samples[frame]! - 50) < 1e-9, "frame \(frame)") }
        #expect(abs(samples[75]! - 75) < 1e-9)
        #expect(abs(samples[90]! - 100) < 1e-9)
        let removed = animator.events.first { $0.kind == .removed }
        #expect(removed?.time == 91.0 / 60)
    }

    /// An animator driven for a long time keeps only the transactions in flight when its events
    /// are drained every frame. Each 0.04 s linear animation (2.4 frames) is removed on its 3rd
    /// frame, before the next one 4 frames later, so every transaction completes. (A 0.05 s one is
    /// still shown on its 3rd frame, 3/60 = 0.05, and would meet the next transaction first: the
    /// combination, and its transactions, would never end.)
    @Test func animatorMemoryStaysBounded() {
        var animator = Animator(value: 0.0)
        var largest = 0, seen = 0
        for frame in 0..<200_000 {
            let time = Double(frame) / 60
            if frame % 2 == 0 {
                animator.setValue(Double(frame % 7), animation: frame % 4 == 0 ? .linear(duration: 0.04) : nil, at: time)
            }
            animator.update(at: time)
            seen += animator.drainEvents().count
            largest = max(largest, animator.transactionsInFlight)
        }
        #expect(animator.events.isEmpty)
        #expect(largest <= 16)
        // Every transaction fires both completions, but for the last few still in flight.
        #expect(seen >= 2 * (100_000 - largest))
    }
}
