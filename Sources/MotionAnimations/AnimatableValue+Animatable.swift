/// A dynamic value is its own animatable data, so scenario files run on the typed engine.
extension AnimatableValue: Animatable {}
