/// Where a repeating animation is: which cycle, and when that cycle began.
struct RepeatState: AnimationStateKey {
    /// The cycle, from 0.
    var index = 0
    /// The time at which the cycle began.
    var startTime = 0.0

    static var defaultValue: RepeatState { RepeatState() }
}
