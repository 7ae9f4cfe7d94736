/// A change to how another animation runs: its time, its repetition, its logical completion
/// (SwiftUI's `CustomAnimationModifier`). ``CustomAnimationModifiedContent`` applies one to a base.
public protocol CustomAnimationModifier: Hashable, Sendable {
    /// The modified animation's value at `time`, computed from `base`. The default is `base` at
    /// ``baseTime(_:)``, all a modifier that only maps time (a delay, a speed) needs.
    func animate<V: VectorArithmetic>(base: Animation, value: V, time: Double,
                                      context: inout AnimationContext<V>) -> V?

    /// The base animation's time when the modified animation's time is `time`; a merge asks the
    /// base at this time. The default is `time`.
    func baseTime(_ time: Double) -> Double
}

extension CustomAnimationModifier {
    public func baseTime(_ time: Double) -> Double { time }

    public func animate<V: VectorArithmetic>(base: Animation, value: V, time: Double,
                                             context: inout AnimationContext<V>) -> V? {
        base.animate(value: value, time: baseTime(time), context: &context)
    }
}
