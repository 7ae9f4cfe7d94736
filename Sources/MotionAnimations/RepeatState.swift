/// Where a repeating animation is: which cycle, and when that cycle began.
@usableFromInline
struct RepeatState: AnimationStateKey {
    /// The cycle, from 0.
    @usableFromInline var index = 0
    /// The time at which the cycle began.
    @usableFromInline var startTime = 0.0

    @inlinable
    init() {}

    @usableFromInline
    static var defaultValue: RepeatState { RepeatState() }
}
