/// `repeatCount(_:autoreverses:)` and `repeatForever(autoreverses:)`.
///
/// A cycle restarts on the sample at which the base finished, so each cycle is lengthened by up to
/// one frame; the whole state is reset at each restart (a spring restarts from rest). With
/// `autoreverses`, odd cycles run backwards (the interval minus the base's value), and the
/// reversals count towards ``repeatCount``; without it each cycle jumps back to the start.
public struct RepeatAnimation: CustomAnimationModifier {
    /// How many cycles to run, or nil to repeat forever.
    public let repeatCount: Int?
    /// Whether odd cycles run backwards.
    public let autoreverses: Bool

    public init(repeatCount: Int?, autoreverses: Bool) {
        self.repeatCount = repeatCount
        self.autoreverses = autoreverses
    }

    public func animate<V: VectorArithmetic>(base: Animation, value: V, time: Double,
                                             context: inout AnimationContext<V>) -> V? {
        var cycle = context.state[RepeatState.self]
        let reversed = cycle.index % 2 == 1 && autoreverses
        guard let a = base.animate(value: value, time: time - cycle.startTime, context: &context) else {
            context.state = AnimationState()
            cycle.index += 1
            cycle.startTime = time
            context.state[RepeatState.self] = cycle
            if let repeatCount, cycle.index >= repeatCount { return nil }
            return reversed ? .zero : value
        }
        return reversed ? value - a : a
    }
}
