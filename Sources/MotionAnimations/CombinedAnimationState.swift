/// The entries of a ``DefaultCombiningAnimation``: each one's cumulative target and its own
/// state, nil once the entry has finished.
struct CombinedAnimationState<Value: VectorArithmetic>: AnimationStateKey {
    struct Entry {
        var target: Value
        var state: AnimationState<Value>?
    }

    var entries: [Entry] = []

    static var defaultValue: CombinedAnimationState<Value> { CombinedAnimationState() }
}
