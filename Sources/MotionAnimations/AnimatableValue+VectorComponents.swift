/// The components in the value's order (`AnimatableValue.components`).
extension AnimatableValue: VectorComponents {}
