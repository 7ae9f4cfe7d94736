/// A change of the model value at a time, with the animation to show it (nil: at once) —
/// `withAnimation(animation) { value = … }`.
public struct AnimationTransaction<Value: VectorArithmetic> {
    /// When the change happens; it takes effect on the frame of that time.
    public var time: Double
    /// The new model value.
    public var value: Value
    /// The animation, or nil for an immediate change.
    public var animation: Animation?

    public init(time: Double, value: Value, animation: Animation?) {
        self.time = time
        self.value = value
        self.animation = animation
    }
}

extension AnimationTransaction: Sendable where Value: Sendable {}
