/// Animations that run together because the later ones did not merge (SwiftUI's
/// `DefaultCombiningAnimation`).
///
/// Entry k started `elapsed` seconds into the animator and aims at its own cumulative target
/// T_k = T_{k−1} + Δ_k. Each frame the entries run in order, each from the *current* result of the
/// ones below it to its own target: r_k = r_{k−1} + A_k(T_k − r_{k−1}), a lerp from a moving start
/// for the scaling animations. An entry that has finished sits at its target. The combination
/// finishes when the last entry does, even if earlier ones are still moving.
///
/// On an animator's frame clock an entry's own time is the whole frames since it joined over fps,
/// so that an entry lasts the same frames wherever it joins.
public struct DefaultCombiningAnimation: CustomAnimation {
    /// One animation in the combination.
    public struct Entry: Hashable, Sendable {
        /// The animation.
        public var animation: Animation
        /// When it joined, on the animator's clock.
        public var elapsed: Double
    }

    /// The animations, oldest first.
    public internal(set) var entries: [Entry]
    /// The frame rate of the clock the entries joined on; nil: an entry's time is the animator's
    /// minus its join time.
    public internal(set) var fps: Double?

    init(entries: [Entry], fps: Double? = nil) {
        self.entries = entries
        self.fps = fps
    }

    /// The own time, at animator time `time` (whole frames over `fps`), of an entry that joined
    /// at `elapsed` (whole frames over `fps` too): the whole frames between them over `fps`.
    @inlinable
    static func localTime(_ time: Double, joinedAt elapsed: Double, fps: Double) -> Double {
        Double(frames(time, fps: fps) - frames(elapsed, fps: fps)) / fps
    }

    /// The whole frames a non-negative time of whole frames over `fps` stands for (the nearest).
    @inlinable
    static func frames(_ time: Double, fps: Double) -> Int { Int(time * fps + 0.5) }

    public func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
        // Taken out of the state while it changes, so that its arrays are not shared and copied.
        var combined = context.state.take(CombinedAnimationState<V>.self)
        defer { context.state[CombinedAnimationState<V>.self] = combined }
        let n = combined.entries.count
        guard n == entries.count else { return nil }
        var result = V.zero
        for i in 0..<n {
            let target = combined.entries[i].target
            guard let state = combined.entries[i].state else {
                result = target
                continue
            }
            combined.entries[i].state = AnimationState()
            var entryContext = AnimationContext<V>(state: state, isLogicallyComplete: context.isLogicallyComplete, environment: context.environment)
            let entryValue = target - result
            let elapsed = entries[i].elapsed
            let local = fps.map { Self.localTime(time, joinedAt: elapsed, fps: $0) } ?? time - elapsed
            let a = entries[i].animation.animate(value: entryValue, time: local, context: &entryContext)
            if let a {
                combined.entries[i].state = entryContext.state
                result = result + a
            } else {
                combined.entries[i].state = nil
                result = result + entryValue
            }
            if i == n - 1 {
                context.isLogicallyComplete = entryContext.isLogicallyComplete
                return a == nil ? nil : result
            }
        }
        return nil
    }

    /// `animation` (with `state`, covering `value` so far) combined with `newAnimation`, which
    /// joins at `elapsed` to cover `newValue` more.
    static func combine<V: VectorArithmetic>(_ animation: Animation, state: AnimationState<V>, value: V, elapsed: Double,
                                             newAnimation: Animation, newValue: V) -> (Animation, AnimationState<V>) {
        let joining = Entry(animation: newAnimation, elapsed: elapsed)
        if let combining = animation.base as? DefaultCombiningAnimation {
            var state = state
            state[CombinedAnimationState<V>.self].entries.append(.init(target: value + newValue, state: AnimationState()))
            return (Animation(DefaultCombiningAnimation(entries: combining.entries + [joining])), state)
        }
        var combined = AnimationState<V>()
        combined[CombinedAnimationState<V>.self] = CombinedAnimationState(entries: [
            .init(target: value, state: state),
            .init(target: value + newValue, state: AnimationState()),
        ])
        return (Animation(DefaultCombiningAnimation(entries: [Entry(animation: animation, elapsed: 0), joining])), combined)
    }
}
